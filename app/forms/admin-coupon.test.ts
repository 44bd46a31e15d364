import { describe, expect, test } from 'vitest'
import { MESSAGES } from './messages'
import { parseForm } from './registry'

/** The coupon form as posted, parsed as the server and the browser parse it. */
const parse = (fields: Record<string, string | string[]>) => {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields))
		for (const one of [value].flat()) form.append(name, one)
	return parseForm('adminCoupon', form)
}
const errorsOf = (fields: Record<string, string | string[]>) => {
	const submission = parse(fields)
	return submission.status === 'success' ? {} : submission.error
}

describe('the coupon form', () => {
	test('a percentage for every product, with no limit, window or partner', () => {
		const submission = parse({ code: ' Spring ', kind: 'percent', amount: '20' })
		expect(submission.status).toBe('success')
		if (submission.status !== 'success') return
		expect(submission.value).toMatchObject({
			code: 'Spring',
			items: [],
			maxUses: null,
			startsAt: null,
			expiresAt: null,
			onePerBuyer: false,
			partnerKey: null,
		})
	})

	test("a fixed amount in a currency, for some products, from and until on the owner's wall clock, once per buyer", () => {
		const submission = parse({
			code: 'FIX',
			kind: 'fixed',
			amount: '9.50',
			currency: 'USD',
			items: ['seat'],
			maxUses: '10',
			startsAt: '2026-12-01T09:00',
			expiresAt: '2026-12-31T23:59',
			onePerBuyer: 'on',
			partnerKey: 'partner-7',
		})
		expect(submission.status).toBe('success')
		if (submission.status !== 'success') return
		expect(submission.value.items).toEqual(['seat'])
		// Read as the owner's wall clock by the model, which knows their zone (decision 153).
		expect(submission.value.startsAt).toBe('2026-12-01T09:00')
		expect(submission.value.expiresAt).toBe('2026-12-31T23:59')
		expect(submission.value.onePerBuyer).toBe(true)
	})

	test('each refused value is answered on its own field', () => {
		expect(errorsOf({ code: '-x', kind: 'percent', amount: '5' })).toMatchObject({
			code: [MESSAGES.couponCode],
		})
		expect(errorsOf({ code: 'A', kind: 'percent', amount: '0' })).toMatchObject({
			amount: [MESSAGES.couponPercent],
		})
		expect(errorsOf({ code: 'A', kind: 'percent', amount: '12.5' })).toMatchObject({
			amount: [MESSAGES.couponPercent],
		})
		expect(errorsOf({ code: 'A', kind: 'fixed', amount: '5' })).toMatchObject({
			currency: [MESSAGES.couponCurrency],
		})
		expect(errorsOf({ code: 'A', kind: 'fixed', amount: '5.001', currency: 'USD' })).toMatchObject({
			amount: [MESSAGES.couponFixedAmount],
		})
		expect(errorsOf({ code: 'A', kind: 'other', amount: '5' })).toMatchObject({
			kind: [MESSAGES.couponKind],
		})
		expect(errorsOf({ code: 'A', kind: 'percent', amount: '5', maxUses: '1.5' })).toMatchObject({
			maxUses: [MESSAGES.couponMaxUses],
		})
		expect(
			errorsOf({ code: 'A', kind: 'percent', amount: '5', startsAt: '2026-02-31T00:00' }),
		).toMatchObject({ startsAt: [MESSAGES.couponDate] })
		expect(
			errorsOf({
				code: 'A',
				kind: 'percent',
				amount: '5',
				startsAt: '2026-12-02T00:00',
				expiresAt: '2026-12-02T00:00',
			}),
		).toMatchObject({ expiresAt: [MESSAGES.couponWindow] })
		expect(errorsOf({ code: 'A', kind: 'percent', amount: '5', partnerKey: 'a/b' })).toMatchObject({
			partnerKey: [MESSAGES.couponPartnerKey],
		})
	})

	test('a percentage limited to N discounted seats per order, apart from regional prices (docs/decisions/158)', () => {
		const submission = parse({
			code: 'TEAM',
			kind: 'percent',
			amount: '50',
			maxDiscountedUnits: '2',
			notWithRegional: 'on',
		})
		expect(submission.status).toBe('success')
		if (submission.status !== 'success') return
		expect(submission.value).toMatchObject({ maxDiscountedUnits: '2', notWithRegional: true })
		const plain = parse({ code: 'TEAM', kind: 'percent', amount: '50' })
		expect(plain.status === 'success' && plain.value).toMatchObject({
			maxDiscountedUnits: null,
			notWithRegional: false,
		})
	})

	test('a per-order limit that is no whole number, or on a fixed amount, is refused next to its field', () => {
		for (const limit of ['0', '1.5', 'two', '1001'])
			expect(
				errorsOf({ code: 'A', kind: 'percent', amount: '5', maxDiscountedUnits: limit }),
			).toMatchObject({ maxDiscountedUnits: [MESSAGES.couponMaxDiscounted] })
		expect(
			errorsOf({ code: 'A', kind: 'fixed', amount: '5', currency: 'USD', maxDiscountedUnits: '2' }),
		).toMatchObject({ maxDiscountedUnits: [MESSAGES.couponMaxDiscountedPercentOnly] })
	})
})
