import { describe, expect, it } from 'vitest'
import { dueDateOf, reminderTime } from './due'

describe('a transfer is due', () => {
	it('at the end of the day `days` later, in the owner’s zone', () => {
		const due = dueDateOf(new Date('2026-11-29T20:00:00Z'), 14, 'Europe/Amsterdam')
		expect(due.day).toBe('2026-12-13')
		expect(due.endsAt.toISOString()).toBe('2026-12-13T23:00:00.000Z')
	})

	it('late in the evening UTC already counts the next day in a zone ahead of it', () => {
		expect(dueDateOf(new Date('2026-11-29T23:30:00Z'), 1, 'Asia/Tokyo').day).toBe('2026-12-01')
	})

	it('is the day before what was bought starts, when that comes sooner; never before today', () => {
		const now = new Date('2026-11-29T20:00:00Z')
		const zone = 'Europe/Amsterdam'
		const starts = (iso: string) => dueDateOf(now, 14, zone, new Date(iso)).day
		expect(starts('2026-12-06T09:00:00+01:00')).toBe('2026-12-05')
		expect(starts('2027-01-10T09:00:00+01:00')).toBe('2026-12-13')
		expect(starts('2026-11-30T09:00:00+01:00')).toBe('2026-11-29')
		expect(starts('2026-11-29T21:30:00+01:00')).toBe('2026-11-29')
		expect(
			dueDateOf(now, 14, zone, new Date('2026-12-06T09:00:00+01:00')).endsAt.toISOString(),
		).toBe('2026-12-05T23:00:00.000Z')
	})

	it('is reminded of three days before, or halfway through a short time to pay, or not at all', () => {
		const now = new Date('2026-12-01T00:00:00Z')
		expect(reminderTime(now, new Date('2026-12-15T00:00:00Z'))?.toISOString()).toBe(
			'2026-12-12T00:00:00.000Z',
		)
		expect(reminderTime(now, new Date('2026-12-03T00:00:00Z'))?.toISOString()).toBe(
			'2026-12-02T00:00:00.000Z',
		)
		expect(reminderTime(now, new Date('2026-12-01T20:00:00Z'))).toBeNull()
	})
})
