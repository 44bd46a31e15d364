import { describe, expect, test } from 'vitest'
import { isoWithOffset, startOfDayIn, zonedTimeToUtc } from './zoned-time'

describe('local event times to UTC', () => {
	test('a winter evening in Berlin is one hour ahead of UTC', () => {
		expect(zonedTimeToUtc('2026-12-10T18:00', 'Europe/Berlin').toISOString()).toBe(
			'2026-12-10T17:00:00.000Z',
		)
	})

	test('summer time is two hours ahead, New York five behind in winter', () => {
		expect(zonedTimeToUtc('2027-07-01T09:00', 'Europe/Berlin').toISOString()).toBe(
			'2027-07-01T07:00:00.000Z',
		)
		expect(zonedTimeToUtc('2027-01-14T12:00', 'America/New_York').toISOString()).toBe(
			'2027-01-14T17:00:00.000Z',
		)
	})

	test('the morning after the spring change lands after it', () => {
		// Clocks in Berlin go from 02:00 to 03:00 on 28 March 2027.
		expect(zonedTimeToUtc('2027-03-28T03:30', 'Europe/Berlin').toISOString()).toBe(
			'2027-03-28T01:30:00.000Z',
		)
	})
})

describe("a day's start in a zone", () => {
	test('a Berlin day starts at 23:00 UTC the day before in winter, 22:00 in summer', () => {
		expect(startOfDayIn('2026-11-26', 'Europe/Berlin').toISOString()).toBe(
			'2026-11-25T23:00:00.000Z',
		)
		expect(startOfDayIn('2027-07-01', 'Europe/Berlin').toISOString()).toBe(
			'2027-06-30T22:00:00.000Z',
		)
	})

	test('a day west of UTC starts later, and UTC days at midnight', () => {
		expect(startOfDayIn('2026-11-26', 'America/Los_Angeles').toISOString()).toBe(
			'2026-11-26T08:00:00.000Z',
		)
		expect(startOfDayIn('2026-11-26', 'UTC').toISOString()).toBe('2026-11-26T00:00:00.000Z')
	})
})

describe('an instant with its zone offset', () => {
	test('winter and summer time in Berlin, New York behind UTC, Kolkata on a half hour', () => {
		expect(isoWithOffset('2026-12-10T17:00:00.000Z', 'Europe/Berlin')).toBe(
			'2026-12-10T18:00:00+01:00',
		)
		expect(isoWithOffset('2027-06-10T16:00:00.000Z', 'Europe/Berlin')).toBe(
			'2027-06-10T18:00:00+02:00',
		)
		expect(isoWithOffset('2027-01-14T17:00:00.000Z', 'America/New_York')).toBe(
			'2027-01-14T12:00:00-05:00',
		)
		expect(isoWithOffset('2027-01-14T12:00:00.000Z', 'Asia/Kolkata')).toBe(
			'2027-01-14T17:30:00+05:30',
		)
		expect(isoWithOffset('2027-01-14T12:00:00.000Z', 'UTC')).toBe('2027-01-14T12:00:00+00:00')
	})

	test('the same instant as the one it was given', () => {
		const instant = '2027-03-28T00:59:00.000Z'
		expect(new Date(isoWithOffset(instant, 'Europe/Berlin')).toISOString()).toBe(instant)
		expect(new Date(isoWithOffset('2027-03-28T01:00:00.000Z', 'Europe/Berlin')).toISOString()).toBe(
			'2027-03-28T01:00:00.000Z',
		)
	})
})
