import { describe, expect, test } from 'vitest'
import { courseCounters, remainingSeats, seatsShown, slotShown, soldShown } from './course-counters'

describe('course counters', () => {
	test('the default 500 seats show a slot figure of 491', () => {
		expect(courseCounters({ actualSlot: 500, actualSold: 0 })).toEqual({
			actualSlot: 500,
			slot: 491,
			actualSold: 0,
			sold: 0,
			remaining: 500,
			held: 0,
			waiting: 0,
			available: 500,
		})
	})

	test('seats waited for on the waiting list are not available to a new buyer either', () => {
		expect(
			courseCounters({ actualSlot: 500, actualSold: 461, held: 20, waiting: 20 }),
		).toMatchObject({ held: 20, waiting: 20, available: 0 })
		expect(
			courseCounters({ actualSlot: 500, actualSold: 400, held: 20, waiting: 30 }),
		).toMatchObject({ available: 50 })
	})

	test('held seats (unpaid checkouts) leave remaining as the spec says and lower what is available now', () => {
		expect(courseCounters({ actualSlot: 500, actualSold: 100, held: 60 })).toMatchObject({
			remaining: 400,
			held: 60,
			available: 340,
		})
		expect(courseCounters({ actualSlot: 10, actualSold: 8, held: 5 })).toMatchObject({
			available: 0,
		})
	})

	test('sold is the real count while it is below the slot figure', () => {
		expect(courseCounters({ actualSlot: 500, actualSold: 120 })).toMatchObject({
			sold: 120,
			remaining: 380,
		})
	})

	test('sold stops at the slot figure, so at least 9 seats always show as remaining', () => {
		expect(courseCounters({ actualSlot: 500, actualSold: 491 })).toMatchObject({
			sold: 491,
			remaining: 9,
		})
		expect(courseCounters({ actualSlot: 500, actualSold: 700 })).toMatchObject({
			actualSold: 700,
			sold: 491,
			remaining: 9,
		})
	})

	test('the slot figure never goes below 0', () => {
		expect(slotShown(9)).toBe(0)
		expect(slotShown(3)).toBe(0)
		expect(slotShown(10)).toBe(1)
	})

	test('sold shown is the smaller of the real count and the slot figure', () => {
		expect(soldShown(5, 10)).toBe(5)
		expect(soldShown(10, 10)).toBe(10)
		expect(soldShown(11, 10)).toBe(10)
		expect(soldShown(4, 0)).toBe(0)
	})

	test('remaining never goes below 0', () => {
		expect(remainingSeats(10, 10)).toBe(0)
		expect(remainingSeats(10, 25)).toBe(0)
	})

	test('garbage counts are rejected rather than shown', () => {
		expect(() => courseCounters({ actualSlot: Number.NaN, actualSold: 0 })).toThrow(RangeError)
		expect(() => courseCounters({ actualSlot: 500, actualSold: Infinity })).toThrow(RangeError)
	})
})

describe('the seats the course page shows', () => {
	test('a sold-out course reads none left, whatever SPEC §9 shows as its capacity', () => {
		const shown = seatsShown(courseCounters({ actualSlot: 10, actualSold: 10 }))
		expect(shown).toEqual({ sold: 1, left: 0, held: 0, percentTaken: 100 })
	})

	test('"left" is what a checkout would sell: held and waited-for seats are not in it', () => {
		const counters = courseCounters({ actualSlot: 500, actualSold: 100, held: 30, waiting: 20 })
		expect(seatsShown(counters)).toEqual({ sold: 100, left: 350, held: 30, percentTaken: 30 })
		expect(seatsShown(counters).left).toBe(counters.available)
	})

	test('every seat held or waited for reads none left, with the held seats said apart', () => {
		const shown = seatsShown(courseCounters({ actualSlot: 20, actualSold: 5, held: 15 }))
		expect(shown).toMatchObject({ left: 0, held: 15, percentTaken: 100 })
	})

	test('nothing sold yet shows no sold figure and every seat left', () => {
		expect(seatsShown(courseCounters({ actualSlot: 500, actualSold: 0 }))).toEqual({
			sold: null,
			left: 500,
			held: 0,
			percentTaken: 0,
		})
	})
})
