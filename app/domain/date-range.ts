/**
 * The owner's overview covers a range of whole days, as YYYY-MM-DD (docs/decisions/084), each
 * a day in the owner's time zone (decision 121).
 */
import { dayInZone } from './time'

export type DateRange = { from: string; to: string }

/** The last 30 days, today included, today being the date in `timeZone`. */
export function defaultRange(now = new Date(), timeZone = 'UTC'): DateRange {
	const to = dayInZone(now, timeZone)
	const start = new Date(`${to}T00:00:00Z`)
	start.setUTCDate(start.getUTCDate() - 29)
	return { from: start.toISOString().slice(0, 10), to }
}

/** Every day of the range, as YYYY-MM-DD (at most 366: longer ranges are refused upstream). */
export function daysOf(range: DateRange): string[] {
	const days: string[] = []
	const day = new Date(`${range.from}T00:00:00Z`)
	const end = new Date(`${range.to}T00:00:00Z`)
	while (day <= end && days.length < 400) {
		days.push(day.toISOString().slice(0, 10))
		day.setUTCDate(day.getUTCDate() + 1)
	}
	return days
}
