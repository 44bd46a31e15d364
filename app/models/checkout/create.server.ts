/**
 * Creating a checkout (SPEC §7, docs/decisions/030, 031, 033, 107): price the item, replace the
 * buyer's older holds past their allowance, insert the pending order and check that its seats
 * fit under the seat lock in one statement, then open the provider's session after the commit,
 * so a slow provider never holds the lock.
 */
import { eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { newPublicId } from '~/db/public-id.server'
import { orders } from '~/db/schema.server'
import { couponNote } from '~/domain/coupon-note'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { formatMinorPrice } from '~/domain/pricing'
import { paymentNote } from '~/domain/upgrade-credit'
import type { GiftInput } from '~/forms/gift'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { saveGift } from '~/models/gifts/gifts.server'
import { localePath } from '~/utils/i18n'
import { buyerKey } from './buyer-key.server'
import { replaceOlderHolds } from './holds.server'
import { abandonUnstoredSession, failOpening } from './open-failure.server'
import { findPricedItem, priceWithCoupon } from './price.server'
import { insertOrderHoldingSeats } from './reserve.server'
import { claimUpgradeCredit } from './upgrade-credit.server'

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
	/**
	 * The buyer's client address (the route's context.clientIp), for the hold policy; absent
	 * (a checkout made by the operator's own code) holds outside any buyer's allowance.
	 */
	clientIp?: string
	/** An upgrade credit's link key (upgrade-credit.server.ts, docs/decisions/165). */
	upgradeKey?: string | null
	/** "This is a gift": its recipient, message and day (docs/decisions/166). */
	gift?: GiftInput | null
	/** The language of the page it was started on (decision 174); English when absent. */
	locale?: Locale
}

/**
 * Creates a pending order holding its seats, and the provider's session for it. Throws a
 * CheckoutError for anything the buyer can fix (or cannot buy); nothing is created then.
 */
export async function createCheckout(
	db: Db,
	input: CheckoutInput,
): Promise<{ id: string; link: string }> {
	return openProviderSession(db, await holdSeats(db, input))
}

/**
 * Creates the pending order holding its seats; returns what its provider session is opened
 * with (now, or in its turn: queue-open.server.ts). Throws a CheckoutError as createCheckout.
 */
export async function holdSeats(db: Db, input: CheckoutInput) {
	const config = getConfig()
	const provider = getPaymentProvider()
	const item = await findPricedItem(db, input)

	const id = newPublicId()
	const reservationMinutes = config.CHECKOUT_RESERVATION_MINUTES + provider.reservationGraceMinutes
	// The seat-hold policy (docs/decisions/033): this buyer's older holds past their allowance
	// go first, then the new one is checked against it under the lock.
	const holdKey = input.clientIp ? buyerKey(input.clientIp, config.SESSION_SECRET) : null
	await replaceOlderHolds(db, item, input.quantity, holdKey)
	// The order and its seats in one statement (reserve.server.ts), after its price. A coupon's
	// row stays locked until the order counting as its use commits, so an order naming a coupon
	// is written in a transaction around both; one without needs none, and its seat lock then
	// ends inside the database, never waiting for this process (docs/decisions/107).
	const writeOrder = async (q: Db) => {
		const price = await priceWithCoupon(q, item, input.quantity, input.coupon)
		const credit = input.upgradeKey
			? await claimUpgradeCredit(q, input.upgradeKey, {
					itemType: item.type,
					currency: item.currency,
					quantity: input.quantity,
					totalMinor: price.totalMinor,
				})
			: null
		const row = await insertOrderHoldingSeats(
			q,
			{
				id,
				itemCode: item.code,
				quantity: input.quantity,
				status: 'pending',
				region: input.region,
				amountMinor: price.totalMinor - (credit?.creditMinor ?? 0),
				unitAmountMinor: price.unitAmountMinor,
				discountMinor: price.discountMinor,
				currency: item.currency,
				couponCode: price.couponCode,
				discountedQuantity: price.discountedQuantity,
				couponOnBasePrice: price.couponOnBasePrice,
				creditPassId: credit?.passId ?? null,
				creditMinor: credit?.creditMinor ?? 0,
				// Paid under the address the credit's link was mailed to (decision 152's rule).
				email: credit?.email ?? null,
				// A coupon's partner is credited with its sales, over the partner cookie: the code
				// the buyer typed names the partner who sent them (docs/decisions/112).
				affiliate: price.partnerKey ?? (input.affiliate || null),
				attribution: input.attribution ?? {},
				locale: input.locale ?? DEFAULT_LOCALE,
				provider: provider.id,
				holdKey,
				expiresAt: sql`now() + make_interval(mins => ${reservationMinutes})`,
			},
			item,
		)
		if (input.gift) await saveGift(q, id, input.gift)
		return { ...row, price, credit }
	}
	// The upgrade credit's pass row, like a coupon's, stays locked until the order commits.
	const order =
		input.coupon || input.upgradeKey || input.gift
			? await db.transaction(writeOrder)
			: await writeOrder(db)
	const { price, credit } = order

	return {
		id,
		// The unit price charged: the full one when a coupon came off it instead of a regional one.
		item: { ...item, amountMinor: price.unitAmountMinor },
		quantity: input.quantity,
		totalMinor: order.amountMinor,
		discountNote: paymentNote(
			couponNote({ ...price, itemType: item.type, quantity: input.quantity }),
			credit && {
				passName: credit.passName,
				amount: formatMinorPrice(credit.creditMinor, item.currency),
			},
		),
		email: credit?.email ?? null,
		locale: input.locale ?? DEFAULT_LOCALE,
		origin: input.origin,
		// The session ends before the reservation does, so it cannot be paid for a seat that is
		// no longer held; Stripe wants at least 30 minutes from when it receives the request.
		sessionEndsAt: new Date(Date.now() + config.CHECKOUT_RESERVATION_MINUTES * 60_000),
	}
}

