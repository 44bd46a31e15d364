/**
 * Times in the owner's dashboard (docs/decisions/111): shown in the owner's time zone, to the
 * minute, with the exact UTC value beside it for a hover. Numbers only (no month names, no zone
 * abbreviations), so the server and every browser print the same text and hydration agrees.
 */
import { zonedTimeToUtc } from './zoned-time'

/** Whether `zone` is an IANA time zone this runtime knows (Intl refuses the others). */
export function isTimeZone(zone: string): boolean {
	if (!zone || zone.length > 64) return false
	try {
		new Intl.DateTimeFormat('en', { timeZone: zone })
		return true
	} catch {
		return false
	}
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone)
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			hourCycle: 'h23',
		})
		formatters.set(timeZone, formatter)
	}
	return formatter
}

/** `2026-11-26 11:21`: the instant's wall-clock time in `timeZone`. */
export function formatInZone(iso: string, timeZone: string): string {
	const parts: Record<string, string> = {}
	for (const part of formatterFor(timeZone).formatToParts(new Date(iso)))
		parts[part.type] = part.value
	return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

/** `2026-11-26 10:21:05 UTC`: the instant as stored, to the second. */
export function formatUtc(iso: string): string {
	return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/** `2026-11-26`: the instant's date in `timeZone`. */
export function dayInZone(instant: Date, timeZone: string): string {
	return formatInZone(instant.toISOString(), timeZone).slice(0, 10)
}

/** `2026-11-26T11:21`: the instant as an `<input type="datetime-local">` shows it in `timeZone`. */
export function wallClockInZone(iso: string, timeZone: string): string {
	return formatInZone(iso, timeZone).replace(' ', 'T')
}

/**
 * The instant a wall-clock time (`2026-11-26T11:21`, seconds ignored) names in `timeZone`: what
 * the owner types in a form. Null for a time the zone's clocks skip (the hour of a spring-forward
 * change), which no instant shows; of an hour the clocks repeat, one of its two.
 */
export function instantOfWallClock(local: string, timeZone: string): Date | null {
	const minute = local.slice(0, 16)
	const instant = zonedTimeToUtc(minute, timeZone)
	return wallClockInZone(instant.toISOString(), timeZone) === minute ? instant : null
}
