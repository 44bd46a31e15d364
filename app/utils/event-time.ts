/**
 * Dates and times of the site's events (docs/decisions/086), browser-safe: the server renders
 * each event in its own zone, the browser adds the visitor's after hydration.
 */

/** What formatting needs of an event: UTC instants and the event's IANA zone. */
export type EventTimes = { start: string; end: string; timeZone: string }

// One language for every date on the site: the interface is English (SPEC §9), and en-GB
// writes "Thursday, 14 January 2027, 18:00–20:00 CET" with a 24-hour clock.
const LOCALE = 'en-GB'

/** "Thursday, 14 January 2027, 18:00–20:00 CET": the event's span in `timeZone`, zone named. */
export function formatEventRange(event: EventTimes, timeZone = event.timeZone): string {
	return new Intl.DateTimeFormat(LOCALE, {
		timeZone,
		weekday: 'long',
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		timeZoneName: 'short',
	}).formatRange(new Date(event.start), new Date(event.end))
}

/** The zone's full name at the event's start, e.g. "Central European Standard Time". */
export function timeZoneName(event: EventTimes, timeZone = event.timeZone): string {
	const parts = new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: 'long' }).formatToParts(
		new Date(event.start),
	)
	return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone
}

/** The visitor's zone as the browser reports it, or null where it cannot tell. */
export function visitorTimeZone(): string | null {
	try {
		return Intl.DateTimeFormat().resolvedOptions().timeZone || null
	} catch {
		return null
	}
}
