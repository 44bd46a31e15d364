/**
 * Every date a person reads, on pages, in e-mails and on invoices (docs/decisions/158): one
 * formatter, browser-safe, so a day, a moment and an event's span read alike everywhere. The
 * date part is always "Thursday, 14 January 2027" (the interface is English, SPEC §9; en-GB
 * writes it in that order with a 24-hour clock). A zone is named in full ("Central European
 * Standard Time", "Eastern Standard Time"), never by an abbreviation, which ICU gives for some
 * zones ("CET") and not others ("GMT-5"); UTC is written "UTC". Machine formats (HTTP dates,
 * ICS, CSV, the owner's numeric times of decision 111) are not made here.
 * German readers (decision 173) get the same parts in German: "Donnerstag, 14. Januar 2027,
 * 18:00–20:00 (Mitteleuropäische Normalzeit)"; every function takes the reader's locale last.
 */
import { DEFAULT_LOCALE, type Locale } from './locale'

/** What formatting needs of an event: UTC instants and the event's IANA zone. */
export type EventTimes = { start: string; end: string; timeZone: string }

/** The ICU locale that writes a site locale's dates: en-GB's order and clock for English. */
const ICU_LOCALES: Record<Locale, string> = { 'en-US': 'en-GB', 'de-DE': 'de-DE' }

const DATE_PART = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const
const TIME_PART = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const

const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(
	kind: 'day' | 'clock' | 'time',
	timeZone: string,
	locale: Locale,
): Intl.DateTimeFormat {
	const key = `${kind}|${timeZone}|${locale}`
	let format = formats.get(key)
	if (!format) {
		format = new Intl.DateTimeFormat(ICU_LOCALES[locale], {
			timeZone,
			...(kind === 'clock' ? {} : DATE_PART),
			...(kind === 'day' ? {} : TIME_PART),
		})
		formats.set(key, format)
	}
	return format
}

/** "Central European Standard Time": the zone's full name at `instant`; "UTC" for UTC. */
export function zoneNameAt(
	instant: Date,
	timeZone: string,
	locale: Locale = DEFAULT_LOCALE,
): string {
	if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC'
	const parts = new Intl.DateTimeFormat(ICU_LOCALES[locale], {
		timeZone,
		timeZoneName: 'long',
	}).formatToParts(instant)
	return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone
}

/** "Thursday, 14 January 2027": a calendar day (`2027-01-14`), as written, in no zone. */
export function formatDay(day: string, locale: Locale = DEFAULT_LOCALE): string {
	return formatOf('day', 'UTC', locale).format(new Date(`${day.slice(0, 10)}T00:00:00Z`))
}

/** "Thursday, 14 January 2027": the day an event starts, in its own zone (a certificate's date). */
export function formatEventDay(event: EventTimes, locale: Locale = DEFAULT_LOCALE): string {
	return formatOf('day', event.timeZone, locale).format(new Date(event.start))
}

/** "Sunday, 29 November 2026, 14:26 (UTC)": an instant, in `timeZone`, zone named. */
export function formatMoment(
	instant: Date,
	timeZone = 'UTC',
	locale: Locale = DEFAULT_LOCALE,
): string {
	// Written as a span's start is ("…, 14:26"), not as ICU writes one instant ("… at 14:26").
	const [day, clock] = [formatOf('day', timeZone, locale), formatOf('clock', timeZone, locale)]
	return `${day.format(instant)}, ${clock.format(instant)} (${zoneNameAt(instant, timeZone, locale)})`
}

/** "Thursday, 14 January 2027, 18:00–20:00": the event's span in `timeZone`; name the zone beside. */
export function formatEventRange(
	event: EventTimes,
	timeZone = event.timeZone,
	locale: Locale = DEFAULT_LOCALE,
): string {
	return formatOf('time', timeZone, locale).formatRange(new Date(event.start), new Date(event.end))
}

/** The zone's full name at the event's start, e.g. "Central European Standard Time". */
export function timeZoneName(
	event: EventTimes,
	timeZone = event.timeZone,
	locale: Locale = DEFAULT_LOCALE,
): string {
	return zoneNameAt(new Date(event.start), timeZone, locale)
}

/** "Thursday, 14 January 2027, 18:00–20:00 (Central European Standard Time)". */
export function formatEventWhen(
	event: EventTimes,
	timeZone = event.timeZone,
	locale: Locale = DEFAULT_LOCALE,
): string {
	return `${formatEventRange(event, timeZone, locale)} (${timeZoneName(event, timeZone, locale)})`
}

/** The visitor's zone as the browser reports it, or null where it cannot tell. */
export function visitorTimeZone(): string | null {
	try {
		return Intl.DateTimeFormat().resolvedOptions().timeZone || null
	} catch {
		return null
	}
}
