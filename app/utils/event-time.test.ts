import { describe, expect, test } from 'vitest'
import { formatEventRange, timeZoneName } from './event-time'

// 18:00–20:00 in Berlin on a winter evening is 17:00–19:00 UTC.
const workshop = {
	start: '2026-12-10T17:00:00.000Z',
	end: '2026-12-10T19:00:00.000Z',
	timeZone: 'Europe/Berlin',
}

describe('event dates in a time zone', () => {
	test('an event is written in its own zone with the zone named', () => {
		expect(formatEventRange(workshop)).toBe('Thursday, 10 December 2026, 18:00–20:00 CET')
		expect(timeZoneName(workshop)).toBe('Central European Standard Time')
	})

	test('the same instants in a visitor zone show that zone’s wall clock', () => {
		expect(formatEventRange(workshop, 'America/New_York')).toBe(
			'Thursday, 10 December 2026, 12:00–14:00 GMT-5',
		)
		// Past midnight there, so both days are written out (ICU puts thin spaces round the dash).
		expect(formatEventRange(workshop, 'Asia/Kolkata').replace(/\s/g, ' ')).toBe(
			'Thursday, 10 December 2026 at 22:30 GMT+5:30 – Friday, 11 December 2026 at 00:30 GMT+5:30',
		)
	})

	test('summer time is named for a date in summer', () => {
		const summer = {
			start: '2027-07-01T07:00:00.000Z',
			end: '2027-07-01T08:00:00.000Z',
			timeZone: 'Europe/Berlin',
		}
		expect(formatEventRange(summer)).toBe('Thursday, 1 July 2027, 09:00–10:00 CEST')
		expect(timeZoneName(summer)).toBe('Central European Summer Time')
	})
})
