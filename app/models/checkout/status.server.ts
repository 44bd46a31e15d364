/**
 * What a checkout is now (SPEC §7 GET /checkout/{id} → `{ link, status, data }`): the order, its
 * item and its passes, after payment verification of a pending one.
 */

import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { PUBLIC_ID } from '~/db/public-id.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import type { OrderStatus } from '~/domain/checkout-rules'
import { couponNote } from '~/domain/coupon-note'
import { toMajorUnits } from '~/domain/pricing'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { createLinkToken, verifyLinkToken } from '~/models/links/signed-token.server'
import { creditLineOf } from '../invoices/upgrade-credit-line.server'
import { awaitsPayment } from './delayed-payment.server'
import { asksProvider, expireOrder, verifyPendingOrder } from './expire.server'
import { type QueuePlace, queuePlace } from './queue.server'

export type CheckoutView = {
	link: string | null
	/** `queued`: pending, its seats held, its payment page waiting for its turn (decision 161). */
	status: OrderStatus | 'queued'
	/** While queued: the buyer's place (1: next) and about how many seconds until their page. */
	queue?: QueuePlace
	data: {
		id: string
		type: string
		code: string
		name: string
		quantity: number
		/** Major units, like the catalog. */
		amount: number
		amountMinor: number
		/** Given back so far (partial refunds, docs/decisions/123), minor units; 0 when none. */
		refundedMinor: number
		discountMinor: number
		currency: string
		provider: string
		email: string | null
		expiresAt: string
		paidAt: string | null
		/**
		 * A delayed payment on its way (docs/decisions/164): until when its seats are held for
		 * its money. Null for any other order.
		 */
		awaitingPaymentUntil: string | null
		/** The pass ids, once paid. */
		passes: string[]
	}
}

/**
 * What anyone but the buying browser learns of a checkout (docs/decisions/068): whether it is
 * paid. Passes, the buyer's e-mail address and what was bought go to the buyer only.
 */
export type PublicCheckoutView = { status: CheckoutView['status']; data: { id: string } }

export function publicCheckoutView(view: CheckoutView): PublicCheckoutView {
	return { status: view.status, data: { id: view.data.id } }
}

/** Whether `key` is the signed order link of order `orderId`'s receipt (docs/decisions/118). */
export function isOrderLink(key: string | null, orderId: string): boolean {
	const link = verifyLinkToken(key, 'order', getConfig().SESSION_SECRET)
	return link.ok && link.subject === orderId
}

/** How long a checkout's handover stays good: it is followed at once, by a redirect. */
const HANDOVER_MINUTES = 10

/**
 * The key that hands checkout `orderId` to the browser that started it outside `/checkout`,
 * where its `checkouts` cookie cannot be read (docs/decisions/182).
 */
export function checkoutHandoverKey(orderId: string, now = Date.now()): string {
	const expiresAt = new Date(now + HANDOVER_MINUTES * 60_000)
	return createLinkToken(
		{ purpose: 'checkout-handover', subject: orderId, expiresAt },
		getConfig().SESSION_SECRET,
	)
}

/** Whether `key` hands checkout `orderId` over, and has not expired. */
export function isCheckoutHandover(key: string | null, orderId: string): boolean {
	const link = verifyLinkToken(key, 'checkout-handover', getConfig().SESSION_SECRET)
	return link.ok && link.subject === orderId
}

