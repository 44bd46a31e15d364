/**
 * Confirming payments (docs/decisions/030, 032): a verified webhook, a payment verification, the
 * site's own checkout page and a refund all produce a PaymentEvent and come here, whichever
 * provider sent it. The event id is stored in the same transaction as the change, so a second
 * delivery changes nothing; the order row is locked, and nextStatus() decides what an event
 * means in the order's current state, so out-of-order deliveries are harmless too.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { Tx } from '~/db/query.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { catalogItems, orders, paymentEvents } from '~/db/schema.server'
import { gifts } from '~/db/schema-gifts.server'
import { nextStatus, type OrderStatus, paymentMismatch } from '~/domain/checkout-rules'
import { foldEmail } from '~/domain/email-address'
import { EMAIL_MAX_LENGTH } from '~/forms/limits'
import {
	type Buyer,
	getPaymentProvider,
	type PaymentEvent,
} from '~/integrations/payments/index.server'
import { enqueueAll } from '~/jobs/queue.server'
import { log } from '~/log.server'
import { type CheckoutOutcome, countCheckout } from '~/metrics.server'
import { checkCouponAtPayment } from '~/models/coupons/use.server'
import { scheduleGiftOnPayment } from '~/models/gifts/gifts.server'
import { issueCreditNote, restRefundId } from '../invoices/credit-note.server'
import { issueInvoice } from '../invoices/issue.server'
import { addedTax } from '../invoices/tax.server'
import { awaitPayment, sendDelayedPaymentEnded } from './delayed-payment.server'
import { feeReadJobOf } from './fee.server'
import { holdsSeatsNow, refundInstead, settleLatePayment } from './late-payment.server'
import { sendRefundNotices } from './notices.server'
import { issuePasses } from './passes.server'
import { scheduleRecovery } from './recovery.server'
import { sendLateRefundNotice } from './refund-notice.server'
import { queueWaitlistOffers } from './seats-returned.server'
import { enqueueSettle, type Settling, settleAfterCommit, settleJobOf } from './settle.server'
import { cancelUnpaidTransfer } from './transfer-cancel.server'
import { CREDIT_SPENT, creditKeptAtPayment } from './upgrade-credit.server'

export type PaymentResult = {
	/** false: a duplicate event, an unknown order, or nothing to change. */
	changed: boolean
	orderId: string | null
	status: OrderStatus | null
}

/**
 * The order an event is about, as one SQL value: by the order id it names, else its session,
 * else its payment; null when none is known. Read in the statement that locks the order.
 */
function orderIdOfEvent(tx: Tx, event: PaymentEvent): SQL {
	const ways = [
		event.orderId ? eq(orders.id, event.orderId) : null,
		event.sessionId
			? and(eq(orders.provider, event.provider), eq(orders.providerSessionId, event.sessionId))
			: null,
		event.paymentIntentId ? eq(orders.paymentIntentId, event.paymentIntentId) : null,
	].flatMap((where) =>
		where ? [tx.select({ id: orders.id }).from(orders).where(where).limit(1)] : [],
	)
	return ways.length > 0 ? sql`coalesce(${sql.join(ways, sql`, `)})` : sql`NULL`
}

/**
 * A signed event that names an order it was not made for: someone may be trying to pay a large
 * order with a small payment. The operator's log says so loudly; no e-mail address goes in it.
 */
function alertMismatch(
	event: PaymentEvent,
	orderId: string,
	reason: string,
	order: { amountMinor: number; currency: string },
) {
	const charge = event.charge
	log.error(
		`ALERT payment mismatch: ${event.provider} ${event.type} event ${event.id} names order ${orderId} ` +
			`but is for ${reason} (session ${event.sessionId ?? '-'}, charged ${charge?.amountMinor ?? '-'} ` +
			`${charge?.currency ?? '-'} in mode ${charge?.mode ?? '-'}; the order is ${order.amountMinor} ` +
			`${order.currency}). Nothing was paid.`,
	)
}

/**
 * The buyer's address as the provider reports it, when it can be stored: trimmed, lower-cased
 * and no longer than SMTP carries (limits.ts). A longer one is dropped (the payment stands; the
 * receipt then has nowhere to go, which the log says).
 */
function storableEmail(email: string | null): string | null {
	const address = email && foldEmail(email)
	if (!address) return null
	if (address.length > EMAIL_MAX_LENGTH) {
		log.warn(`A payment reported a buyer e-mail of ${address.length} characters: not stored`)
		return null
	}
	return address
}

