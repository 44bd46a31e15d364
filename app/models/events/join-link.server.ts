/**
 * A registrant's joining link (docs/decisions/116): the signed page `/join?token=…` that shows
 * the joining link of a workshop session or the day event, which lives in content alone. The
 * reminders carry it, and so do the calendar files attached to a registrant's confirmation.
 */
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import type { EmailAttachment } from '~/domain/email-attachment'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { createJoinToken, type JoinAccess } from '~/models/links/signed-token.server'
import { calendarAttachment } from './calendar.server'

/** Where a registrant's signed joining link opens (routes/workshop/join.tsx). */
const JOIN_PATH = '/join'

/** A joining link works until a day after its event ended. */
const JOIN_LINK_GRACE_MS = 24 * 3_600_000

/** The events with joining links: each workshop session and the day event. */
export const hasJoiningLink = (event: Pick<SiteEvent, 'kind'>): boolean =>
	event.kind === 'workshop' || event.kind === 'day'

/**
 * `email`'s signed joining link of `event`, absolute from `origin` (SITE_URL or the listen
 * address). The day event's names its access (decision 155): a registrant's the live stream, a
 * pass's (its holder's, or its buyer's until it is claimed) the pass's rooms as well.
 */
export function joinLink(
	event: SiteEvent,
	email: string,
	origin: string,
	access?: JoinAccess,
): string {
	const token = createJoinToken(
		{
			email,
			eventId: event.id,
			expiresAt: new Date(Date.parse(event.end) + JOIN_LINK_GRACE_MS),
			...(event.kind === 'day' ? { access: access ?? 'stream' } : {}),
		},
		getConfig().SESSION_SECRET,
	)
	return `${origin}${JOIN_PATH}?token=${encodeURIComponent(token)}`
}

/** A room the joining page shows: its name, and its link (null: not set in content yet). */
export type JoiningRoom = { label: string; url: string | null }

/**
 * The rooms a joining link opens for someone whose link was signed for `signed` and who holds
 * `held` now (decision 155): the narrower of the two, so a registrant's link never opens a
 * pass's rooms, and a pass refunded since its link was sent opens the stream alone, if that.
 * A workshop session has one room. An old day link that names no access opens what is held.
 */
export function joiningRooms(
	event: SiteEvent,
	signed: JoinAccess | undefined,
	held: JoinAccess | undefined,
	locale: Locale = DEFAULT_LOCALE,
): JoiningRoom[] {
	const words = ROOM_WORDS[locale]
	if (event.kind !== 'day') return [{ label: words.join, url: event.joinUrl ?? null }]
	const stream = { label: words.stream, url: event.joinUrl ?? null }
	const access = signed === 'stream' || held !== 'pass' ? 'stream' : 'pass'
	if (access === 'stream') return [stream]
	return [{ label: words.rooms, url: event.passJoinUrl ?? null }, stream]
}

/** The rooms' names on the joining page, in its language (decision 178). */
const ROOM_WORDS: Record<Locale, { join: string; stream: string; rooms: string }> = {
	'en-US': {
		join: 'Join now',
		stream: 'Join the live stream',
		rooms: 'Join the hands-on sessions and Q&A rooms',
	},
	'de-DE': {
		join: 'Jetzt teilnehmen',
		stream: 'Zum Livestream',
		rooms: 'Zu den Praxis-Sessions und Fragerunden',
	},
}

/**
 * The event's calendar file for a message to one of its registrants: with their own signed
 * joining link when the event has joining links, never the event's own.
 */
export function registrantCalendar(
	event: SiteEvent,
	email: string,
	origin: string,
	access?: JoinAccess,
	locale: Locale = DEFAULT_LOCALE,
): EmailAttachment {
	return calendarAttachment(
		event,
		origin,
		hasJoiningLink(event) ? joinLink(event, email, origin, access) : undefined,
		locale,
	)
}
