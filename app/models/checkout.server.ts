/**
 * Checkout, payments and seats (SPEC §4, §7; issue 4; docs/decisions/030, 031).
 *
 * Seats are held by rows, never by this process: creating a checkout locks the capacity row
 * (the course, or a pass item with its own capacity) with SELECT ... FOR UPDATE, counts paid
 * seats plus the reservations of pending checkouts that have not expired, and inserts the new
 * pending order in the same transaction. Every app server on one PostgreSQL takes that lock in
 * turn, so paid seats never exceed capacity; PGlite (one connection) runs transactions one at a
 * time, which is the same guarantee.
 */
import crypto from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { type Db, getDb } from '~/db/client.server'
import {
	catalogItems,
	catalogPrices,
	coupons,
	courses,
	orders,
	passes,
	paymentEvents,
} from '~/db/schema.server'
import {
	getPaymentProvider,
	type PaymentEvent,
	PaymentProviderError,
} from '~/integrations/payments/provider.server'
import {
	type Coupon,
	couponApplies,
	nextStatus,
	type OrderStatus,
	priceOrder,
	seatsFit,
} from './checkout-rules'
import { toMajorUnits } from './pricing'
import { invalidateSalesCache } from './read-cache.server'
import { sendReceipt } from './receipt.server'

/** A checkout refused: the route answers `status` with `Checkout failed: {reason}`. */
export class CheckoutError extends Error {
	name = 'CheckoutError'
	constructor(
		readonly status: number,
		readonly reason: string,
	) {
		super(reason)
	}
}

export const DEFAULT_CHECKOUT_REASON = 'Failed to process checkout'

/**
 * Extra minutes a reservation outlives its provider session: a Stripe completion delivered just
 * after the session's end still finds its seats held. The sandbox page is our own clock.
 */
function reservationGraceMinutes(provider: 'stripe' | 'sandbox'): number {
	return provider === 'stripe' ? 2 : 0
}

/** 16 random bytes, URL-safe: the unguessable ids of orders and passes. */
export function newPublicId(): string {
	return crypto.randomBytes(16).toString('base64url')
}

export const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/

