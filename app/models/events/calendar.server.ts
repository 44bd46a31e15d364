/**
 * "Add to calendar" for the site's events (docs/decisions/086): an iCalendar file made with
 * `ics` (one VEVENT: UID, DTSTART/DTEND in UTC, location, the event's page) and a Google
 * Calendar link, plus what a page needs to show the event's date.
 */
import { createEvent } from 'ics'
import { getConfig } from '~/config.server'
import type { EventKind, SiteEvent } from '~/content/site-content'
import { eventsOf } from '~/content/site-content.server'
import { formatEventRange, timeZoneName } from '~/domain/dates'
import type { EmailAttachment } from '~/domain/email-attachment'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import type { EmailEvent } from '~/integrations/email/templates'
import { localePath } from '~/utils/i18n'

const PAGES: Record<EventKind, string> = {
	course: '/',
	workshop: '/workshop',
	day: '/ai-driven-development-day',
}

export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL'

/** What calendars show of the event's state: a provisional date is tentative (a placeholder too). */
export function calendarStatus(event: Pick<SiteEvent, 'status' | 'placeholder'>) {
	if (event.status === 'cancelled') return 'CANCELLED' as const
	return event.status === 'tentative' || event.placeholder
		? ('TENTATIVE' as const)
		: ('CONFIRMED' as const)
}

/** The sender's address (EMAIL_FROM, "Name <address>" or a bare address), the updates' organizer. */
function organizerAddress(): string {
	const from = getConfig().EMAIL_FROM
	return /<([^>]+)>/.exec(from)?.[1] ?? from.trim()
}

/** The page of the site an event belongs to. */
export function eventPagePath(event: Pick<SiteEvent, 'kind'>): string {
	return PAGES[event.kind]
}

/** The event's page as an e-mail links it, in the reader's language (decision 175). */
export function eventPageUrl(
	event: Pick<SiteEvent, 'kind'>,
	origin: string,
	locale: Locale,
): string {
	return `${origin}${localePath(eventPagePath(event), locale)}`
}

/** Where an event's calendar file is served (routes/workshop/calendar.$file.ts). */
export function calendarPath(event: Pick<SiteEvent, 'id'>): string {
	return `/calendar/${event.id}.ics`
}

/** The file name a calendar attachment or download carries. */
export function calendarFileName(event: Pick<SiteEvent, 'id'>): string {
	return `${event.id}.ics`
}

/** The calendar entry's words in the reader's language (decision 173). */
const JOINING_LINK: Record<Locale, string> = {
	'en-US': 'Your joining link',
	'de-DE': 'Ihr Link zur Teilnahme',
}

function eventDetails(event: SiteEvent, origin: string, locale: Locale = DEFAULT_LOCALE): string {
	return `${event.description}\n\n${origin}${localePath(PAGES[event.kind], locale)}`
}

/**
 * The event as an iCalendar file. The UID is the event's id at the site's host, so a calendar
 * that imports the file twice (from the page, then from the e-mail) updates one entry.
 * `joinLink` is a registrant's signed joining link (join-link.server.ts), put in the file attached
 * to their confirmation; a public file never has one, and no file has the event's own joining
 * link, which only the signed page shows (docs/decisions/116).
 */
