/**
 * Wall-clock times in an IANA zone as instants, with nothing but `Intl`: the dates of
 * content/site/events.yml (docs/decisions/086) and the owner's days on the dashboard's filters.
 */

/** A local time such as "2027-01-14T18:00". */
export const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** How far `timeZone`'s clock is ahead of UTC at the instant `utc` (ms since the epoch). */
function zoneOffset(utc: number, zone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone: zone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(utc))
	const part = (type: Intl.DateTimeFormatPartTypes) =>
		Number(parts.find((candidate) => candidate.type === type)?.value)
	const wall = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	)
	return wall - Math.floor(utc / 1000) * 1000
}

/**
 * The UTC instant of a wall-clock time in an IANA zone ("2027-01-14T18:00" in Europe/Berlin →
 * 17:00Z). The offset is looked up twice so a time just after a daylight-saving change lands on
 * the right side of it.
 */
export function zonedTimeToUtc(local: string, zone: string): Date {
	const match = LOCAL_TIME.exec(local)
	if (!match) throw new RangeError(`Not a local time: ${local}`)
	const [, year, month, day, hour, minute] = match.map(Number) as number[]
	const naive = Date.UTC(year!, month! - 1, day!, hour!, minute!)
	const first = naive - zoneOffset(naive, zone)
	return new Date(naive - zoneOffset(first, zone))
}

/** The instant the day `day` (YYYY-MM-DD) begins in `zone`. */
export const startOfDayIn = (day: string, zone: string): Date =>
	zonedTimeToUtc(`${day}T00:00`, zone)

/**
 * An instant as ISO 8601 with the zone's offset at that instant, to the second:
 * 2026-12-10T17:00:00Z in Europe/Berlin → "2026-12-10T18:00:00+01:00" (structured data's dates).
 */
export function isoWithOffset(instant: string | Date, zone: string): string {
	const utc = Math.floor(new Date(instant).getTime() / 1000) * 1000
	const offsetMinutes = Math.round(zoneOffset(utc, zone) / 60_000)
	const local = new Date(utc + offsetMinutes * 60_000).toISOString().slice(0, 19)
	const sign = offsetMinutes < 0 ? '-' : '+'
	const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0')
	const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0')
	return `${local}${sign}${hours}:${minutes}`
}
