/**
 * Refunding a paid order in full (docs/decisions/032): the provider gives the money back and the
 * refund is confirmed like any other payment event, so the seats and passes go with it. Stripe
 * refunds through its API (its charge.refunded webhook then changes nothing twice); the sandbox
 * has no money to return and records the refund at once.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { PUBLIC_ID } from '~/db/public-id.server'
import { orders } from '~/db/schema.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { applyPaymentEvent, type PaymentResult } from './confirm.server'
import { CheckoutError } from './errors'

/**
 * Refunds the paid order `id`. Throws a CheckoutError when there is no such paid order, or when
 * the configured provider did not take its payment or cannot refund; a PaymentProviderError when
 * the provider fails. `changed: false` with status null: the provider reports the refund later.
 */
export async function refundCheckout(db: Db, id: string): Promise<PaymentResult> {
	if (!PUBLIC_ID.test(id)) throw new CheckoutError(404, 'no such order')
	const [order] = await db.select().from(orders).where(eq(orders.id, id))
	if (!order) throw new CheckoutError(404, 'no such order')
	if (order.status !== 'paid') throw new CheckoutError(409, `the order is ${order.status}`)
	const provider = getPaymentProvider()
	if (order.provider !== provider.id || !provider.refund)
		throw new CheckoutError(409, 'the payment provider cannot refund this order')
	const event = await provider.refund({ orderId: id, paymentIntentId: order.paymentIntentId })
	if (!event) return { changed: false, orderId: id, status: null }
	return applyPaymentEvent(db, event)
}
