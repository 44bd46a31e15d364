import { describe, expect, test } from 'vitest'
import { checkoutRequestSchema } from '~/forms/checkout-request'
import {
	type Coupon,
	couponApplies,
	foldCouponCode,
	holdAllowance,
	holdsToRelease,
	isReserving,
	nextStatus,
	paymentMismatch,
	priceOrder,
	regionAllowed,
	seatsFit,
	secondUseByBuyer,
} from './checkout-rules'
import { couponNote } from './coupon-note'

const now = new Date('2026-11-22T12:00:00Z')
const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
	code: 'LAUNCH',
	kind: 'percent',
	amount: 20,
	currency: null,
	itemCode: null,
	active: true,
	expiresAt: null,
	maxUses: null,
	...overrides,
})
const order = { itemCode: 'seat', currency: 'USD', now, uses: 0 }

describe('prices', () => {
	test('quantity times the unit price, in integer minor units', () => {
		expect(priceOrder({ unitAmountMinor: 24_900, quantity: 3, coupon: null })).toEqual({
			unitAmountMinor: 24_900,
			subtotalMinor: 74_700,
			discountMinor: 0,
			totalMinor: 74_700,
			couponCode: null,
			discountedQuantity: null,
			couponOnBasePrice: false,
		})
	})

	test('a percent coupon rounds its discount to the nearest cent', () => {
		const price = priceOrder({
			unitAmountMinor: 9_999,
			quantity: 1,
			coupon: coupon({ amount: 15 }),
		})
		expect(price.discountMinor).toBe(1_500)
		expect(price.totalMinor).toBe(8_499)
		expect(price.couponCode).toBe('LAUNCH')
		expect(Number.isInteger(price.totalMinor)).toBe(true)
	})

	test('a fixed coupon comes off the order once and never below zero', () => {
		const fixed = coupon({ kind: 'fixed', amount: 5_000, currency: 'USD' })
		expect(priceOrder({ unitAmountMinor: 9_900, quantity: 2, coupon: fixed }).totalMinor).toBe(
			14_800,
		)
		expect(priceOrder({ unitAmountMinor: 1_000, quantity: 1, coupon: fixed }).totalMinor).toBe(0)
	})

	test('a 100 % coupon makes the order free', () => {
		expect(
			priceOrder({ unitAmountMinor: 24_900, quantity: 2, coupon: coupon({ amount: 100 }) })
				.totalMinor,
		).toBe(0)
	})

	test('a percentage limited to N seats per order takes it off N seats; the rest are at full price', () => {
		const limited = coupon({ amount: 50, maxDiscountedUnits: 2 })
		const price = priceOrder({ unitAmountMinor: 24_900, quantity: 5, coupon: limited })
		expect(price).toMatchObject({
			subtotalMinor: 124_500,
			discountMinor: 24_900,
			totalMinor: 99_600,
			discountedQuantity: 2,
		})
		// At or under the limit every seat is discounted, and nothing says otherwise.
		const within = priceOrder({ unitAmountMinor: 24_900, quantity: 2, coupon: limited })
		expect(within).toMatchObject({ discountMinor: 24_900, discountedQuantity: null })
		// The limit is of a percentage: a fixed amount comes off the order as before.
		const fixed = coupon({ kind: 'fixed', amount: 5_000, currency: 'USD', maxDiscountedUnits: 1 })
		expect(priceOrder({ unitAmountMinor: 9_900, quantity: 3, coupon: fixed })).toMatchObject({
			discountMinor: 5_000,
			discountedQuantity: null,
		})
	})

	test('a coupon that does not combine with regional prices leaves a regional buyer the better of the two', () => {
		const apart = coupon({ amount: 20, combinesWithRegional: false })
		// 249 less 20 % is 199.20, more than the regional 124.50: the regional price, no coupon.
		expect(
			priceOrder({
				unitAmountMinor: 12_450,
				baseUnitAmountMinor: 24_900,
				quantity: 1,
				coupon: apart,
			}),
		).toMatchObject({ totalMinor: 12_450, couponCode: null, couponOnBasePrice: false })
		// 249 less 60 % is 99.60, less than the regional 187: the full price with the coupon.
		const deep = coupon({ amount: 60, combinesWithRegional: false })
		expect(
			priceOrder({
				unitAmountMinor: 18_700,
				baseUnitAmountMinor: 24_900,
				quantity: 2,
				coupon: deep,
			}),
		).toMatchObject({
			unitAmountMinor: 24_900,
			subtotalMinor: 49_800,
			discountMinor: 29_880,
			totalMinor: 19_920,
			couponCode: 'LAUNCH',
			couponOnBasePrice: true,
		})
		// A coupon that combines comes off the regional price, as before.
		expect(
			priceOrder({
				unitAmountMinor: 18_700,
				baseUnitAmountMinor: 24_900,
				quantity: 1,
				coupon: coupon(),
			}),
		).toMatchObject({ unitAmountMinor: 18_700, discountMinor: 3_740, couponOnBasePrice: false })
		// At the full price there is nothing to combine with.
		expect(
			priceOrder({
				unitAmountMinor: 24_900,
				baseUnitAmountMinor: 24_900,
				quantity: 1,
				coupon: apart,
			}),
		).toMatchObject({ discountMinor: 4_980, couponOnBasePrice: false })
	})

	test('nonsense amounts are refused', () => {
		expect(() => priceOrder({ unitAmountMinor: 1.5, quantity: 1, coupon: null })).toThrow()
		expect(() => priceOrder({ unitAmountMinor: 100, quantity: 0, coupon: null })).toThrow()
	})
})

