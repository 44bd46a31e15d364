/**
 * The pure rules of a checkout: what an order costs with a coupon, and whether its seats fit.
 * No I/O, so every edge is unit tested; the step modules beside it feed them the database.
 */
export type Coupon = {
	code: string
	kind: 'percent' | 'fixed'
	/** percent: 1..100; fixed: minor units off the whole order, in `currency`. */
	amount: number
	currency: string | null
	/** Only for this item; null: any item. */
	itemCode: string | null
	active: boolean
	expiresAt: Date | null
	/** null: unlimited. */
	maxUses: number | null
	/** The products it is for (docs/decisions/112); empty or absent, with no itemCode: any. */
	itemCodes?: string[]
	/** Applies from this instant; null: from its creation. */
	startsAt?: Date | null
	/** false: a regional buyer pays the better of their regional price and the coupon on the full one. */
	combinesWithRegional?: boolean
	/** A percentage taken off at most this many units of one order; null or absent: every unit. */
	maxDiscountedUnits?: number | null
}

/** A code as stored and looked up: codes are one code whatever their case (decision 112). */
export function foldCouponCode(code: string): string {
	return code.trim().toLowerCase()
}

export type OrderPrice = {
	unitAmountMinor: number
	subtotalMinor: number
	discountMinor: number
	totalMinor: number
	/** The coupon that was applied; null when none applied. */
	couponCode: string | null
	/** How many units the coupon was taken off, when fewer than all (a per-order limit); else null. */
	discountedQuantity: number | null
	/** The coupon was taken off the full price, since it does not combine with a regional one. */
	couponOnBasePrice: boolean
}

/**
 * Whether `coupon` takes money off this order. A coupon that does not apply is ignored rather
 * than refused: X-Coupon may carry a partner key that is no coupon at all (SPEC §7).
 */
export function couponApplies(
	coupon: Coupon,
	{
		itemCode,
		currency,
		now,
		uses,
	}: { itemCode: string; currency: string; now: Date; uses: number },
): boolean {
	if (!coupon.active) return false
	if (coupon.startsAt && coupon.startsAt.getTime() > now.getTime()) return false
	if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return false
	if (coupon.maxUses !== null && uses >= coupon.maxUses) return false
	const items = [...(coupon.itemCodes ?? []), ...(coupon.itemCode ? [coupon.itemCode] : [])]
	if (items.length > 0 && !items.includes(itemCode)) return false
	if (coupon.kind === 'fixed' && coupon.currency !== currency) return false
	return true
}

/**
 * Whether a payment would be a one-per-buyer coupon's second use by one buyer: `paidUses` is how
 * many other paid orders of that buyer's mailbox used it. The e-mail address is known only at
 * payment, so this is checked there (decision 112).
 */
export function secondUseByBuyer(coupon: { onePerBuyer: boolean }, paidUses: number): boolean {
	return coupon.onePerBuyer && paidUses > 0
}

type PricedCoupon = Pick<Coupon, 'code' | 'kind' | 'amount'> &
	Pick<Coupon, 'combinesWithRegional' | 'maxDiscountedUnits'>

/**
 * The price of `quantity` items at `unitAmountMinor` each, in integer minor units. A percent
 * coupon rounds its discount to the nearest minor unit, and takes it off at most its
 * `maxDiscountedUnits` units; a fixed one never takes the total below 0. `baseUnitAmountMinor`:
 * the full (GLOBAL) price, when `unitAmountMinor` is a regional one. A coupon that does not
 * combine with regional prices then leaves the buyer the better of the two: the regional price
 * without it, or the full price with it (docs/decisions/158).
 */
export function priceOrder({
	unitAmountMinor,
	baseUnitAmountMinor = unitAmountMinor,
	quantity,
	coupon,
}: {
	unitAmountMinor: number
	baseUnitAmountMinor?: number
	quantity: number
	coupon: PricedCoupon | null
}): OrderPrice {
	for (const amount of [unitAmountMinor, baseUnitAmountMinor])
		if (!Number.isSafeInteger(amount) || amount < 0)
			throw new RangeError(`Invalid unit amount: ${amount}`)
	if (!Number.isSafeInteger(quantity) || quantity < 1)
		throw new RangeError(`Invalid quantity: ${quantity}`)
	const regional = baseUnitAmountMinor !== unitAmountMinor
	if (coupon?.combinesWithRegional === false && regional) {
		const withoutCoupon = withCoupon(unitAmountMinor, quantity, null)
		const onBase = withCoupon(baseUnitAmountMinor, quantity, coupon)
		return onBase.totalMinor < withoutCoupon.totalMinor
			? { ...onBase, couponOnBasePrice: true }
			: withoutCoupon
	}
	return withCoupon(unitAmountMinor, quantity, coupon)
}

function withCoupon(
	unitAmountMinor: number,
	quantity: number,
	coupon: PricedCoupon | null,
): OrderPrice {
	const subtotalMinor = unitAmountMinor * quantity
	const limit = coupon?.kind === 'percent' ? (coupon.maxDiscountedUnits ?? null) : null
	const limited = limit !== null && limit < quantity ? limit : null
	let discountMinor = 0
	if (coupon?.kind === 'percent')
		discountMinor = Math.round(
			(unitAmountMinor * (limited ?? quantity) * Math.min(coupon.amount, 100)) / 100,
		)
	if (coupon?.kind === 'fixed') discountMinor = Math.min(coupon.amount, subtotalMinor)
	const applied = Boolean(coupon && discountMinor > 0)
	return {
		unitAmountMinor,
		subtotalMinor,
		discountMinor,
		totalMinor: subtotalMinor - discountMinor,
		couponCode: applied ? coupon!.code : null,
		discountedQuantity: applied ? limited : null,
		couponOnBasePrice: false,
	}
}

