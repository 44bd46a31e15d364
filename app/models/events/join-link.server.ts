/**
 * A registrant's joining link (docs/decisions/116): the signed page `/join?token=…` that shows
 * the joining link of a workshop session or the day event, which lives in content alone. The
 * reminders carry it, and so do the calendar files attached to a registrant's confirmation.
 */
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import type { EmailAttachment } from '~/domain/email-attachment'
import { createJoinToken } from '~/models/links/signed-token.server'
import { calendarAttachment } from './calendar.server'

/** Where a registrant's signed joining link opens (routes/workshop/join.tsx). */
const JOIN_PATH = '/join'

/** A joining link works until a day after its event ended. */
const JOIN_LINK_GRACE_MS = 24 * 3_600_000

/** The events with joining links: each workshop session and the day event. */
export const hasJoiningLink = (event: Pick<SiteEvent, 'kind'>): boolean =>
	event.kind === 'workshop' || event.kind === 'day'

/** `email`'s signed joining link of `event`, absolute from `origin` (SITE_URL or the listen address). */
export function joinLink(event: SiteEvent, email: string, origin: string): string {
	const token = createJoinToken(
		{ email, eventId: event.id, expiresAt: new Date(Date.parse(event.end) + JOIN_LINK_GRACE_MS) },
		getConfig().SESSION_SECRET,
	)
	return `${origin}${JOIN_PATH}?token=${encodeURIComponent(token)}`
}

/**
 * The event's calendar file for a message to one of its registrants: with their own signed
 * joining link when the event has joining links, never the event's own.
 */
export function registrantCalendar(
	event: SiteEvent,
	email: string,
	origin: string,
): EmailAttachment {
	return calendarAttachment(
		event,
		origin,
		hasJoiningLink(event) ? joinLink(event, email, origin) : undefined,
	)
}
