/**
 * How a pending order ends without being paid (docs/decisions/031): at its reservation's end,
 * when the provider says its session expired, or when the buyer cancels. An expired reservation
 * stops counting at once; the order is marked when anyone looks, and within a minute by the
 * periodic holds job (background.server.ts, docs/decisions/077) when nobody does.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { PUBLIC_ID } from '~/db/public-id.server'
import { orders } from '~/db/schema.server'
import { getPaymentProvider, type PaymentProviderId } from '~/integrations/payments/index.server'
import { log } from '~/log.server'
import { applyPaymentEvent, type PaymentResult } from './confirm.server'
import { awaitsPayment } from './delayed-payment.server'
import { forgoRecovery } from './recovery.server'

type Order = typeof orders.$inferSelect

/** One expiry event per order, however it is noticed, so a second notice changes nothing. */
export async function expireOrder(db: Db, orderId: string, provider: PaymentProviderId) {
	await applyPaymentEvent(db, {
		id: `expiry:${orderId}`,
		provider,
		type: 'expired',
		orderId,
		sessionId: null,
		paymentIntentId: null,
		email: null,
		name: null,
	})
}

/** Whether payment verification of `order` asks the provider (its session is remote). */
export function asksProvider(order: Pick<Order, 'provider' | 'providerSessionId'>): boolean {
	const provider = getPaymentProvider()
	return Boolean(
		order.provider === provider.id && order.providerSessionId && provider.lookUpSession,
	)
}

/**
 * Payment verification of a pending order: a provider that can look its session up is asked
 * (so a lost webhook does not strand a buyer) and is the judge of when it expires; otherwise
 * the order expires with its reservation.
 */
export async function verifyPendingOrder(db: Db, order: Order): Promise<void> {
	const provider = getPaymentProvider()
	if (asksProvider(order) && provider.lookUpSession) {
		const event = await provider.lookUpSession(order.providerSessionId!)
		// A delayed payment still on its way when its hold ends is given up (decision 164).
		const givenUp =
			event?.type === 'delayed' && awaitsPayment(order) && order.expiresAt.getTime() <= Date.now()
		if (event?.type === 'expired' || givenUp) await expireOrder(db, order.id, provider.id)
		else if (event) await applyPaymentEvent(db, { ...event, orderId: order.id })
		// null: the session is still open there.
		return
	}
	if (order.expiresAt.getTime() <= Date.now())
		await expireOrder(db, order.id, order.provider as PaymentProviderId)
}

/**
 * Ends a pending order: its provider session first, so it can no longer be paid, then the order,
 * releasing its seats at once. A session that was paid meanwhile is recorded as paid instead.
 */
export async function endPendingOrder(db: Db, order: Order): Promise<void> {
	const provider = getPaymentProvider()
	// A delayed payment's session is complete, past expiring: the provider says how it stands.
	if (awaitsPayment(order)) return verifyPendingOrder(db, order)
	if (order.provider === provider.id && order.providerSessionId && provider.expireSession) {
		try {
			await provider.expireSession(order.providerSessionId)
		} catch (error) {
			// Already paid or expired there: verification settles which.
			log.warn(
				`Checkout ${order.id}: the session could not be expired: ${(error as Error).message}`,
			)
			await verifyPendingOrder(db, order)
			return
		}
	}
	await expireOrder(db, order.id, order.provider as PaymentProviderId)
}

/** The buyer came back through the provider's cancel link. */
export async function cancelCheckout(db: Db, id: string): Promise<void> {
	if (!PUBLIC_ID.test(id)) return
	const [order] = await db.select().from(orders).where(eq(orders.id, id))
	// A delayed payment under way is paid already as far as the buyer can tell (decision 164).
	if (order?.status !== 'pending' || awaitsPayment(order)) return
	// The link is the payment provider's: an order paid another way since (a bank transfer,
	// decision 163) is not its checkout any more, and waits for its money until its due date.
	if (order.provider !== getPaymentProvider().id) return
	// They chose to leave: no reminder to come back (docs/decisions/122).
	await forgoRecovery(db, order.id)
	await endPendingOrder(db, order)
}

/**
 * "Cancel" on the site's own checkout page (/checkout/sandbox/:id): the checkout expires now and
 * its seats go back, through the same path as a verified webhook.
 */
export async function cancelSandboxCheckout(db: Db, orderId: string): Promise<PaymentResult> {
	const page = getPaymentProvider().sitePage
	if (!page) return { changed: false, orderId, status: null }
	await forgoRecovery(db, orderId)
	return applyPaymentEvent(db, page.cancelled(orderId))
}