/**
 * Applies a payment event to its order, once; see the module comment. A paid or refunded order's
 * invoice or credit note is numbered and its receipt sent before this returns, or with `'by the
 * queue'` by the settle job, due at once (the webhook answers Stripe first, decision 186).
 */
export async function applyPaymentEvent(
	db: Db,
	event: PaymentEvent,
	settling: Settling = 'by the caller',
): Promise<PaymentResult> {
	const result = await db.transaction(async (tx): Promise<PaymentResult> => {
		// The order found and locked in one statement, with what the payment reads of its item and
		// gift, before the event is stored: every round trip here is one more wait for this
		// server's event loop with the order locked (issue 35 item 3). A second delivery of the
		// event waits for the lock, then finds the event stored and changes nothing.
		const [locked] = await tx
			.select({
				order: orders,
				holding: holdsSeatsNow,
				item: { name: catalogItems.name, type: catalogItems.type },
				gift: gifts,
			})
			.from(orders)
			.leftJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
			.leftJoin(gifts, eq(gifts.orderId, orders.id))
			.where(eq(orders.id, orderIdOfEvent(tx, event)))
			.for('update', { of: orders })
		const found = locked?.order.id ?? null
		const stored = await tx
			.insert(paymentEvents)
			.values({ id: event.id, provider: event.provider, type: event.type, orderId: found })
			.onConflictDoNothing()
			.returning({ id: paymentEvents.id })
		if (stored.length === 0 || !locked) return { changed: false, orderId: found, status: null }
		const { order } = locked
		const orderId = order.id
		const mismatch = paymentMismatch(order, event)
		if (mismatch) {
			alertMismatch(event, orderId, mismatch, order)
			return { changed: false, orderId, status: order.status }
		}
		const buyer = buyerFields(order, event)
		// A delayed payment under way: the order keeps its seats until its money comes (164).
		if (event.type === 'delayed') {
			const status = await awaitPayment(tx, order, buyer, locked.holding === true)
			return { changed: status !== null, orderId, status: status ?? order.status }
		}
		const next = nextStatus(order.status, event.type)
		if (!next) return { changed: false, orderId, status: order.status }
		const now = new Date()
		const charged = next === 'paid' ? chargedFields(order, event) : {}
		let couponBuyer: string | null = null
		if (next === 'paid') {
			const late = locked.holding !== true
			const use = await checkCouponAtPayment(tx, order, buyer.email ?? order.email, { late })
			if ('refused' in use) {
				await refundInstead(tx, order, { ...buyer, ...charged }, use.refused)
				return { changed: true, orderId, status: 'expired' }
			}
			couponBuyer = use.couponBuyer
			// Its upgrade credit, taken by another order while its hold had ended: refunded (171).
			if (!(await creditKeptAtPayment(tx, order, { late }))) {
				await refundInstead(tx, order, { ...buyer, ...charged }, CREDIT_SPENT)
				return { changed: true, orderId, status: 'expired' }
			}
			if (late) {
				const outcome = await settleLatePayment(tx, order, { ...buyer, ...charged })
				if (outcome !== 'paid') return { changed: true, orderId, status: outcome }
			}
		}
		await tx
			.update(orders)
			.set({
				status: next,
				updatedAt: now,
				...(next === 'paid' ? { paidAt: now, couponBuyer } : {}),
				// The session the database failed to store, now known by its payment (134).
				...(next === 'paid' && !order.providerSessionId && event.sessionId
					? { providerSessionId: event.sessionId }
					: {}),
				...(next === 'refunded' ? { refundedAt: now } : {}),
				...buyer,
				...charged,
			})
			.where(eq(orders.id, orderId))
		if (next === 'paid') {
			const { gift, item } = locked
			await issuePasses(tx, order, { gift: gift !== null, itemType: item?.type ?? null })
			// A gift: its seat link goes to the recipient on its day, by a durable job (166).
			if (gift) await scheduleGiftOnPayment(tx, gift)
			// Written here, so a paid order always has its invoice; numbered after the commit,
			// outside this transaction, then the receipt goes with its PDF (115, "Numbering").
			const paidOrder = { ...order, ...buyer, ...charged, status: next, paidAt: now }
			await issueInvoice(tx, paidOrder, null, item)
			// The safety net and the provider's fee, once it has settled the charge (124): one
			// statement for both jobs.
			await enqueueAll(tx, [settleJobOf(orderId, 'paid', settling), ...feeReadJobOf(orderId)])
		}
		// An automatic refund (077, 112) was paid too: its credit note like any refund's (150).
		if (next === 'refunded' && (order.status === 'paid' || order.paidAt)) {
			// Its last refund, what partial refunds left, recorded by the order's trigger (0032).
			await issueCreditNote(tx, orderId, restRefundId(orderId))
			await enqueueSettle(tx, orderId, 'refunded', settling)
		}
		// A delayed payment refused or never come: the buyer is told, with a card link (164).
		if (order.awaitingPaymentSince && (next === 'failed' || next === 'expired'))
			await sendDelayedPaymentEnded(tx, order, next)
		// A bank transfer ended unpaid: its invoice cancelled, its buyer told (decision 163).
		if (next === 'expired' && order.provider === 'transfer') await cancelUnpaidTransfer(tx, orderId)
		// Ended unpaid: one reminder to start again, if the buyer agreed to it (122).
		else if (next === 'expired' && order.status === 'pending')
			await scheduleRecovery(tx, order, storableEmail(event.recoveryEmail ?? null))
		// Seats came back: the people waiting get them first (docs/decisions/120).
		if (next === 'expired' || next === 'failed' || next === 'refunded')
			await queueWaitlistOffers(tx)
		// An expired order had its money refunded: a late payment with no seat left (077).
		if (next === 'refunded' && order.status === 'expired') await sendLateRefundNotice(tx, orderId)
		// Any other refund: the buyer and each pass holder are told, with the refund (113).
		else if (next === 'refunded') await sendRefundNotices(tx, orderId)
		return { changed: true, orderId, status: next }
	})
	// Its invoice or credit note numbered and its receipt sent, each in a short transaction
	// of its own: the counter row is never locked across this payment's transaction (115).
	if (
		settling === 'by the caller' &&
		result.changed &&
		result.orderId &&
		(result.status === 'paid' || result.status === 'refunded')
	)
		await settleAfterCommit(db, result.orderId)
	// This server's counters show the sale at once; the others within the cache lifetime.
	if (result.changed) invalidateSalesCache()
	// Still pending (a delayed payment under way, 164) is no outcome yet.
	if (result.changed && result.status && result.status !== 'pending')
		countCheckout(SETTLED_OUTCOME[result.status])
	return result
}