/**
 * Opens the provider's hosted page for the pending order `id`, which holds its seats already (a
 * new checkout, or a waiting-list offer: docs/decisions/120), and records its session. If the
 * provider fails, the order is marked failed and its seats go back at once. A rate limit that
 * outlasts the call's retries is a 503 with Retry-After (a CheckoutError), any other provider
 * failure a 502.
 */
export async function openProviderSession(
	db: Db,
	order: {
		id: string
		item: { name: string; description: string; amountMinor: number; currency: string }
		quantity: number
		totalMinor: number
		discountNote?: string | null
		origin: string
		sessionEndsAt: Date
		/** The address the order is paid under, when it names one already (decision 152). */
		email?: string | null
		/** The buyer's language, the hosted page's where it speaks it (decision 174). */
		locale?: Locale
	},
	/** What a provider failure does to the order: a new checkout fails (its seats go back). */
	onFailure: 'fail-order' | 'keep-order' = 'fail-order',
): Promise<{ id: string; link: string }> {
	const provider = getPaymentProvider()
	const { id, item } = order
	const locale = order.locale ?? DEFAULT_LOCALE
	let session: { sessionId: string; link: string }
	try {
		session = await provider.createSession({
			orderId: id,
			itemName: item.name,
			itemDescription: item.description,
			unitAmountMinor: item.amountMinor,
			quantity: order.quantity,
			totalMinor: order.totalMinor,
			discountNote: order.discountNote ?? null,
			currency: item.currency,
			// Back to the order's language (docs/decisions/176).
			successUrl: `${order.origin}${localePath(`/checkout/processing?id=${id}`, locale)}`,
			cancelUrl: `${order.origin}${localePath(`/checkout/processing?id=${id}&cancelled=1`, locale)}`,
			expiresAt: order.sessionEndsAt,
			origin: order.origin,
			customerEmail: order.email ?? null,
			locale,
		})
	} catch (error) {
		return failOpening(db, id, error, onFailure)
	}
	try {
		await db
			.update(orders)
			.set({ providerSessionId: session.sessionId, link: session.link, updatedAt: new Date() })
			.where(eq(orders.id, id))
	} catch (error) {
		await abandonUnstoredSession(db, id, session.sessionId, onFailure)
		throw error
	}
	return { id, link: session.link }
}
