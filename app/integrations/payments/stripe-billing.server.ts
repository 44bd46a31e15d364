/**
 * What a completed Stripe Checkout Session tells the invoice (docs/decisions/115): the billing
 * details the buyer typed on Stripe's page, and what Stripe Tax charged when it was on.
 */
import type Stripe from 'stripe'
import type { Billing, ChargedTax } from '~/domain/invoices/types'

export type CompletedSession = Pick<Stripe.Checkout.Session, 'customer_details' | 'amount_total'> &
	Partial<Pick<Stripe.Checkout.Session, 'amount_subtotal' | 'total_details' | 'automatic_tax'>>

/** The billing details the buyer gave on Stripe's page (docs/decisions/115). */
function billingOf(session: Pick<Stripe.Checkout.Session, 'customer_details'>): Billing | null {
	const details = session.customer_details
	if (!details) return null
	const address = details.address
	const lines = address
		? [
				address.line1,
				address.line2,
				[address.postal_code, address.city].filter(Boolean).join(' '),
				address.state,
			].filter((line): line is string => !!line)
		: []
	const vat = details.tax_ids?.find((taxId) => taxId.type === 'eu_vat') ?? details.tax_ids?.[0]
	const company = (details as { business_name?: string | null }).business_name ?? null
	const billing: Billing = {
		company,
		address: lines.length > 0 ? lines.join('\n') : null,
		country: address?.country ?? null,
		vatNumber: vat?.value ? vat.value.toUpperCase().replace(/[\s.-]/g, '') : null,
	}
	return Object.values(billing).some(Boolean) ? billing : null
}

/**
 * The tax Stripe Tax charged, when it was on for the session: the net, the tax and its rate
 * (derived: one line), and what it added on top of our price (prices without tax).
 */
function stripeTaxOf(session: CompletedSession): { tax: ChargedTax; addedTaxMinor: number } | null {
	if (!session.automatic_tax?.enabled) return null
	const taxMinor = session.total_details?.amount_tax ?? 0
	const total = session.amount_total ?? 0
	const added = Math.max(0, total - (session.amount_subtotal ?? total))
	const netMinor = total - taxMinor
	return {
		tax: {
			rateBasisPoints: netMinor > 0 ? Math.round((taxMinor * 10000) / netMinor) : 0,
			netMinor,
			taxMinor,
			reverseCharge: false,
			notes: [],
			pricesIncludeTax: added === 0,
			source: 'stripe',
		},
		addedTaxMinor: added,
	}
}

/** What a completed session adds to its event: billing details, and Stripe Tax's figures. */
export function completedDetails(session: CompletedSession) {
	const stripeTax = stripeTaxOf(session)
	return {
		billing: billingOf(session),
		tax: stripeTax?.tax ?? null,
		addedTaxMinor: stripeTax?.addedTaxMinor ?? 0,
	}
}
