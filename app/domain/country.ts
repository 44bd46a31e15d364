/**
 * Country info (SPEC §3): the pricing level and region of the visitor's country. Browser-safe:
 * the server answers it (country.server.ts) and the regional-pricing switch falls back to it.
 */
import { DEFAULT_LOCALE, type Locale } from './locale'
import { GLOBAL_REGION } from './pricing'

export type CountryInfo = {
	level: number
	details: {
		region: string
		discountPercent: number
		countryCode: string | null
		country: string | null
		city: string | null
		timezone: string | null
		source: 'header' | 'service' | 'offline' | null
	}
}

/** What any failed lookup answers: level 0 and region GLOBAL (SPEC §8). */
export const UNKNOWN_COUNTRY: CountryInfo = {
	level: 0,
	details: {
		region: GLOBAL_REGION,
		discountPercent: 0,
		countryCode: null,
		country: null,
		city: null,
		timezone: null,
		source: null,
	},
}

// Looked up once per language and code: every cached answer names its visitor's country
// (decision 160), and Intl's lookup was 1 % of one. At most 26 × 26 entries a language.
const namesByLocale = new Map<
	Locale,
	{ names: Intl.DisplayNames; byCode: Map<string, string | undefined> }
>()

/**
 * The name of a country code in `locale` ("DE" → "Germany", "Deutschland"), or undefined when
 * unknown.
 */
export function countryName(
	code: string | null | undefined,
	locale: Locale = DEFAULT_LOCALE,
): string | undefined {
	if (!code || !/^[A-Z]{2}$/.test(code)) return undefined
	let known = namesByLocale.get(locale)
	if (!known) {
		known = {
			names: new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }),
			byCode: new Map(),
		}
		namesByLocale.set(locale, known)
	}
	if (known.byCode.has(code)) return known.byCode.get(code)
	let name: string | undefined
	try {
		name = known.names.of(code)
		// CLDR names the user-assigned code ZZ ("Unknown Region"); it is no country.
		if (code === 'ZZ') name = undefined
	} catch {
		name = undefined
	}
	known.byCode.set(code, name)
	return name
}
