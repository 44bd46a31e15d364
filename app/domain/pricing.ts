/** Regional pricing rules and money formatting: pure functions, shared by server and browser. */

import { DEFAULT_LOCALE, type Locale } from './locale'

export const GLOBAL_REGION = 'GLOBAL'

/**
 * A regional price from the GLOBAL one: the level's discount, rounded to a whole major unit
 * (249 at 25 % off is 187, not 186.75) so prices read cleanly in every region.
 */
export function regionalAmountMinor(
	baseAmountMinor: number,
	discountPercent: number,
	minorPerMajor = 100,
): number {
	if (!Number.isInteger(baseAmountMinor) || baseAmountMinor < 0)
		throw new RangeError(`Invalid base amount: ${baseAmountMinor}`)
	if (!(discountPercent >= 0 && discountPercent <= 100))
		throw new RangeError(`Invalid discount: ${discountPercent}`)
	const discounted = (baseAmountMinor * (100 - discountPercent)) / 100
	return Math.round(discounted / minorPerMajor) * minorPerMajor
}

const minorUnits = new Map<string, number>()

/** How many minor units make one major unit of an ISO 4217 currency (USD 100, JPY 1). */
export function minorUnitsPerMajor(currency: string): number {
	let units = minorUnits.get(currency)
	if (units === undefined) {
		const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
			.maximumFractionDigits
		units = 10 ** (digits ?? 2)
		minorUnits.set(currency, units)
	}
	return units
}

/** Minor units (cents) to major units (dollars): 24900 USD is 249. */
export function toMajorUnits(amountMinor: number, currency: string): number {
	return amountMinor / minorUnitsPerMajor(currency)
}

/** "$249", or "$249.50" when there are cents. */
// One formatter per currency and kind of amount, made once: making an Intl.NumberFormat costs
// about 0.1 ms, and the overview of a year formats a few thousand amounts (decision 121).
const priceFormats = new Map<string, Intl.NumberFormat>()

/** "$249", "€1,234.50"; for a German reader (decision 173) "249 $", "1.234,50 €". */
export function formatPrice(
	amount: number,
	currency: string,
	locale: Locale = DEFAULT_LOCALE,
): string {
	const whole = Number.isInteger(amount)
	const key = `${currency}|${whole}|${locale}`
	let format = priceFormats.get(key)
	if (!format) {
		format = new Intl.NumberFormat(locale, {
			style: 'currency',
			currency,
			minimumFractionDigits: whole ? 0 : undefined,
		})
		priceFormats.set(key, format)
	}
	return format.format(amount)
}

/**
 * A region name from a query string: trimmed, upper-cased, and GLOBAL when empty, malformed or
 * not one of `known` (SPEC §9: the catalog's default region is GLOBAL).
 */
export function normalizeRegion(value: unknown, known: readonly string[]): string {
	if (typeof value !== 'string') return GLOBAL_REGION
	const region = value.trim().toUpperCase()
	return known.includes(region) ? region : GLOBAL_REGION
}

/** An amount in minor units as a price: 24900 USD → "$249". */
export function formatMinorPrice(
	amountMinor: number,
	currency: string,
	locale: Locale = DEFAULT_LOCALE,
): string {
	return formatPrice(toMajorUnits(amountMinor, currency), currency.toUpperCase(), locale)
}

/** A product of the catalog at the price of one region (SPEC §3). */
export type CatalogItem = {
	code: string
	type: string
	name: string
	description: string
	/** In major units (249, not 24900). */
	price: number
	currency: string
	region: string
	discountPercent: number
}