/** The metrics' name for an order's new status (a payment that failed was declined). */
const SETTLED_OUTCOME: Record<OrderStatus, CheckoutOutcome> = {
	pending: 'created',
	paid: 'paid',
	failed: 'declined',
	expired: 'expired',
	refunded: 'refunded',
}

type Order = typeof orders.$inferSelect

/** What a payment event tells us about the buyer, where the order does not know it yet. */
function buyerFields(order: Order, event: PaymentEvent) {
	const email = storableEmail(event.email)
	return {
		...(email && !order.email ? { email } : {}),
		...(event.name && !order.customerName ? { customerName: event.name.trim() } : {}),
		...(event.paymentIntentId ? { paymentIntentId: event.paymentIntentId } : {}),
	}
}

/**
 * What a completion tells us about the sale: the billing details the buyer gave and the VAT
 * added on top of the price, which the amount charged includes (docs/decisions/115).
 */
function chargedFields(order: Order, event: PaymentEvent) {
	const added = event.charge?.addedTaxMinor ?? 0
	return {
		...(event.billing ? { billing: event.billing } : {}),
		...(event.tax ? { tax: event.tax } : {}),
		...(added > 0 ? { amountMinor: order.amountMinor + added } : {}),
	}
}

/**
 * "Pay" with a good card on the site's own checkout page (/checkout/sandbox/:id): the same
 * path as a verified webhook. Nothing changes where the provider has no such page.
 */
export async function recordSandboxPayment(
	db: Db,
	orderId: string,
	buyer: Buyer,
): Promise<PaymentResult> {
	const page = getPaymentProvider().sitePage
	if (!page) return { changed: false, orderId, status: null }
	const [order] = await db
		.select({ amountMinor: orders.amountMinor, currency: orders.currency })
		.from(orders)
		.where(eq(orders.id, orderId))
	if (!order) return { changed: false, orderId, status: null }
	// Prices without VAT: the page adds the VAT of the buyer's country (docs/decisions/115).
	const tax = addedTax(order.amountMinor, buyer.billing ?? null)
	const charge = {
		...order,
		mode: 'payment',
		...(tax ? { amountMinor: order.amountMinor + tax.taxMinor, addedTaxMinor: tax.taxMinor } : {}),
	}
	return applyPaymentEvent(db, page.paid(orderId, buyer, charge, tax))
}
