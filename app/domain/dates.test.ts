import { describe, expect, test } from 'vitest'
import {
	formatDay,
	formatEventDay,
	formatEventRange,
	formatEventWhen,
	formatMoment,
	timeZoneName,
	zoneNameAt,
} from './dates'

// 18:00–20:00 in Berlin on a winter evening is 17:00–19:00 UTC.
const workshop = {
	start: '2026-12-10T17:00:00.000Z',
	end: '2026-12-10T19:00:00.000Z',
	timeZone: 'Europe/Berlin',
}

describe('one date format for pages, e-mails and invoices', () => {
	test('an event is written in its own zone, the zone named in full beside it', () => {
		expect(formatEventRange(workshop)).toBe('Thursday, 10 December 2026, 18:00–20:00')
		expect(timeZoneName(workshop)).toBe('Central European Standard Time')
		expect(formatEventWhen(workshop)).toBe(
			'Thursday, 10 December 2026, 18:00–20:00 (Central European Standard Time)',
		)
	})

	test('every zone is named in full, never an abbreviation beside an offset', () => {
		const at = new Date(workshop.start)
		expect(zoneNameAt(at, 'America/New_York')).toBe('Eastern Standard Time')
		expect(zoneNameAt(at, 'Europe/Berlin')).toBe('Central European Standard Time')
		expect(zoneNameAt(at, 'Asia/Kolkata')).toBe('India Standard Time')
		expect(zoneNameAt(at, 'UTC')).toBe('UTC')
		for (const zone of ['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'America/Sao_Paulo'])
			expect(zoneNameAt(at, zone)).not.toMatch(/GMT|\bCET\b|\bEST\b/)
	})

	test('the same instants in a visitor zone show that zone’s wall clock', () => {
		expect(formatEventWhen(workshop, 'America/New_York')).toBe(
			'Thursday, 10 December 2026, 12:00–14:00 (Eastern Standard Time)',
		)
		// Past midnight there, so both days are written out (ICU puts thin spaces round the dash).
		expect(formatEventRange(workshop, 'Asia/Kolkata').replace(/\s/g, ' ')).toBe(
			'Thursday, 10 December 2026 at 22:30 – Friday, 11 December 2026 at 00:30',
		)
	})

	test('summer time is named for a date in summer', () => {
		const summer = {
			start: '2027-07-01T07:00:00.000Z',
			end: '2027-07-01T08:00:00.000Z',
			timeZone: 'Europe/Berlin',
		}
		expect(formatEventRange(summer)).toBe('Thursday, 1 July 2027, 09:00–10:00')
		expect(timeZoneName(summer)).toBe('Central European Summer Time')
	})

	test('a moment reads like an event’s start, with its zone named', () => {
		const at = new Date('2026-11-29T14:26:33Z')
		expect(formatMoment(at)).toBe('Sunday, 29 November 2026, 14:26 (UTC)')
		expect(formatMoment(at, 'Europe/Berlin')).toBe(
			'Sunday, 29 November 2026, 15:26 (Central European Standard Time)',
		)
	})

	test('a calendar day has the same date part, whatever zone runs the code', () => {
		expect(formatDay('2025-01-31')).toBe('Friday, 31 January 2025')
		expect(formatDay('2026-11-29T23:59:59.000Z')).toBe('Sunday, 29 November 2026')
	})

	test('an event’s day is the day it starts in its own zone, not in UTC', () => {
		// 00:30 in Tokyo on 1 March is still 28 February in UTC.
		expect(
			formatEventDay({
				start: '2027-02-28T15:30:00.000Z',
				end: '2027-02-28T23:30:00.000Z',
				timeZone: 'Asia/Tokyo',
			}),
		).toBe('Monday, 1 March 2027')
	})
})

describe('dates for a German reader (decision 173)', () => {
	const event = {
		start: '2027-01-14T17:00:00Z',
		end: '2027-01-14T19:00:00Z',
		timeZone: 'Europe/Amsterdam',
	}

	test('a day, a span and its zone read in German', () => {
		expect(formatDay('2027-01-14', 'de-DE')).toBe('Donnerstag, 14. Januar 2027')
		expect(formatEventWhen(event, undefined, 'de-DE')).toBe(
			'Donnerstag, 14. Januar 2027, 18:00–20:00 Uhr (Mitteleuropäische Normalzeit)',
		)
		expect(formatMoment(new Date('2026-11-29T14:26:00Z'), 'UTC', 'de-DE')).toBe(
			'Sonntag, 29. November 2026, 14:26 (UTC)',
		)
	})

	test('English stays as it was when no locale is given', () => {
		expect(formatEventWhen(event)).toBe(
			'Thursday, 14 January 2027, 18:00–20:00 (Central European Standard Time)',
		)
	})
})
