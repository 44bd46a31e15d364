import { describe, expect, test } from 'vitest'
import { formatInZone, formatUtc, instantOfWallClock, isTimeZone, wallClockInZone } from './time'

describe("times in the owner's zone", () => {
	test('an instant is shown as the wall-clock time of the zone, to the minute', () => {
		expect(formatInZone('2026-11-26T10:21:05.123Z', 'Europe/Berlin')).toBe('2026-11-26 11:21')
		expect(formatInZone('2026-07-01T10:21:05Z', 'Europe/Berlin')).toBe('2026-07-01 12:21')
		expect(formatInZone('2026-11-26T02:00:00Z', 'America/New_York')).toBe('2026-11-25 21:00')
		expect(formatInZone('2026-11-26T00:00:00Z', 'UTC')).toBe('2026-11-26 00:00')
	})

	test('the UTC value keeps the seconds and says UTC', () => {
		expect(formatUtc('2026-11-26T10:21:05.123Z')).toBe('2026-11-26 10:21:05 UTC')
	})

	test('only IANA zones the runtime knows are zones', () => {
		expect(isTimeZone('Europe/Berlin')).toBe(true)
		expect(isTimeZone('UTC')).toBe(true)
		expect(isTimeZone('Mars/Olympus')).toBe(false)
		expect(isTimeZone('')).toBe(false)
	})

	test("a form's time input shows the instant as the owner's wall clock, and reads back the same instant", () => {
		expect(wallClockInZone('2026-11-26T10:21:05Z', 'Europe/Berlin')).toBe('2026-11-26T11:21')
		expect(wallClockInZone('2026-07-01T23:30:00Z', 'Europe/Berlin')).toBe('2026-07-02T01:30')
		expect(instantOfWallClock('2026-11-26T11:21', 'Europe/Berlin')?.toISOString()).toBe(
			'2026-11-26T10:21:00.000Z',
		)
		expect(instantOfWallClock('2026-07-02T01:30', 'Europe/Berlin')?.toISOString()).toBe(
			'2026-07-01T23:30:00.000Z',
		)
		expect(instantOfWallClock('2026-12-01T09:00', 'UTC')?.toISOString()).toBe(
			'2026-12-01T09:00:00.000Z',
		)
		// Seconds typed into the input are dropped: the dashboard's times are to the minute.
		expect(instantOfWallClock('2026-12-01T09:00:59', 'America/New_York')?.toISOString()).toBe(
			'2026-12-01T14:00:00.000Z',
		)
		for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC'])
			for (const iso of [
				'2026-03-29T00:59:00.000Z',
				'2026-10-25T01:00:00.000Z',
				'2027-01-14T17:00:00.000Z',
			])
				expect(instantOfWallClock(wallClockInZone(iso, zone), zone)?.toISOString()).toBe(iso)
	})

	test('a wall-clock time the clocks skip names no instant; one they repeat names one of its two', () => {
		// Europe/Berlin springs from 02:00 to 03:00 on 29 March 2026.
		expect(instantOfWallClock('2026-03-29T02:30', 'Europe/Berlin')).toBeNull()
		expect(instantOfWallClock('2026-03-29T03:00', 'Europe/Berlin')?.toISOString()).toBe(
			'2026-03-29T01:00:00.000Z',
		)
		// And falls back from 03:00 to 02:00 on 25 October 2026: 02:30 happens twice.
		expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(
			instantOfWallClock('2026-10-25T02:30', 'Europe/Berlin')?.toISOString(),
		)
	})
})
