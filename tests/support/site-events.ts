/**
 * The dated events the built site serves (build/content/site.json), for tests that name a
 * session, a date or a calendar file: the dates move, so no test writes one down
 * (docs/decisions/125). `npm test` builds with `npm run build:test`, whose events are
 * content/site/events.yml's moved ahead of today (scripts/test-content.js); a build of the real
 * content serves as well while its dates are still ahead.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { SiteContent, SiteEvent } from '~/content/site-content'

const SITE_FILE = path.resolve(import.meta.dirname, '..', '..', 'build', 'content', 'site.json')

let events: SiteEvent[] | undefined

function builtEvents(): SiteEvent[] {
	if (!events) {
		if (!fs.existsSync(SITE_FILE))
			throw new Error(`${SITE_FILE} is missing: run \`npm run build:test\``)
		events = (JSON.parse(fs.readFileSync(SITE_FILE, 'utf8')) as SiteContent).events
	}
	return events
}

/**
 * The workshop sessions the site offers, earliest first: every built session, each of which must
 * still be ahead (a build whose sessions have passed cannot serve the tests: the message says
 * how to make one that can).
 */
export function workshopSessions(): SiteEvent[] {
	const sessions = builtEvents()
		.filter((event) => event.kind === 'workshop' && event.status !== 'cancelled')
		.sort((a, b) => a.start.localeCompare(b.start))
	const past = sessions.filter((session) => Date.parse(session.start) <= Date.now())
	if (past.length > 0 || sessions.length < 2) {
		throw new Error(
			`${SITE_FILE} has ${past.length} past and ${sessions.length} workshop sessions in all: ` +
				'the tests need two upcoming ones. Build with `npm run build:test` (its dates move ahead of today).',
		)
	}
	return sessions
}

/** An event's day as its pages and e-mails write it, in its own zone: "14 January 2027". */
export function dayOf(event: SiteEvent, timeZone = event.timeZone): string {
	return new Intl.DateTimeFormat('en-GB', {
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone,
	}).format(new Date(event.start))
}

/** The same as a pattern, for getByRole's name and toMatch. */
export function dayPattern(event: SiteEvent, timeZone?: string): RegExp {
	return new RegExp(dayOf(event, timeZone))
}

/** An event's day with its weekday in `timeZone`, as the pages write it: "Friday, 11 December 2026". */
export function weekdayAndDayOf(event: SiteEvent, timeZone = event.timeZone): string {
	const parts = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone }).format(
		new Date(event.start),
	)
	return `${parts}, ${dayOf(event, timeZone)}`
}

/** The full name of the event's zone at its start: "Central European Standard Time". */
export function zoneNameOf(event: SiteEvent): string {
	return (
		new Intl.DateTimeFormat('en-GB', { timeZone: event.timeZone, timeZoneName: 'long' })
			.formatToParts(new Date(event.start))
			.find((part) => part.type === 'timeZoneName')?.value ?? event.timeZone
	)
}

/** Every built event, in the order of content/site/events.yml. */
export function builtEventList(): SiteEvent[] {
	return [...builtEvents()]
}

/** The course's release (content's `course-release`) starting at `start`, provisional or not. */
export function releaseEvent(start: string, placeholder: boolean): SiteEvent {
	return {
		id: 'course-release',
		kind: 'course',
		title: 'AI Driven Dev opens',
		description: 'The course opens.',
		start,
		end: new Date(Date.parse(start) + 3_600_000).toISOString(),
		timeZone: 'Europe/Berlin',
		location: 'Online',
		placeholder,
	}
}
