/**
 * What an invoice or credit note says (docs/decisions/115): a snapshot taken when it is issued,
 * so later changes to the seller's details, the catalog or the prices never alter it.
 */
import type { Locale } from '../locale'

/** The buyer's billing details as given at checkout (all optional: a private buyer gives none). */
export type Billing = {
	company: string | null
	/** Street, postcode and city, one line per line. */
	address: string | null
	/** ISO 3166-1 alpha-2, upper case. */
	country: string | null
	/** Normalised: country prefix, letters and digits only (e.g. DE123456789). */
	vatNumber: string | null
}

/**
 * The VAT an order was charged, stored on it when the tax was worked out at payment (VAT added
 * on top of the price by the sandbox, or Stripe Tax); null: the price included the VAT.
 */
export type ChargedTax = {
	rateBasisPoints: number
	netMinor: number
	taxMinor: number
	reverseCharge: boolean
	notes: string[]
	pricesIncludeTax: boolean
	source: 'table' | 'stripe'
}

export type Party = {
	name: string
	company: string | null
	address: string[]
	country: string | null
	vatNumber: string | null
	email: string | null
}

type InvoiceLine = {
	description: string
	quantity: number
	/** What one unit costs as the price was configured (with tax when prices include it). */
	unitMinor: number
	amountMinor: number
}

/** Net, tax and total for one rate. */
type TaxRow = {
	/** Basis points: 2100 is 21 %. */
	rateBasisPoints: number
	netMinor: number
	taxMinor: number
	totalMinor: number
}

export type InvoiceData = {
	kind: 'invoice' | 'credit_note'
	/** As printed, e.g. INV-000042. */
	number: string
	issuedAt: string
	orderId: string
	currency: string
	seller: Party
	buyer: Party
	lines: InvoiceLine[]
	/** A coupon's discount (a line of its own, taken off the lines' sum). */
	discountMinor: number
	/** How the coupon was applied, when there is more to say (docs/decisions/158); older: absent. */
	discountNote?: string | null
	taxes: TaxRow[]
	netMinor: number
	taxMinor: number
	totalMinor: number
	pricesIncludeTax: boolean
	reverseCharge: boolean
	/** Printed under the totals: the reverse charge, or why no VAT is charged. */
	notes: string[]
	/** A credit note: the invoice it cancels. */
	creditFor: string | null
	testMode: boolean
	/**
	 * An invoice issued before its money, to be paid by bank transfer (docs/decisions/163): the
	 * day it is due and where to pay. Absent on an invoice issued once paid.
	 */
	due?: InvoiceDue | null
	/**
	 * The language of the order (decision 174), which its PDF is written in; absent on an English
	 * one, and on every document issued before.
	 */
	locale?: Locale
}

/** Where and by when a bank transfer pays an invoice (docs/decisions/163). */
export type InvoiceDue = {
	/** The due date, a calendar day (`YYYY-MM-DD`) of the seller's zone. */
	day: string
	/** An RF creditor reference (ISO 11649), printed in groups of four. */
	reference: string
	holder: string
	iban: string
	bic: string | null
}
