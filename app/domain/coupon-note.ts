/** The words of how a coupon was applied to an order (docs/decisions/158). */
import { countOf, unitsOf } from './words'

/**
 * How an order's coupon was applied, when it was not simply taken off every unit at the price
 * shown: what the checkout, the payment page's line, the receipt and the invoice say beside the
 * discount (docs/decisions/158). Read from the order, so it stays true if the coupon changes.
 * Null for a plain discount, or none.
 */
export function couponNote(order: {
	couponCode: string | null
	itemType: string
	quantity: number
	discountedQuantity: number | null
	couponOnBasePrice: boolean
}): string | null {
	const { couponCode, quantity, discountedQuantity, couponOnBasePrice } = order
	if (!couponCode || (discountedQuantity === null && !couponOnBasePrice)) return null
	const units = unitsOf(order.itemType)
	const limited =
		discountedQuantity === null ? null : `${discountedQuantity} of ${countOf(quantity, units)}`
	const rest = discountedQuantity === null ? 0 : quantity - discountedQuantity
	const parts = [
		`coupon ${couponCode}`,
		couponOnBasePrice ? ` off the full price${limited ? ` of ${limited}` : ''}` : '',
		!couponOnBasePrice && limited ? ` on ${limited}` : '',
		couponOnBasePrice ? ': it does not combine with regional prices' : '',
		rest > 0 ? `; the other ${rest} at full price` : '',
	]
	return parts.join('')
}