export type CheckoutInput = {
	code: string
	quantity: number
	/** The item's type, when the client names it: must match the catalog. */
	type?: string
	/** Already checked against the visitor's own region by the route. */
	region: string
	coupon?: string | null
	affiliate?: string | null
	attribution?: Record<string, unknown>
	/** The site's origin, for the provider's return URLs. */
	origin: string
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

type ItemRow = {
	code: string
	type: string
	name: string
	description: string
	courseSlug: string | null
	capacity: number | null
	active: boolean
}

async function heldSeats(tx: Tx, where: ReturnType<typeof sql>): Promise<number> {
	const result = await tx.execute(
		sql`SELECT coalesce(sum(o.quantity), 0)::int AS held
			FROM orders o JOIN catalog_items c ON c.code = o.item_code
			WHERE (${where})
				AND (o.status = 'paid' OR (o.status = 'pending' AND o.expires_at > now()))`,
	)
	return Number(rowsOf(result)[0]?.held ?? 0)
}

// node-postgres and PGlite both answer { rows }, typed apart.
const rowsOf = (result: unknown): Record<string, unknown>[] =>
	((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[]

/**
 * Locks the capacity rows of `item` and checks that `quantity` more fit. Locks are taken in one
 * order (course, then item) so two checkouts never wait on each other crosswise.
 */
async function reserveSeats(tx: Tx, item: ItemRow, quantity: number): Promise<void> {
	if (item.courseSlug) {
		await tx
			.select({ slug: courses.slug })
			.from(courses)
			.where(eq(courses.slug, item.courseSlug))
			.for('update')
		const held = await heldSeats(tx, sql`c.course_slug = ${item.courseSlug}`)
		if (!seatsFit({ capacity: getConfig().COURSE_SLOTS, held, quantity }))
			throw new CheckoutError(409, 'sold out')
	}
	if (item.capacity !== null) {
		await tx
			.select({ code: catalogItems.code })
			.from(catalogItems)
			.where(eq(catalogItems.code, item.code))
			.for('update')
		const held = await heldSeats(tx, sql`o.item_code = ${item.code}`)
		if (!seatsFit({ capacity: item.capacity, held, quantity }))
			throw new CheckoutError(409, 'sold out')
	}
}

/** The coupon to apply, locked for this transaction; null when the code is none or unusable. */
async function usableCoupon(
	tx: Tx,
	code: string | null | undefined,
	{ itemCode, currency }: { itemCode: string; currency: string },
): Promise<Coupon | null> {
	if (!code) return null
	const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update')
	if (!coupon) return null
	const result = await tx.execute(
		sql`SELECT count(*)::int AS uses FROM orders
			WHERE coupon_code = ${code}
				AND (status = 'paid' OR (status = 'pending' AND expires_at > now()))`,
	)
	const uses = Number(rowsOf(result)[0]?.uses ?? 0)
	return couponApplies(coupon, { itemCode, currency, uses, now: new Date() }) ? coupon : null
}

/**
 * Creates a pending order holding its seats, and the provider's session for it. Throws a
 * CheckoutError for anything the buyer can fix (or cannot buy); nothing is created then.
 */
export async function createCheckout(input: CheckoutInput): Promise<{ id: string; link: string }> {
	const db = await getDb()
	const config = getConfig()
	const provider = getPaymentProvider()
	const [found] = await db
		.select({
			code: catalogItems.code,
			type: catalogItems.type,
			name: catalogItems.name,
			description: catalogItems.description,
			courseSlug: catalogItems.courseSlug,
			capacity: catalogItems.capacity,
			active: catalogItems.active,
			amountMinor: catalogPrices.amountMinor,
			currency: catalogPrices.currency,
		})
		.from(catalogItems)
		.leftJoin(
			catalogPrices,
			and(eq(catalogPrices.itemCode, catalogItems.code), eq(catalogPrices.region, input.region)),
		)
		.where(eq(catalogItems.code, input.code))
	if (!found?.active) throw new CheckoutError(404, `unknown product code '${input.code}'`)
	if (input.type !== undefined && input.type !== found.type)
		throw new CheckoutError(400, `'${input.code}' is not of type '${input.type}'`)
	if (found.amountMinor === null || found.currency === null)
		throw new CheckoutError(400, `'${input.code}' has no price in region ${input.region}`)
	const { amountMinor, currency } = found

	const id = newPublicId()
	const order = await db.transaction(async (tx) => {
		await reserveSeats(tx, found, input.quantity)
		const coupon = await usableCoupon(tx, input.coupon, { itemCode: found.code, currency })
		const price = priceOrder({ unitAmountMinor: amountMinor, quantity: input.quantity, coupon })
		const [row] = await tx
			.insert(orders)
			.values({
				id,
				itemCode: found.code,
				quantity: input.quantity,
				status: 'pending',
				region: input.region,
				amountMinor: price.totalMinor,
				unitAmountMinor: price.unitAmountMinor,
				discountMinor: price.discountMinor,
				currency,
				couponCode: price.couponCode,
				affiliate: input.affiliate || null,
				attribution: input.attribution ?? {},
				provider: provider.name,
				expiresAt: sql`now() + make_interval(mins => ${config.CHECKOUT_RESERVATION_MINUTES + reservationGraceMinutes(provider.name)})`,
			})
			.returning({ expiresAt: orders.expiresAt, amountMinor: orders.amountMinor })
		return row!
	})

	try {
		const session = await provider.createSession({
			orderId: id,
			itemName: found.name,
			itemDescription: found.description,
			unitAmountMinor: amountMinor,
			quantity: input.quantity,
			totalMinor: order.amountMinor,
			currency,
			successUrl: `${input.origin}/checkout/processing?id=${id}`,
			cancelUrl: `${input.origin}/checkout/processing?id=${id}&cancelled=1`,
			// The session ends before the reservation does, so it cannot be paid for a seat that is
			// no longer held; Stripe wants at least 30 minutes from when it receives the request.
			expiresAt: new Date(Date.now() + config.CHECKOUT_RESERVATION_MINUTES * 60_000),
			origin: input.origin,
		})
		await db
			.update(orders)
			.set({ providerSessionId: session.sessionId, link: session.link, updatedAt: new Date() })
			.where(eq(orders.id, id))
		return { id, link: session.link }
	} catch (error) {
		// The seats go back at once: a checkout that never reached the provider cannot be paid.
		await db
			.update(orders)
			.set({ status: 'failed', failureReason: (error as Error).message, updatedAt: new Date() })
			.where(eq(orders.id, id))
		console.error(`Checkout ${id}: the payment provider failed:`, (error as Error).message)
		if (error instanceof PaymentProviderError)
			throw new CheckoutError(502, 'the payment provider is unavailable, please try again')
		throw error
	}
}

export type PaymentResult = {
	/** false: a duplicate event, an unknown order, or nothing to change. */
	changed: boolean
	orderId: string | null
	status: OrderStatus | null
}

async function findOrderIdForEvent(db: Db | Tx, event: PaymentEvent): Promise<string | null> {
	if (event.orderId) {
		const [row] = await db
			.select({ id: orders.id })
			.from(orders)
			.where(eq(orders.id, event.orderId))
		if (row) return row.id
	}
	if (event.sessionId) {
		const [row] = await db
			.select({ id: orders.id })
			.from(orders)
			.where(
				and(eq(orders.provider, event.provider), eq(orders.providerSessionId, event.sessionId)),
			)
		if (row) return row.id
	}
	if (event.paymentIntentId) {
		const [row] = await db
			.select({ id: orders.id })
			.from(orders)
			.where(eq(orders.paymentIntentId, event.paymentIntentId))
		if (row) return row.id
	}
	return null
}

/**
 * Applies a payment event: a verified Stripe webhook, a payment verification, or the sandbox's
 * page all come here. The event id is stored in the same transaction as the change, so a second
 * delivery changes nothing; the order row is locked, and nextStatus() decides what an event
 * means in the order's current state, so out-of-order deliveries are harmless too.
 */
export async function applyPaymentEvent(event: PaymentEvent): Promise<PaymentResult> {
	const db = await getDb()
	const result = await db.transaction(async (tx): Promise<PaymentResult> => {
		const orderId = await findOrderIdForEvent(tx, event)
		const stored = await tx
			.insert(paymentEvents)
			.values({ id: event.id, provider: event.provider, type: event.type, orderId })
			.onConflictDoNothing()
			.returning({ id: paymentEvents.id })
		if (stored.length === 0 || !orderId) return { changed: false, orderId, status: null }
		const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
		if (!order) return { changed: false, orderId, status: null }
		const next = nextStatus(order.status, event.type)
		if (!next) return { changed: false, orderId, status: order.status }
		const now = new Date()
		await tx
			.update(orders)
			.set({
				status: next,
				updatedAt: now,
				...(next === 'paid' ? { paidAt: now } : {}),
				...(next === 'refunded' ? { refundedAt: now } : {}),
				...(event.email && !order.email ? { email: event.email.trim().toLowerCase() } : {}),
				...(event.name && !order.customerName ? { customerName: event.name.trim() } : {}),
				...(event.paymentIntentId ? { paymentIntentId: event.paymentIntentId } : {}),
			})
			.where(eq(orders.id, orderId))
		if (next === 'paid') await issuePasses(tx, order)
		return { changed: true, orderId, status: next }
	})
	if (result.changed) {
		// This server's counters show the sale at once; the others within the cache lifetime.
		invalidateSalesCache()
		if (result.status === 'paid' && result.orderId) await afterPayment(result.orderId)
	}
	return result
}

/** One pass per item bought, for items of type 'pass'; never twice for one order. */
async function issuePasses(tx: Tx, order: { id: string; itemCode: string; quantity: number }) {
	const [item] = await tx
		.select({ type: catalogItems.type })
		.from(catalogItems)
		.where(eq(catalogItems.code, order.itemCode))
	if (item?.type !== 'pass') return
	const [existing] = await tx
		.select({ count: sql<number>`count(*)::int` })
		.from(passes)
		.where(eq(passes.orderId, order.id))
	if (Number(existing?.count ?? 0) > 0) return
	await tx.insert(passes).values(
		Array.from({ length: order.quantity }, () => ({
			id: newPublicId(),
			orderId: order.id,
			itemCode: order.itemCode,
		})),
	)
}

/** After an order becomes paid: the receipt. A failure is logged; the payment stands. */
async function afterPayment(orderId: string) {
	try {
		await sendReceipt(orderId)
	} catch (error) {
		console.error(`The receipt for order ${orderId} could not be sent:`, error)
	}
}

export type CheckoutView = {
	link: string | null
	status: OrderStatus
	data: {
		id: string
		type: string
		code: string
		name: string
		quantity: number
		/** Major units, like the catalog. */
		amount: number
		amountMinor: number
		discountMinor: number
		currency: string
		provider: string
		email: string | null
		expiresAt: string
		paidAt: string | null
		/** The pass ids, once paid. */
		passes: string[]
	}
}

export async function loadCheckoutView(db: Db, id: string): Promise<CheckoutView | null> {
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
			discountMinor: order.discountMinor,
			currency: order.currency,
			provider: order.provider,
			email: order.email,
			expiresAt: order.expiresAt.toISOString(),
			paidAt: order.paidAt?.toISOString() ?? null,
			passes: passIds,
		},
	}
}

/**
 * GET /checkout/{id}: the order, after asking the provider about a pending one (payment
 * verification), so a lost webhook does not strand a buyer; a pending order past its
 * reservation expires here. null: no such order.
 */
export async function getCheckout(id: string): Promise<CheckoutView | null> {
	if (!PUBLIC_ID.test(id)) return null
	const db = await getDb()
	const view = await loadCheckoutView(db, id)
	if (view?.status !== 'pending') return view
	const [order] = await db.select().from(orders).where(eq(orders.id, id))
	if (!order) return view
	await verifyPendingOrder(order)
	return loadCheckoutView(db, id)
}

async function verifyPendingOrder(order: typeof orders.$inferSelect): Promise<void> {
	const provider = getPaymentProvider()
	if (order.provider === provider.name && order.providerSessionId && provider.name !== 'sandbox') {
		const state = await provider.getSessionState(order.providerSessionId)
		if (state.state === 'paid') {
			await applyPaymentEvent({
				id: `verify:${order.providerSessionId}:completed`,
				provider: provider.name,
				type: 'completed',
				orderId: order.id,
				sessionId: order.providerSessionId,
				paymentIntentId: state.paymentIntentId,
				email: state.email,
				name: state.name,
			})
			return
		}
		if (state.state === 'expired') {
			await expireOrder(order.id, order.provider as PaymentEvent['provider'])
			return
		}
		// Stripe still has it open: it is the judge of when it expires.
		return
	}
	if (order.expiresAt.getTime() <= Date.now())
		await expireOrder(order.id, order.provider as PaymentEvent['provider'])
}

async function expireOrder(orderId: string, provider: PaymentEvent['provider']) {
	await applyPaymentEvent({
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

/**
 * The buyer came back through the provider's cancel link: the session is ended there (so it can
 * no longer be paid) and the order expires, releasing its seats at once. A session that was paid
 * meanwhile is recorded as paid instead.
 */
export async function cancelCheckout(id: string): Promise<void> {
	if (!PUBLIC_ID.test(id)) return
	const db = await getDb()
	const [order] = await db.select().from(orders).where(eq(orders.id, id))
	if (order?.status !== 'pending') return
	const provider = getPaymentProvider()
	if (order.provider === provider.name && order.providerSessionId && provider.name !== 'sandbox') {
		try {
			await provider.expireSession(order.providerSessionId)
		} catch (error) {
			// Already paid or expired there: verification settles which.
			console.warn(`Checkout ${id}: the session could not be expired:`, (error as Error).message)
			await verifyPendingOrder(order)
			return
		}
	}
	await expireOrder(id, order.provider as PaymentEvent['provider'])
}

/** The sandbox page's "Pay" with a good card: the same path as a verified Stripe webhook. */
export async function recordSandboxPayment(
	orderId: string,
	buyer: { email: string; name?: string | null },
): Promise<PaymentResult> {
	return applyPaymentEvent({
		id: `sandbox:${orderId}:completed`,
		provider: 'sandbox',
		type: 'completed',
		orderId,
		sessionId: orderId,
		paymentIntentId: null,
		email: buyer.email,
		name: buyer.name ?? null,
	})
}

/** The sandbox page's "Cancel": the checkout expires now and its seats go back. */
export async function cancelSandboxCheckout(orderId: string): Promise<PaymentResult> {
	return applyPaymentEvent({
		id: `sandbox:${orderId}:expired`,
		provider: 'sandbox',
		type: 'expired',
		orderId,
		sessionId: orderId,
		paymentIntentId: null,
		email: null,
		name: null,
	})
}

/** What the sandbox page shows; null when there is no such sandbox order. */
export async function getSandboxCheckout(id: string) {
	// With Stripe configured the sandbox page does not exist, not even for older orders.
	if (!PUBLIC_ID.test(id) || getPaymentProvider().name !== 'sandbox') return null
	const db = await getDb()
	const view = await loadCheckoutView(db, id)
	if (view?.data.provider !== 'sandbox') return null
	const [order] = await db
		.select({ unitAmountMinor: orders.unitAmountMinor, expiresAt: orders.expiresAt })
		.from(orders)
		.where(eq(orders.id, id))
	const expired = view.status === 'pending' && order!.expiresAt.getTime() <= Date.now()
	if (expired) await expireOrder(id, 'sandbox')
	return {
		...view,
		status: expired ? ('expired' as const) : view.status,
		unitAmountMinor: order!.unitAmountMinor,
	}
}
