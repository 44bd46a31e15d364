import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SiteEvent } from '~/content/site-content'
import { leaveInProcess, useInProcess } from '../../../tests/support/in-process'
import {
	calendarPath,
	eventCalendarFile,
	googleCalendarLink,
	presentEvent,
} from './calendar.server'

const workshop: SiteEvent = {
	id: 'workshop-2026-12-10',
	kind: 'workshop',
	title: 'Free workshop: AI in your development workflow',
	description: 'Two hours, live and online.',
	start: '2026-12-10T17:00:00.000Z',
	end: '2026-12-10T19:00:00.000Z',
	timeZone: 'Europe/Berlin',
	location: 'Online, join link by e-mail',
	joinUrl: 'https://meet.example.com/workshop',
	placeholder: false,
}
const origin = 'https://aidrivendev.example'

/** The lines of an iCalendar file, folded lines joined again (RFC 5545 §3.1). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n')

describe('calendar files', () => {
	test('one VEVENT with UTC DTSTART/DTEND, a UID at the site host, the location and the page', () => {
		const ics = lines(eventCalendarFile(workshop, { origin }))
		expect(ics.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1)
		expect(ics).toContain('DTSTART:20261210T170000Z')
		expect(ics).toContain('DTEND:20261210T190000Z')
		expect(ics).toContain('UID:workshop-2026-12-10@aidrivendev.example')
		expect(ics).toContain('LOCATION:Online\\, join link by e-mail')
		expect(ics).toContain('URL:https://aidrivendev.example/workshop')
		expect(ics).toContain('SUMMARY:Free workshop: AI in your development workflow')
	})

	test('no file carries the event’s joining link; a confirmation’s carries the registrant’s signed one', () => {
		expect(eventCalendarFile(workshop, { origin })).not.toContain('meet.example.com')
		const signed = `${origin}/join?token=abc.def`
		const emailed = eventCalendarFile(workshop, { origin, joinLink: signed })
		expect(emailed).not.toContain('meet.example.com')
		expect(lines(emailed)).toContain(`LOCATION:${signed}`)
		expect(lines(emailed)).toContain(`URL:${signed}`)
	})

	test('the same event has the same UID every time, so calendars update one entry', () => {
		const uid = (ics: string) => lines(ics).find((line) => line.startsWith('UID:'))
		expect(uid(eventCalendarFile(workshop, { origin }))).toBe(
			uid(eventCalendarFile(workshop, { origin, joinLink: `${origin}/join?token=abc.def` })),
		)
	})

	test('the Google Calendar link carries the title, the UTC span and the zone', () => {
		const url = new URL(googleCalendarLink(workshop, origin))
		expect(url.origin).toBe('https://calendar.google.com')
		expect(url.searchParams.get('action')).toBe('TEMPLATE')
		expect(url.searchParams.get('text')).toBe(workshop.title)
		expect(url.searchParams.get('dates')).toBe('20261210T170000Z/20261210T190000Z')
		expect(url.searchParams.get('ctz')).toBe('Europe/Berlin')
		expect(url.searchParams.get('details')).not.toContain('meet.example.com')
	})

	test('a page gets the date in the event zone and both calendar links, never the join link', () => {
		const shown = presentEvent(workshop, origin)
		expect(shown.when).toBe('Thursday, 10 December 2026, 18:00–20:00')
		expect(shown.zoneName).toBe('Central European Standard Time')
		expect(shown.calendarPath).toBe('/calendar/workshop-2026-12-10.ics')
		expect(calendarPath(workshop)).toBe(shown.calendarPath)
		expect(JSON.stringify(shown)).not.toContain('meet.example.com')
	})
})

describe('calendar files that stay true (docs/decisions/117)', () => {
	beforeAll(() => useInProcess({ EMAIL_FROM: 'AI Driven Dev <hello@aidrivendev.example>' }))
	afterAll(() => leaveInProcess())
	const field = (ics: string, name: string) =>
		lines(ics).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))

	test('a published file is METHOD:PUBLISH, SEQUENCE:0 and CONFIRMED; a provisional or placeholder date is TENTATIVE', () => {
		const ics = eventCalendarFile(workshop, { origin })
		expect(field(ics, 'METHOD')).toBe('METHOD:PUBLISH')
		expect(field(ics, 'SEQUENCE')).toBe('SEQUENCE:0')
		expect(field(ics, 'STATUS')).toBe('STATUS:CONFIRMED')
		for (const provisional of [
			{ ...workshop, status: 'tentative' as const },
			{ ...workshop, placeholder: true },
		])
			expect(field(eventCalendarFile(provisional, { origin }), 'STATUS')).toBe('STATUS:TENTATIVE')
	})

	test('an update is METHOD:REQUEST with the higher SEQUENCE, the same UID and an organizer', () => {
		const ics = eventCalendarFile(workshop, { origin, sequence: 2, method: 'REQUEST' })
		expect(field(ics, 'METHOD')).toBe('METHOD:REQUEST')
		expect(field(ics, 'SEQUENCE')).toBe('SEQUENCE:2')
		expect(field(ics, 'UID')).toBe('UID:workshop-2026-12-10@aidrivendev.example')
		expect(field(ics, 'ORGANIZER')).toMatch(/mailto:hello@aidrivendev\.example$/i)
	})

	test('a cancellation is METHOD:CANCEL and STATUS:CANCELLED', () => {
		const ics = eventCalendarFile(
			{ ...workshop, status: 'cancelled' },
			{ origin, sequence: 1, method: 'CANCEL' },
		)
		expect(field(ics, 'METHOD')).toBe('METHOD:CANCEL')
		expect(field(ics, 'STATUS')).toBe('STATUS:CANCELLED')
		expect(field(ics, 'SEQUENCE')).toBe('SEQUENCE:1')
	})
})