export function eventCalendarFile(
	event: SiteEvent,
	{
		origin,
		joinLink,
		sequence = 0,
		method = 'PUBLISH',
		locale = DEFAULT_LOCALE,
	}: {
		origin: string
		joinLink?: string
		/** The reader's language: the description's words and page (decision 173). */
		locale?: Locale
		/** How often the event changed since it was first published (docs/decisions/117). */
		sequence?: number
		/** PUBLISH (a file to import), REQUEST (an update of one sent), CANCEL (RFC 5546). */
		method?: CalendarMethod
	},
): string {
	const { error, value } = createEvent({
		method,
		sequence,
		// RFC 5546: an update or a cancellation names who sends it.
		...(method === 'PUBLISH'
			? {}
			: { organizer: { name: 'AI Driven Dev', email: organizerAddress() } }),
		uid: `${event.id}@${new URL(origin).hostname}`,
		productId: 'ai-driven-development/site',
		title: event.title,
		description: joinLink
			? `${eventDetails(event, origin, locale)}\n\n${JOINING_LINK[locale]}: ${joinLink}`
			: eventDetails(event, origin, locale),
		start: Date.parse(event.start),
		startInputType: 'utc',
		startOutputType: 'utc',
		end: Date.parse(event.end),
		endInputType: 'utc',
		endOutputType: 'utc',
		location: joinLink ?? event.location,
		url: joinLink ?? `${origin}${localePath(PAGES[event.kind], locale)}`,
		status: method === 'CANCEL' ? 'CANCELLED' : calendarStatus(event),
	})
	// The build checked every field, so an error here is a bug, not input to answer.
	if (error || !value) throw error ?? new Error(`No calendar file for ${event.id}`)
	return value
}

const compactUtc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')

/** A Google Calendar "create event" link with the event filled in. */
export function googleCalendarLink(
	event: SiteEvent,
	origin: string,
	locale: Locale = DEFAULT_LOCALE,
): string {
	const params = new URLSearchParams({
		action: 'TEMPLATE',
		text: event.title,
		dates: `${compactUtc(event.start)}/${compactUtc(event.end)}`,
		details: eventDetails(event, origin, locale),
		location: event.location,
		ctz: event.timeZone,
	})
	return `https://calendar.google.com/calendar/render?${params}`
}

/** What a page shows of an event: its date in its own zone (server-rendered) and its calendar links. */
export function presentEvent(event: SiteEvent, origin: string, locale: Locale = DEFAULT_LOCALE) {
	return {
		id: event.id,
		title: event.title,
		start: event.start,
		end: event.end,
		timeZone: event.timeZone,
		location: event.location,
		placeholder: event.placeholder,
		when: formatEventRange(event, undefined, locale),
		zoneName: timeZoneName(event, undefined, locale),
		calendarPath: calendarPath(event),
		googleCalendarUrl: googleCalendarLink(event, origin, locale),
	}
}

export type PresentedEvent = ReturnType<typeof presentEvent>

/** The event as a confirmation e-mail shows it: its date in its zone and absolute calendar links. */
export function emailEvent(
	event: SiteEvent,
	origin: string,
	locale: Locale = DEFAULT_LOCALE,
): EmailEvent {
	return {
		title: event.title,
		when: formatEventRange(event, undefined, locale),
		zoneName: timeZoneName(event, undefined, locale),
		calendarUrl: `${origin}${calendarPath(event)}`,
		googleCalendarUrl: googleCalendarLink(event, origin, locale),
	}
}

/**
 * The event's calendar file for an e-mail; with `joinLink`, the recipient's signed joining link
 * (a registrant's confirmation), else none (a receipt to a buyer who may not attend).
 */
export function calendarAttachment(
	event: SiteEvent,
	origin: string,
	joinLink?: string,
	locale: Locale = DEFAULT_LOCALE,
): EmailAttachment {
	return {
		filename: calendarFileName(event),
		contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
		content: eventCalendarFile(event, { origin, joinLink, locale }),
	}
}

/** What an order's catalog item is for: a pass is for the day event, a seat for the course. */
export function eventKindOf(itemType: string): EventKind {
	return itemType === 'pass' ? 'day' : 'course'
}

/** The events of a kind not over yet, as pages show them: a past date is no next step. */
export function upcomingEvents(
	kind: EventKind,
	origin: string,
	locale: Locale = DEFAULT_LOCALE,
): PresentedEvent[] {
	return eventsOf(kind, { after: new Date() })
		.filter((event) => event.status !== 'cancelled')
		.map((event) => presentEvent(event, origin, locale))
}
