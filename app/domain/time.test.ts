import { describe, expect, test } from 'vitest'
import { formatInZone, formatUtc, isTimeZone } from './time'

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
})