describe('coupons', () => {
	test('an active, unexpired coupon for any item applies', () => {
		expect(couponApplies(coupon(), order)).toBe(true)
	})

	test('inactive, expired, used up, for another item or another currency: ignored', () => {
		expect(couponApplies(coupon({ active: false }), order)).toBe(false)
		expect(couponApplies(coupon({ expiresAt: now }), order)).toBe(false)
		expect(couponApplies(coupon({ expiresAt: new Date(now.getTime() + 1) }), order)).toBe(true)
		expect(couponApplies(coupon({ maxUses: 2 }), { ...order, uses: 2 })).toBe(false)
		expect(couponApplies(coupon({ maxUses: 2 }), { ...order, uses: 1 })).toBe(true)
		expect(couponApplies(coupon({ itemCode: 'pass' }), order)).toBe(false)
		expect(couponApplies(coupon({ itemCode: 'seat' }), order)).toBe(true)
		expect(couponApplies(coupon({ kind: 'fixed', amount: 10, currency: 'EUR' }), order)).toBe(false)
	})

	test('a coupon with a start applies from that instant on, until its end (excluded)', () => {
		const window = { startsAt: now, expiresAt: new Date(now.getTime() + 60_000) }
		expect(couponApplies(coupon(window), order)).toBe(true)
		expect(couponApplies(coupon({ ...window, startsAt: new Date(now.getTime() + 1) }), order)).toBe(
			false,
		)
		expect(couponApplies(coupon(window), { ...order, now: window.expiresAt })).toBe(false)
	})

	test('an allow-list of products: any of them, and no other', () => {
		const listed = coupon({ itemCodes: ['pass', 'seat'] })
		expect(couponApplies(listed, order)).toBe(true)
		expect(couponApplies(listed, { ...order, itemCode: 'other' })).toBe(false)
		expect(couponApplies(coupon({ itemCodes: [] }), { ...order, itemCode: 'other' })).toBe(true)
		// A single product written with SQL before the list (item_code) still counts.
		expect(couponApplies(coupon({ itemCode: 'pass', itemCodes: ['seat'] }), order)).toBe(true)
	})

	test('codes are one code whatever their case and surrounding spaces', () => {
		expect(foldCouponCode(' Launch20 ')).toBe('launch20')
		expect(foldCouponCode('LAUNCH20')).toBe(foldCouponCode('launch20'))
	})

	test('one per buyer: a mailbox that paid with the coupon once does not pay with it again', () => {
		expect(secondUseByBuyer({ onePerBuyer: true }, 0)).toBe(false)
		expect(secondUseByBuyer({ onePerBuyer: true }, 1)).toBe(true)
		expect(secondUseByBuyer({ onePerBuyer: false }, 3)).toBe(false)
	})
})

