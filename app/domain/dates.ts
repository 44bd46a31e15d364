/**
 * Every date a person reads, on pages, in e-mails and on invoices (docs/decisions/158): one
 * formatter, browser-safe, so a day, a moment and an event's span read alike everywhere. The
 * date part is always "Thursday, 14 January 2027" (the interface is English, SPEC §9; en-GB
 * writes it in that order with a 24-hour clock). A zone is named in full ("Central European
 * Standard Time", "Eastern Standard Time"), never by an abbreviation, which ICU gives for some
 * zones ("CET") and not others ("GMT-5"); UTC is written "UTC". Machine formats (HTTP dates,
 * ICS, CSV, the owner's numeric times of decision 111) are not made here.
 */

/** What formatting needs of an event: UTC instants and the event's IANA zone. */
export type EventTimes = { start: string; end: string; timeZone: string }

const LOCALE = 'en-GB'

const DATE_PART = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const
const TIME_PART = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const

const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(kind: 'day' | 'clock' | 'time', timeZone: string): Intl.DateTimeFormat {
	const key = `${kind}|${timeZone}`
	let format = formats.get(key)
	if (!format) {
		format = new Intl.DateTimeFormat(LOCALE, {
			timeZone,
			...(kind === 'clock' ? {} : DATE_PART),
			...(kind === 'day' ? {} : TIME_PART),
		})
		formats.set(key, format)
	}
	return format
}

/** "Central European Standard Time": the zone's full name at `instant`; "UTC" for UTC. */
export function zoneNameAt(instant: Date, timeZone: string): string {
	if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC'
	const parts = new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: 'long' }).formatToParts(
		instant,
	)
	return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone
}

/** "Thursday, 14 January 2027": a calendar day (`2027-01-14`), as written, in no zone. */
export function formatDay(day: string): string {
	return formatOf('day', 'UTC').format(new Date(`${day.slice(0, 10)}T00:00:00Z`))
}

/** "Thursday, 14 January 2027": the day an event starts, in its own zone (a certificate's date). */
export function formatEventDay(event: EventTimes): string {
	return formatOf('day', event.timeZone).format(new Date(event.start))
}

/** "Sunday, 29 November 2026, 14:26 (UTC)": an instant, in `timeZone`, zone named. */
export function formatMoment(instant: Date, timeZone = 'UTC'): string {
	// Written as a span's start is ("…, 14:26"), not as ICU writes one instant ("… at 14:26").
	const [day, clock] = [formatOf('day', timeZone), formatOf('clock', timeZone)]
	return `${day.format(instant)}, ${clock.format(instant)} (${zoneNameAt(instant, timeZone)})`
}

/** "Thursday, 14 January 2027, 18:00–20:00": the event's span in `timeZone`; name the zone beside. */
export function formatEventRange(event: EventTimes, timeZone = event.timeZone): string {
	return formatOf('time', timeZone).formatRange(new Date(event.start), new Date(event.end))
}

/** The zone's full name at the event's start, e.g. "Central European Standard Time". */
export function timeZoneName(event: EventTimes, timeZone = event.timeZone): string {
	return zoneNameAt(new Date(event.start), timeZone)
}

/** "Thursday, 14 January 2027, 18:00–20:00 (Central European Standard Time)". */
export function formatEventWhen(event: EventTimes, timeZone = event.timeZone): string {
	return `${formatEventRange(event, timeZone)} (${timeZoneName(event, timeZone)})`
}

/** The visitor's zone as the browser reports it, or null where it cannot tell. */
export function visitorTimeZone(): string | null {
	try {
		return Intl.DateTimeFormat().resolvedOptions().timeZone || null
	} catch {
		return null
	}
}
