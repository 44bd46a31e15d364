/**
 * Country info (SPEC §3): the pricing level and region of the visitor's country. Browser-safe:
 * the server answers it (country.server.ts) and the regional-pricing switch falls back to it.
 */
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

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
// Looked up once per code: every cached answer names its visitor's country (decision 160), and
// Intl's lookup was 1 % of one. At most 26 × 26 entries.
const namesByCode = new Map<string, string | undefined>()

/** The English name of a country code ("DE" → "Germany"), or undefined when unknown. */
export function countryName(code: string | null | undefined): string | undefined {
	if (!code || !/^[A-Z]{2}$/.test(code)) return undefined
	if (namesByCode.has(code)) return namesByCode.get(code)
	let name: string | undefined
	try {
		name = displayNames.of(code)
		// CLDR names the user-assigned code ZZ; it is no country.
		if (name === 'Unknown Region') name = undefined
	} catch {
		name = undefined
	}
	namesByCode.set(code, name)
	return name
}