/**
 * Whether `quantity` more seats fit: seats held are those paid for plus those reserved by
 * pending checkouts that have not expired. `capacity` null: unlimited.
 */
export function seatsFit({
	capacity,
	held,
	quantity,
}: {
	capacity: number | null
	held: number
	quantity: number
}): boolean {
	if (capacity === null) return true
	return held + quantity <= capacity
}

/**
 * How many seats one buyer's unpaid checkouts may hold in a pool (docs/decisions/033):
 * `perBuyer`, and never more than `sharePercent` of the seats not yet paid for, so that it
 * takes many buyers, at every stage of the sale, to hold every unsold seat. At least 1 while
 * a seat is unsold: the last seat can always be bought.
 */
export function holdAllowance({
	capacity,
	paid,
	perBuyer,
	sharePercent,
}: {
	capacity: number
	paid: number
	perBuyer: number
	sharePercent: number
}): number {
	const unsold = Math.max(0, capacity - paid)
	return Math.max(1, Math.min(perBuyer, Math.floor((unsold * sharePercent) / 100)))
}

/**
 * The buyer's older holds (oldest first) that a new checkout of `quantity` replaces so that
 * their holds stay within `allowance`: the oldest go first, and only as many as needed.
 */
export function holdsToRelease<H extends { quantity: number }>(
	holds: H[],
	quantity: number,
	allowance: number,
): H[] {
	let held = holds.reduce((sum, hold) => sum + hold.quantity, 0)
	const released: H[] = []
	for (const hold of holds) {
		if (held + quantity <= allowance) break
		released.push(hold)
		held -= hold.quantity
	}
	return released
}

/** Whether a pending order still holds its seats at `now`. */
export function isReserving(order: { status: string; expiresAt: Date }, now: Date): boolean {
	return order.status === 'pending' && order.expiresAt.getTime() > now.getTime()
}

/** The region a checkout may use: GLOBAL, or the visitor's own (never another country's discount). */
export function regionAllowed(requested: string, visitorRegion: string): boolean {
	return requested === 'GLOBAL' || requested === visitorRegion
}

/**
 * `delayed`: a payment under way whose money comes later (docs/decisions/164); it changes no
 * status, only how long the pending order holds its seats (models/checkout/delayed-payment).
 */
export type PaymentTransition = 'completed' | 'delayed' | 'expired' | 'refunded' | 'failed'

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded'

/**
 * The status an order moves to on a payment event, or null when the event changes nothing.
 * Written so that duplicates and out-of-order deliveries are harmless: a refund is final, a
 * completion after an expiry still records the money taken, and an expiry never undoes a payment.
 */
export function nextStatus(current: OrderStatus, event: PaymentTransition): OrderStatus | null {
	switch (event) {
		case 'completed':
			return current === 'paid' || current === 'refunded' ? null : 'paid'
		case 'expired':
			return current === 'pending' ? 'expired' : null
		case 'failed':
			return current === 'pending' ? 'failed' : null
		case 'delayed':
			return null
		case 'refunded':
			return current === 'refunded' ? null : 'refunded'
	}
}

/** What a payment event must agree with: the order as created. */
type OrderPaidFor = {
	id: string
	provider: string
	providerSessionId: string | null
	paymentIntentId: string | null
	amountMinor: number
	currency: string
}

type EventAbout = {
	provider: string
	type: PaymentTransition
	sessionId: string | null
	madeForOrder?: string | null
	paymentIntentId: string | null
	charge?: {
		amountMinor: number | null
		currency: string | null
		mode: string | null
		/** VAT added on top of the order's amount (docs/decisions/115). */
		addedTaxMinor?: number
	}
}

/**
 * Why a payment event does not belong to the order it names, or null when it does
 * (docs/decisions/032). A signed event proves only that the provider sent it: another session
 * of the same account (a payment link, another integration) can name our order in its metadata.
 * So a session's events must come from the session stored at creation (or, where none could be
 * stored, the one made for the order), and a completion must
 * charge the order's amount (plus any VAT the charge added on top of it, docs/decisions/115),
 * in its currency, as a one-off payment.
 */
export function paymentMismatch(order: OrderPaidFor, event: EventAbout): string | null {
	if (event.provider !== order.provider) return 'another provider'
	if (event.type === 'refunded')
		return order.paymentIntentId &&
			event.paymentIntentId &&
			event.paymentIntentId !== order.paymentIntentId
			? 'another payment'
			: null
	// Expiries we notice ourselves carry no session; the provider's own name one. A delayed
	// payment is checked as a completion: its money is the order's when it comes (164).
	if (event.type !== 'completed' && event.type !== 'delayed')
		return event.sessionId !== null && event.sessionId !== order.providerSessionId
			? 'another session'
			: null
	// An order with no session stored lost it to a database failure (docs/decisions/134): the
	// session our creation named it in the metadata of is its own. The amount, currency and mode
	// below still must be the order's, so at worst the order is paid in full another way.
	const unstoredOwn =
		order.providerSessionId === null &&
		event.madeForOrder != null &&
		event.madeForOrder === order.id
	if (event.sessionId === null || (event.sessionId !== order.providerSessionId && !unstoredOwn))
		return 'another session'
	const charge = event.charge
	if (charge?.mode !== 'payment') return 'not a one-off payment'
	if (charge.amountMinor !== order.amountMinor + Math.max(0, charge.addedTaxMinor ?? 0))
		return 'another amount'
	if (charge.currency?.toUpperCase() !== order.currency.toUpperCase()) return 'another currency'
	return null
}
