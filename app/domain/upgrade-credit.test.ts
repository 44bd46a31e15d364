import { describe, expect, test } from 'vitest'
import { passNetMinor, paymentNote, upgradeCreditMinor } from './upgrade-credit'

describe('upgrade credit (decision 165)', () => {
	test('a pass is worth its order’s amount per pass after the coupon, less VAT added on top', () => {
		expect(passNetMinor({ amountMinor: 19_800, quantity: 2, tax: null })).toBe(9_900)
		expect(
			passNetMinor({
				amountMinor: 12_100,
				quantity: 1,
				tax: { pricesIncludeTax: false, taxMinor: 2_100 },
			}),
		).toBe(10_000)
		expect(
			passNetMinor({
				amountMinor: 9_900,
				quantity: 1,
				tax: { pricesIncludeTax: true, taxMinor: 1_718 },
			}),
		).toBe(9_900)
	})

	test('the credit is never more than one seat as charged nor the total, and none in another currency', () => {
		const order = { passMinor: 9_900, passCurrency: 'USD', currency: 'USD', quantity: 1 }
		expect(upgradeCreditMinor({ ...order, totalMinor: 24_900 })).toBe(9_900)
		expect(upgradeCreditMinor({ ...order, totalMinor: 5_000 })).toBe(5_000)
		expect(upgradeCreditMinor({ ...order, quantity: 3, totalMinor: 15_000 })).toBe(5_000)
		expect(upgradeCreditMinor({ ...order, currency: 'EUR', totalMinor: 24_900 })).toBe(0)
	})

	test('the provider’s line says the coupon’s note and the credit’s, either or both', () => {
		const credit = { passName: 'Day pass', amount: '$99' }
		expect(paymentNote(null, null)).toBeNull()
		expect(paymentNote(null, credit)).toBe('Upgrade credit: your Day pass −$99')
		expect(paymentNote('coupon TEAM on 2 of 5 seats', credit)).toBe(
			'coupon TEAM on 2 of 5 seats; Upgrade credit: your Day pass −$99',
		)
	})
})