describe('seats', () => {
	test('paid plus reserved seats may reach the capacity, never pass it', () => {
		expect(seatsFit({ capacity: 5, held: 4, quantity: 1 })).toBe(true)
		expect(seatsFit({ capacity: 5, held: 4, quantity: 2 })).toBe(false)
		expect(seatsFit({ capacity: 5, held: 5, quantity: 1 })).toBe(false)
		expect(seatsFit({ capacity: null, held: 10_000, quantity: 20 })).toBe(true)
	})

	test('only a pending checkout before its expiry holds seats', () => {
		const later = new Date(now.getTime() + 60_000)
		expect(isReserving({ status: 'pending', expiresAt: later }, now)).toBe(true)
		expect(isReserving({ status: 'pending', expiresAt: now }, now)).toBe(false)
		expect(isReserving({ status: 'failed', expiresAt: later }, now)).toBe(false)
		expect(isReserving({ status: 'expired', expiresAt: later }, now)).toBe(false)
	})
})

describe('payment events', () => {
	test('pending becomes paid, expired or refunded', () => {
		expect(nextStatus('pending', 'completed')).toBe('paid')
		expect(nextStatus('pending', 'expired')).toBe('expired')
		expect(nextStatus('paid', 'refunded')).toBe('refunded')
	})

	test('duplicates and out-of-order events change nothing twice', () => {
		expect(nextStatus('paid', 'completed')).toBeNull()
		expect(nextStatus('paid', 'expired')).toBeNull()
		expect(nextStatus('refunded', 'completed')).toBeNull()
		expect(nextStatus('refunded', 'refunded')).toBeNull()
		expect(nextStatus('expired', 'expired')).toBeNull()
		// The money was taken after all: the order is paid.
		expect(nextStatus('expired', 'completed')).toBe('paid')
	})
})

describe('regions and the request', () => {
	test('GLOBAL or the visitor’s own region, never another country’s discount', () => {
		expect(regionAllowed('GLOBAL', 'TIER3')).toBe(true)
		expect(regionAllowed('TIER3', 'TIER3')).toBe(true)
		expect(regionAllowed('TIER4', 'TIER3')).toBe(false)
		expect(regionAllowed('TIER1', 'GLOBAL')).toBe(false)
	})

	test('quantity is a whole number from 1 to MAX_QUANTITY, from JSON or a form', () => {
		const schema = checkoutRequestSchema(20)
		expect(schema.parse({ code: 'seat', quantity: '3' }).quantity).toBe(3)
		expect(schema.parse({ code: 'seat', quantity: 20, region: 'tier1' }).region).toBe('TIER1')
		expect(schema.parse({ code: 'seat', quantity: 1 }).region).toBe('GLOBAL')
		for (const quantity of [0, 21, 2.5, '2.5', '', null, 'two'])
			expect(schema.safeParse({ code: 'seat', quantity }).error?.issues[0]?.message).toMatch(
				/quantity/,
			)
		expect(schema.safeParse({ quantity: 1 }).error?.issues[0]?.message).toBe('missing product code')
	})
})

describe('paymentMismatch: a payment confirms only the order it was made for', () => {
	const order = {
		id: 'ord_1',
		provider: 'stripe',
		providerSessionId: 'cs_1',
		paymentIntentId: null,
		amountMinor: 49_800,
		currency: 'USD',
	}
	const completed = {
		provider: 'stripe',
		type: 'completed' as const,
		sessionId: 'cs_1',
		paymentIntentId: 'pi_1',
		charge: { amountMinor: 49_800, currency: 'usd', mode: 'payment' },
	}

	test('the order’s own session, amount, currency and mode match', () => {
		expect(paymentMismatch(order, completed)).toBeNull()
	})

	test('another session, amount, currency, mode or provider does not', () => {
		expect(paymentMismatch(order, { ...completed, sessionId: 'cs_2' })).toBe('another session')
		expect(paymentMismatch(order, { ...completed, sessionId: null })).toBe('another session')
		const charge = completed.charge
		expect(paymentMismatch(order, { ...completed, charge: { ...charge, amountMinor: 1 } })).toBe(
			'another amount',
		)
		expect(paymentMismatch(order, { ...completed, charge: { ...charge, currency: 'eur' } })).toBe(
			'another currency',
		)
		expect(
			paymentMismatch(order, { ...completed, charge: { ...charge, mode: 'subscription' } }),
		).toBe('not a one-off payment')
		expect(paymentMismatch(order, { ...completed, charge: undefined })).toBe(
			'not a one-off payment',
		)
		expect(paymentMismatch(order, { ...completed, provider: 'sandbox' })).toBe('another provider')
	})

	test('expiries: our own (no session) and the order’s session count, another session does not', () => {
		const expired = { ...completed, type: 'expired' as const, charge: undefined }
		expect(paymentMismatch(order, { ...expired, sessionId: null })).toBeNull()
		expect(paymentMismatch(order, expired)).toBeNull()
		expect(paymentMismatch(order, { ...expired, sessionId: 'cs_2' })).toBe('another session')
	})

	test('an order whose session was never stored is paid by the session made for it, and by no other', () => {
		const unstored = { ...order, providerSessionId: null }
		const madeForIt = { ...completed, sessionId: 'cs_9', madeForOrder: 'ord_1' }
		expect(paymentMismatch(unstored, madeForIt)).toBeNull()
		expect(paymentMismatch(unstored, { ...madeForIt, madeForOrder: 'ord_2' })).toBe(
			'another session',
		)
		expect(paymentMismatch(unstored, { ...madeForIt, madeForOrder: null })).toBe('another session')
		expect(paymentMismatch(unstored, { ...madeForIt, sessionId: null })).toBe('another session')
		expect(
			paymentMismatch(unstored, { ...madeForIt, charge: { ...completed.charge, amountMinor: 1 } }),
		).toBe('another amount')
		// Once a session is stored, only that one counts.
		expect(paymentMismatch(order, madeForIt)).toBe('another session')
	})

	test('a refund of another payment than the one recorded does not count', () => {
		const refund = { ...completed, type: 'refunded' as const, sessionId: null }
		expect(paymentMismatch({ ...order, paymentIntentId: 'pi_1' }, refund)).toBeNull()
		expect(paymentMismatch({ ...order, paymentIntentId: 'pi_9' }, refund)).toBe('another payment')
		// Before its completion (docs/decisions/030), the order has no payment yet.
		expect(paymentMismatch(order, refund)).toBeNull()
	})
})

