/**
 * Delayed payment methods (docs/decisions/164): SEPA Direct Debit and the like complete Stripe's
 * session before the money comes, days later. Such an order stays pending and keeps holding its
 * seats, through the one hold rule every reservation follows (pending, `expires_at` ahead: 0015),
 * for DELAYED_PAYMENT_HOLD_DAYS; `awaiting_payment_since` says why. The money's arrival is a
 * completion like any card's (confirm.server.ts, the one paid path); a refused debit fails the
 * order and releases its seats, and so does the end of the hold with no answer: either way the
 * buyer is told, with a link to pay for the same items by card.
 */
import { eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { PUBLIC_ID } from '~/db/public-id.server'
import type { Tx } from '~/db/query.server'
import { catalogItems, orders } from '~/db/schema.server'
import { formatMoment } from '~/domain/dates'
import { orderTemplates, sendEmail } from '~/integrations/email/index.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { createLinkToken, verifyLinkToken } from '~/models/links/signed-token.server'
import { siteOrigin } from '~/site-origin.server'
import { type BuyerFields, seatsFreeAgain } from './late-payment.server'
import { orderKindOf } from './notices.server'

type Order = typeof orders.$inferSelect

/** How long the "pay by card" link of a failed delayed payment works. */
const PAY_AGAIN_DAYS = 30

/** Whether `order` waits for a delayed payment's money: pending, its payment under way. */
export function awaitsPayment(order: Pick<Order, 'status' | 'awaitingPaymentSince'>): boolean {
	return order.status === 'pending' && order.awaitingPaymentSince !== null
}

/**
 * A delayed payment was made for `order` (a completed session still unpaid): its seats are held
 * for DELAYED_PAYMENT_HOLD_DAYS from now and the buyer is told, once. One whose hold had already
 * ended (its webhook lost, found by reconciliation) takes its seats again only when they are
 * free (077); else it ends expired, and its money, should it come, goes the late-payment way.
 * The order's new status, or null when nothing changed (not pending, or already waiting).
 * `holding`: whether its hold had not ended, read with the order's lock (`holdsSeatsNow`, 162).
 */
export async function awaitPayment(
	tx: Tx,
	order: Order,
	buyer: BuyerFields,
	holding: boolean,
): Promise<'pending' | 'expired' | null> {
	if (order.status !== 'pending' || order.awaitingPaymentSince) return null
	const updatedAt = new Date()
	if (!holding && !(await seatsFreeAgain(tx, order))) {
		await tx
			.update(orders)
			.set({ status: 'expired', updatedAt, ...buyer })
			.where(eq(orders.id, order.id))
		return 'expired'
	}
	const days = getConfig().DELAYED_PAYMENT_HOLD_DAYS
	const [waiting] = await tx
		.update(orders)
		.set({
			awaitingPaymentSince: sql`now()`,
			expiresAt: sql`now() + make_interval(days => ${days})`,
			updatedAt,
			...buyer,
		})
		.where(eq(orders.id, order.id))
		.returning()
	if (waiting?.email) await sendEmail(tx, { to: waiting.email, ...(await onItsWay(tx, waiting)) })
	return 'pending'
}

async function itemOf(tx: Tx, order: Order) {
	const [item] = await tx
		.select({ name: catalogItems.name, type: catalogItems.type })
		.from(catalogItems)
		.where(eq(catalogItems.code, order.itemCode))
	return { itemName: item?.name ?? order.itemCode, kind: orderKindOf(item?.type ?? '') }
}

function testModeOf(order: Order): boolean {
	const provider = getPaymentProvider()
	return order.provider === provider.id && provider.testMode
}

// Both in the buyer's language (decision 177).
async function onItsWay(tx: Tx, order: Order) {
	return orderTemplates(order.locale).paymentOnItsWay({
		orderId: order.id,
		customerName: order.customerName,
		...(await itemOf(tx, order)),
		quantity: order.quantity,
		currency: order.currency,
		totalMinor: order.amountMinor,
		heldUntil: formatMoment(order.expiresAt, 'UTC', order.locale),
		testMode: testModeOf(order),
	})
}

/**
 * In the transaction that ends a delayed payment unpaid (`failed`: the bank refused it;
 * `expired`: no answer within the hold): the buyer is told that the seats went back, with a
 * link to pay for the same items by card. Once: the order leaves `pending` once.
 */
export async function sendDelayedPaymentEnded(
	tx: Tx,
	order: Order,
	because: 'failed' | 'expired',
): Promise<void> {
	if (!order.email) return
	const content = await orderTemplates(order.locale).delayedPaymentEnded({
		orderId: order.id,
		customerName: order.customerName,
		...(await itemOf(tx, order)),
		quantity: order.quantity,
		because,
		holdDays: getConfig().DELAYED_PAYMENT_HOLD_DAYS,
		payByCardUrl: payByCardUrl(order.id),
		testMode: testModeOf(order),
	})
	await sendEmail(tx, { to: order.email, ...content })
}

/** The signed link to start a card checkout for a failed delayed payment's items. */
function payByCardUrl(orderId: string, origin = siteOrigin()): string {
	const key = createLinkToken(
		{
			purpose: 'pay-by-card',
			subject: orderId,
			expiresAt: new Date(Date.now() + PAY_AGAIN_DAYS * 86_400_000),
		},
		getConfig().SESSION_SECRET,
	)
	return `${origin}/checkout/${orderId}/pay-by-card?key=${encodeURIComponent(key)}`
}

/** Whether `key` is order `orderId`'s "pay by card" link, unexpired. */
function isPayByCardLink(key: string | null, orderId: string): boolean {
	const link = verifyLinkToken(key, 'pay-by-card', getConfig().SESSION_SECRET)
	return link.ok && link.subject === orderId
}

/**
 * What the "pay by card" page of order `orderId` offers (its signed link, `key`): the same item,
 * quantity, region, coupon and language, to start a new checkout with; `status` alone for an order still
 * pending or paid (the page sends its visitor on); null for a key that is not this order's.
 */
export async function payByCardOffer(db: Db, orderId: string, key: string | null) {
	if (!PUBLIC_ID.test(orderId) || !isPayByCardLink(key, orderId)) return null
	const [row] = await db
		.select({ order: orders, item: { name: catalogItems.name, type: catalogItems.type } })
		.from(orders)
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(eq(orders.id, orderId))
	if (!row) return null
	const { order, item } = row
	return {
		id: order.id,
		status: order.status,
		code: order.itemCode,
		itemName: item.name,
		itemType: item.type,
		quantity: order.quantity,
		region: order.region,
		coupon: order.couponCode,
		locale: order.locale,
	}
}
