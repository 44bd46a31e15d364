/**
 * A payment the order cannot keep as it stands (docs/decisions/077, 112): one that arrives after
 * the order's hold ended takes its seats again when they are free, else the order ends expired
 * and its refund is queued in the payment's transaction; so does one whose coupon may not be used.
 */
import { eq, sql } from 'drizzle-orm'
import type { Tx } from '~/db/query.server'
import { catalogItems, orders } from '~/db/schema.server'
import { enqueue } from '~/jobs/queue.server'
import { log } from '~/log.server'
import type { CouponRefusal } from '~/models/coupons/use.server'
import { issueInvoice } from '../invoices/issue.server'
import { seatsFreeFor } from './reserve.server'
import { enqueueSettle } from './settle.server'
import type { CREDIT_SPENT } from './upgrade-credit.server'

type Order = typeof orders.$inferSelect

/**
 * What the payment tells about the buyer and the charge (its billing address, tax, any tax the
 * provider added), written to the order whatever becomes of it.
 */
export type BuyerFields = Partial<
	Pick<Order, 'email' | 'customerName' | 'paymentIntentId' | 'billing' | 'tax' | 'amountMinor'>
>

/**
 * A pending order whose reservation has not ended (by the database's clock) holds its seats: a
 * column read with the payment's lock on the order, in the same statement (decision 162).
 */
export const holdsSeatsNow = sql<boolean>`(${orders.status} = 'pending' AND ${orders.expiresAt} > now())`

/** The job that refunds a late payment with no seat left (background.server.ts). */
export const LATE_REFUND_JOB = 'checkout.refund-late'

/**
 * A payment for an order whose hold had ended (docs/decisions/077): its seats may have gone to
 * someone else. It takes them again when they are free ('paid': the caller records it as usual);
 * otherwise the order ends expired and its refund is queued in this transaction, once per order,
 * so the buyer is refunded (and told) even if this server stops now.
 */
export async function settleLatePayment(
	tx: Tx,
	order: Order,
	buyer: BuyerFields,
): Promise<'paid' | 'expired'> {
	if (await seatsFreeAgain(tx, order)) return 'paid'
	await refundInstead(tx, order, buyer, null)
	return 'expired'
}

/**
 * Whether the seats of an order whose hold ended are free for it again, under the seat locks
 * (a late payment here, a delayed one found late: docs/decisions/164).
 */
export async function seatsFreeAgain(tx: Tx, order: Order): Promise<boolean> {
	const [item] = await tx
		.select({
			code: catalogItems.code,
			courseSlug: catalogItems.courseSlug,
			capacity: catalogItems.capacity,
		})
		.from(catalogItems)
		.where(eq(catalogItems.code, order.itemCode))
	return Boolean(item && (await seatsFreeFor(tx, item, order.quantity)))
}

/**
 * A payment the order cannot keep: the order ends expired and its refund is queued in this
 * transaction, once per order; `couponRefusal` says why when it is the coupon's rule (decision
 * 112), else its seats were taken (077). The refund's notice reads the reason.
 */
export async function refundInstead(
	tx: Tx,
	order: Order,
	buyer: BuyerFields,
	couponRefusal: CouponRefusal | typeof CREDIT_SPENT | null,
): Promise<void> {
	// The money came in before it goes back (docs/decisions/150): the order keeps when it was
	// paid and gets its invoice, numbered by the settle job; its refund then gets a credit note
	// and a refund row (migration 0042), so gross and refunded both count it.
	const paidAt = new Date()
	await tx
		.update(orders)
		.set({
			status: 'expired',
			updatedAt: paidAt,
			paidAt,
			...buyer,
			...(couponRefusal ? { failureReason: couponRefusal } : {}),
		})
		.where(eq(orders.id, order.id))
	await issueInvoice(tx, { ...order, ...buyer, status: 'expired', paidAt })
	await enqueueSettle(tx, order.id, 'paid')
	await enqueue(
		tx,
		LATE_REFUND_JOB,
		{ orderId: order.id },
		{ dedupeKey: `late-refund:${order.id}` },
	)
	log.warn(
		couponRefusal
			? `Checkout ${order.id} was paid but its coupon or upgrade credit may not be used (${couponRefusal}): refunding it`
			: `Checkout ${order.id} was paid after its hold ended and its seats are taken: refunding it`,
	)
}
