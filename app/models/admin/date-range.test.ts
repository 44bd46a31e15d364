import { describe, expect, test } from 'vitest'
import { daysOf, defaultRange } from './date-range'

describe('overview date range', () => {
	test('the default range is the last 30 days, today included, in UTC', () => {
		expect(defaultRange(new Date('2026-03-05T23:30:00Z'))).toEqual({
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
