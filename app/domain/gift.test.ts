import { describe, expect, test } from 'vitest'
import { giftDayProblem, giftDeliveryAt } from './gift'

const now = new Date('2026-11-29T23:30:00Z')

describe('a gift delivery day', () => {
	test('today, tomorrow and a year ahead are allowed; yesterday in UTC too (a buyer west of UTC)', () => {
		expect(giftDayProblem('2026-11-29', now)).toBeNull()
		expect(giftDayProblem('2026-11-30', now)).toBeNull()
		expect(giftDayProblem('2026-11-28', now)).toBeNull()
		expect(giftDayProblem('2027-11-29', now)).toBeNull()
	})

	test('two days ago is past, more than a year ahead too far, a made-up date invalid', () => {
		expect(giftDayProblem('2026-11-27', now)).toBe('past')
		expect(giftDayProblem('2027-12-01', now)).toBe('too-far')
		expect(giftDayProblem('2026-02-30', now)).toBe('invalid')
		expect(giftDayProblem('tomorrow', now)).toBe('invalid')
	})

	test('a later day is sent that morning at 08:00 UTC; today, even before 08:00, at once', () => {
		expect(giftDeliveryAt('2026-12-24', now).toISOString()).toBe('2026-12-24T08:00:00.000Z')
		expect(giftDeliveryAt('2026-11-29', now)).toEqual(now)
		expect(giftDeliveryAt('2026-11-28', now)).toEqual(now)
		const early = new Date('2026-11-30T00:12:00Z')
		expect(giftDeliveryAt('2026-11-30', early)).toEqual(early)
	})
})