describe('the seat-hold policy (docs/decisions/033)', () => {
	const policy = { perBuyer: 20, sharePercent: 10 }

	test('a buyer may hold 20 seats while 200 or more are unsold, then 10% of the unsold, at least 1', () => {
		expect(holdAllowance({ capacity: 500, paid: 0, ...policy })).toBe(20)
		expect(holdAllowance({ capacity: 500, paid: 300, ...policy })).toBe(20)
		expect(holdAllowance({ capacity: 500, paid: 400, ...policy })).toBe(10)
		expect(holdAllowance({ capacity: 500, paid: 495, ...policy })).toBe(1)
		expect(holdAllowance({ capacity: 500, paid: 500, ...policy })).toBe(1)
	})

	test('a new checkout replaces the oldest holds, only as many as needed', () => {
		const holds = [
			{ id: 'a', quantity: 5 },
			{ id: 'b', quantity: 5 },
			{ id: 'c', quantity: 5 },
		]
		expect(holdsToRelease(holds, 5, 20)).toEqual([])
		expect(holdsToRelease(holds, 6, 20).map((h) => h.id)).toEqual(['a'])
		expect(holdsToRelease(holds, 20, 20).map((h) => h.id)).toEqual(['a', 'b', 'c'])
		expect(holdsToRelease([], 20, 20)).toEqual([])
	})
})

describe('what is said of how a coupon was applied (docs/decisions/158)', () => {
	const order = {
		couponCode: 'TEAM',
		itemType: 'course',
		quantity: 5,
		discountedQuantity: null as number | null,
		couponOnBasePrice: false,
	}

	test('a plain discount, or none, needs no words beyond "Discount"', () => {
		expect(couponNote(order)).toBeNull()
		expect(couponNote({ ...order, couponCode: null })).toBeNull()
	})

	test('a per-order limit names the seats discounted and the rest at full price', () => {
		expect(couponNote({ ...order, discountedQuantity: 2 })).toBe(
			'coupon TEAM on 2 of 5 seats; the other 3 at full price',
		)
		expect(couponNote({ ...order, itemType: 'pass', quantity: 2, discountedQuantity: 1 })).toBe(
			'coupon TEAM on 1 of 2 passes; the other 1 at full price',
		)
	})

	test('a coupon taken off the full price says it does not combine with regional prices', () => {
		expect(couponNote({ ...order, couponOnBasePrice: true })).toBe(
			'coupon TEAM off the full price: it does not combine with regional prices',
		)
		expect(couponNote({ ...order, couponOnBasePrice: true, discountedQuantity: 2 })).toBe(
			'coupon TEAM off the full price of 2 of 5 seats: it does not combine with regional prices; the other 3 at full price',
		)
	})
})
