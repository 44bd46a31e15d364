/**
 * Upgrade credit (docs/decisions/165): what a paid day pass takes off the course. Pure, so the
 * checkout, the payment page, the invoice and their tests compute it one way.
 */

/** What one pass cost: its order's amount after any coupon, less VAT added on top, per pass. */
export function passNetMinor(order: {
	amountMinor: number
	quantity: number
	tax: { pricesIncludeTax: boolean; taxMinor: number } | null
}): number {
	const addedTax = order.tax && !order.tax.pricesIncludeTax ? order.tax.taxMinor : 0
	return Math.max(0, Math.floor((order.amountMinor - addedTax) / Math.max(1, order.quantity)))
}

/**
 * The credit an order gets: the pass's cost, never more than one seat as charged (after any
 * coupon: the credit is money paid already, so it comes off what the buyer would pay) nor the
 * order's total. A pass paid in another currency gives none.
 */
export function upgradeCreditMinor(input: {
	passMinor: number
	passCurrency: string
	currency: string
	quantity: number
	totalMinor: number
}): number {
	if (input.passCurrency !== input.currency) return 0
	const oneSeat = Math.floor(input.totalMinor / Math.max(1, input.quantity))
	return Math.max(0, Math.min(input.passMinor, oneSeat, input.totalMinor))
}

/** The credit's line on the payment page, the receipt and the invoice. */
export function upgradeCreditLabel(passName: string): string {
	return `Upgrade credit: your ${passName}`
}

/** The words the payment provider's one line carries: the coupon's note and the credit's. */
export function paymentNote(
	couponNote: string | null,
	credit: { passName: string; amount: string } | null,
): string | null {
	const creditNote = credit ? `${upgradeCreditLabel(credit.passName)} −${credit.amount}` : null
	return [couponNote, creditNote].filter(Boolean).join('; ') || null
}
