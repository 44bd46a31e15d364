/**
 * The buyer's notice that a late payment is refunded (docs/decisions/077), or a payment whose
 * coupon may not be used (112): once per order,
 * through the claim on `refund_notice_sent_at`, and written in the transaction that records the
 * refund (docs/decisions/101), so the order never says refunded without its notice.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { Tx } from '~/db/query.server'
import { catalogItems, orders } from '~/db/schema.server'
import { orderTemplates, sendEmail } from '~/integrations/email/index.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { type CouponRefusal, couponRefusalOf } from '~/models/coupons/use.server'
import { restRefundId } from '../invoices/credit-note.server'
import { creditNoteUrlOf } from '../invoices/query.server'
import { CREDIT_SPENT } from './upgrade-credit.server'

/** Why a paid order was given back by the site: its coupon's rule, or its upgrade credit spent. */
type PaymentRefusal = CouponRefusal | typeof CREDIT_SPENT

const refusalOf = (reason: string | null): PaymentRefusal | null =>
	couponRefusalOf(reason) ?? (reason === CREDIT_SPENT ? CREDIT_SPENT : null)

/** A payment the site gave back by itself because the order's coupon or credit could not be used. */
export type AutomaticRefund = { because: PaymentRefusal; amountMinor: number; currency: string }

/**
 * Why order `orderId` was refunded without anyone asking, when it was its coupon's rule
 * (docs/decisions/112): the processing page tells its buyer so (decision 152), as the e-mail
 * does, rather than a bare "verification failed". Null for any other order.
 */
export async function automaticRefundOf(db: Db, orderId: string): Promise<AutomaticRefund | null> {
	const [order] = await db
		.select({
			status: orders.status,
			failureReason: orders.failureReason,
			amountMinor: orders.amountMinor,
			currency: orders.currency,
		})
		.from(orders)
		.where(eq(orders.id, orderId))
	const because = order ? refusalOf(order.failureReason) : null
	if (!order || !because || (order.status !== 'expired' && order.status !== 'refunded')) return null
	return { because, amountMinor: order.amountMinor, currency: order.currency }
}

/** Queues the notice unless it went already; false when it did, or there is no address. */
export async function sendLateRefundNotice(tx: Tx, orderId: string): Promise<boolean> {
	const [claimed] = await tx
		.update(orders)
		.set({ refundNoticeSentAt: sql`now()` })
		.where(and(eq(orders.id, orderId), isNull(orders.refundNoticeSentAt), isNotNull(orders.email)))
		.returning()
	if (!claimed?.email) return false
	const [item] = await tx
		.select({ name: catalogItems.name })
		.from(catalogItems)
		.where(eq(catalogItems.code, claimed.itemCode))
	const provider = getPaymentProvider()
	// In the buyer's language (decision 177).
	const content = await orderTemplates(claimed.locale).lateRefund({
		orderId,
		customerName: claimed.customerName,
		itemName: item?.name ?? claimed.itemCode,
		currency: claimed.currency,
		totalMinor: claimed.amountMinor,
		testMode: claimed.provider === provider.id && provider.testMode,
		because: refusalOf(claimed.failureReason) ?? 'seats-taken',
		// Issued in the transaction that recorded the refund, before this (confirm.server.ts);
		// none yet when the job tells the buyer before the provider has answered.
		creditNoteUrl: await creditNoteUrlOf(tx, restRefundId(orderId)),
	})
	await sendEmail(tx, { to: claimed.email, ...content })
	return true
}
