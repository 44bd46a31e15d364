/**
 * EU VAT for the sandbox and for Stripe mode without Stripe Tax (docs/decisions/115): the
 * standard rate of each member state (basis points, as published by the European Commission for
 * 2026), a per-country format check of VAT numbers (no VIES call: the site may have no internet,
 * and a format check is what the reverse charge needs from us at the moment of sale), and the
 * tax one order carries.
 */

/** Standard VAT rates, basis points (2100 = 21 %). Update here when a member state changes one. */
export const EU_VAT_RATES: Record<string, number> = {
	AT: 2000,
	BE: 2100,
	BG: 2000,
	CY: 1900,
	CZ: 2100,
	DE: 1900,
	DK: 2500,
	EE: 2400,
	ES: 2100,
	FI: 2550,
	FR: 2000,
	GR: 2400,
	HR: 2500,
	HU: 2700,
	IE: 2300,
	IT: 2200,
	LT: 2100,
	LU: 1700,
	LV: 2100,
	MT: 1800,
	NL: 2100,
	PL: 2300,
	PT: 2300,
	RO: 2100,
	SE: 2500,
	SI: 2200,
	SK: 2300,
}

/** Greece's VAT numbers start with EL, not its ISO code. */
const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country)

/** The part after the prefix, per country (the Commission's VIES formats). */
const VAT_FORMATS: Record<string, RegExp> = {
	AT: /^U\d{8}$/,
	BE: /^[01]\d{9}$/,
	BG: /^\d{9,10}$/,
	CY: /^\d{8}[A-Z]$/,
	CZ: /^\d{8,10}$/,
	DE: /^\d{9}$/,
	DK: /^\d{8}$/,
	EE: /^\d{9}$/,
	ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
	FI: /^\d{8}$/,
	FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
	GR: /^\d{9}$/,
	HR: /^\d{11}$/,
	HU: /^\d{8}$/,
	IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
	IT: /^\d{11}$/,
	LT: /^(\d{9}|\d{12})$/,
	LU: /^\d{8}$/,
	LV: /^\d{11}$/,
	MT: /^\d{8}$/,
	NL: /^\d{9}B\d{2}$/,
	PL: /^\d{10}$/,
	PT: /^\d{9}$/,
	RO: /^\d{2,10}$/,
	SE: /^\d{12}$/,
	SI: /^\d{8}$/,
	SK: /^\d{10}$/,
}

export const isEuCountry = (country: string | null | undefined): country is string =>
	!!country && country in EU_VAT_RATES

/** Upper case, no spaces, dots or dashes, the country's prefix in front. */
export function normaliseVatNumber(country: string, value: string): string {
	const compact = value.toUpperCase().replace(/[\s.-]/g, '')
	const prefix = vatPrefix(country.toUpperCase())
	// A number that starts with two letters has its prefix (French ones without it must have it).
	return /^[A-Z]{2}/.test(compact) ? compact : `${prefix}${compact}`
}

/** Whether `value` is a well-formed VAT number of the EU country `country`. */
export function wellFormedVatNumber(country: string, value: string): boolean {
	const code = country.toUpperCase()
	const format = VAT_FORMATS[code]
	if (!format || value.trim() === '') return false
	const normal = normaliseVatNumber(code, value)
	const prefix = vatPrefix(code)
	return normal.startsWith(prefix) && format.test(normal.slice(prefix.length))
}

export const REVERSE_CHARGE_NOTE =
	'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).'
export const OUTSIDE_EU_NOTE = 'No EU VAT: the buyer is outside the European Union.'

export type OrderTax = {
	rateBasisPoints: number
	netMinor: number
	taxMinor: number
	totalMinor: number
	reverseCharge: boolean
	notes: string[]
}

/**
 * The VAT on an amount (minor units) for a buyer: the rate of the buyer's EU country (digital
 * services are taxed where the buyer is), the seller's own rate when the buyer named no country,
 * none outside the EU, and the reverse charge (no VAT, a note) for a business in another EU
 * country with a well-formed VAT number. `pricesIncludeTax`: the amount is the gross (the tax is
 * taken out of it); otherwise the net (the tax comes on top).
 */
export function taxFor(input: {
	sellerCountry: string | null
	buyerCountry: string | null
	vatNumber: string | null
	amountMinor: number
	pricesIncludeTax: boolean
}): OrderTax {
	const { amountMinor, pricesIncludeTax } = input
	const untaxed = (notes: string[], reverseCharge = false): OrderTax => ({
		rateBasisPoints: 0,
		netMinor: amountMinor,
		taxMinor: 0,
		totalMinor: amountMinor,
		reverseCharge,
		notes,
	})
	if (!isEuCountry(input.sellerCountry)) return untaxed([])
	const buyerCountry = input.buyerCountry?.toUpperCase() || input.sellerCountry
	if (!isEuCountry(buyerCountry)) return untaxed([OUTSIDE_EU_NOTE])
	if (
		buyerCountry !== input.sellerCountry &&
		input.vatNumber &&
		wellFormedVatNumber(buyerCountry, input.vatNumber)
	)
		return untaxed([REVERSE_CHARGE_NOTE], true)
	const rate = EU_VAT_RATES[buyerCountry] ?? 0
	if (pricesIncludeTax) {
		const netMinor = Math.round((amountMinor * 10000) / (10000 + rate))
		return {
			rateBasisPoints: rate,
			netMinor,
			taxMinor: amountMinor - netMinor,
			totalMinor: amountMinor,
			reverseCharge: false,
			notes: [],
		}
	}
	const taxMinor = Math.round((amountMinor * rate) / 10000)
	return {
		rateBasisPoints: rate,
		netMinor: amountMinor,
		taxMinor,
		totalMinor: amountMinor + taxMinor,
		reverseCharge: false,
		notes: [],
	}
}
