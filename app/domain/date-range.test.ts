import { describe, expect, test } from 'vitest'
import { daysOf, defaultRange } from './date-range'

describe('overview date range', () => {
	test('the default range is the last 30 days, today included, in UTC', () => {
		expect(defaultRange(new Date('2026-03-05T23:30:00Z'))).toEqual({
			from: '2026-02-04',
			to: '2026-03-05',
		})
	})

	test("the default range ends on today's date in the owner's time zone", () => {
		// 23:30 UTC on 5 March is already 6 March in Berlin, still 5 March in New York.
		expect(defaultRange(new Date('2026-03-05T23:30:00Z'), 'Europe/Berlin')).toEqual({
			from: '2026-02-05',
			to: '2026-03-06',
		})
		expect(defaultRange(new Date('2026-03-06T03:30:00Z'), 'America/New_York')).toEqual({
			from: '2026-02-04',
			to: '2026-03-05',
		})
	})

	test('a range lists each of its days once, both ends included', () => {
		expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual([
			'2026-02-27',
			'2026-02-28',
			'2026-03-01',
			'2026-03-02',
		])
		expect(daysOf({ from: '2026-03-02', to: '2026-03-01' })).toEqual([])
	})
})