async function loadCheckoutView(db: Db, id: string): Promise<CheckoutView | null> {
	const [row] = await db
		.select({ order: orders, item: { type: catalogItems.type, name: catalogItems.name } })
		.from(orders)
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(eq(orders.id, id))
	if (!row) return null
	const { order, item } = row
	const passIds =
		order.status === 'paid'
			? (
					await db
						.select({ id: passes.id })
						.from(passes)
						.where(eq(passes.orderId, id))
						.orderBy(passes.createdAt, passes.id)
				).map((pass) => pass.id)
			: []
	return {
		link: order.status === 'pending' ? order.link : null,
		status: order.status,
		data: {
			id: order.id,
			type: item.type,
			code: order.itemCode,
			name: item.name,
			quantity: order.quantity,
			amount: toMajorUnits(order.amountMinor, order.currency),
			amountMinor: order.amountMinor,
			refundedMinor: order.refundedMinor,
			discountMinor: order.discountMinor,
			currency: order.currency,
			provider: order.provider,
			email: order.email,
			expiresAt: order.expiresAt.toISOString(),
			paidAt: order.paidAt?.toISOString() ?? null,
			awaitingPaymentUntil: awaitsPayment(order) ? order.expiresAt.toISOString() : null,
			passes: passIds,
		},
	}
}

/**
 * Claims the next provider look-up of a pending order: true for at most one caller per
 * CHECKOUT_VERIFY_INTERVAL_SECONDS, on every app server alike (one conditional UPDATE on the
 * order row; docs/decisions/033). Polls in between answer what the database knows: webhooks
 * still settle the order at once.
 */
async function claimVerification(db: Db, id: string): Promise<boolean> {
	const seconds = getConfig().CHECKOUT_VERIFY_INTERVAL_SECONDS
	const claimed = await db
		.update(orders)
		.set({ verifiedAt: sql`now()` })
		.where(
			and(
				eq(orders.id, id),
				eq(orders.status, 'pending'),
				or(
					isNull(orders.verifiedAt),
					lte(orders.verifiedAt, sql`now() - make_interval(secs => ${seconds})`),
				),
			),
		)
		.returning({ id: orders.id })
	return claimed.length > 0
}

/**
 * GET /checkout/{id}: the order, after asking the provider about a pending one (payment
 * verification), so a lost webhook does not strand a buyer; a pending order past its
 * reservation expires here. The provider is asked at most once per
 * CHECKOUT_VERIFY_INTERVAL_SECONDS per order, however many polls arrive. null: no such order.
 */
export async function getCheckout(db: Db, id: string): Promise<CheckoutView | null> {
	if (!PUBLIC_ID.test(id)) return null
	const view = await loadCheckoutView(db, id)
	if (view?.status !== 'pending') return view
	if (view.link === null) {
		const queue = await queuePlace(db, id)
		if (queue) return { ...view, status: 'queued', queue }
	}
	const [order] = await db.select().from(orders).where(eq(orders.id, id))
	if (!order) return view
	if (asksProvider(order) && !(await claimVerification(db, id))) return view
	await verifyPendingOrder(db, order)
	return loadCheckoutView(db, id)
}

/**
 * What the site's own checkout page (/checkout/sandbox/:id) shows; null when the configured
 * provider has no such page, or the order is not one of its sessions (not even older orders).
 */
export async function getSandboxCheckout(db: Db, id: string) {
	const provider = getPaymentProvider()
	if (!PUBLIC_ID.test(id) || !provider.sitePage) return null
	const view = await loadCheckoutView(db, id)
	if (view?.data.provider !== provider.id) return null
	const [order] = await db
		.select({
			unitAmountMinor: orders.unitAmountMinor,
			expiresAt: orders.expiresAt,
			couponCode: orders.couponCode,
			discountedQuantity: orders.discountedQuantity,
			couponOnBasePrice: orders.couponOnBasePrice,
			creditPassId: orders.creditPassId,
			creditMinor: orders.creditMinor,
		})
		.from(orders)
		.where(eq(orders.id, id))
	const expired = view.status === 'pending' && order!.expiresAt.getTime() <= Date.now()
	if (expired) await expireOrder(db, id, provider.id)
	return {
		...view,
		status: expired ? ('expired' as const) : view.status,
		unitAmountMinor: order!.unitAmountMinor,
		discountNote: couponNote({ ...order!, itemType: view.data.type, quantity: view.data.quantity }),
		// An upgrade credit's own line (docs/decisions/165).
		credit: await creditLineOf(db, order!),
	}
}
