/**
 * A bank transfer's due date (docs/decisions/163): a calendar day of the owner's zone, `days`
 * after the order's, and the instant it ends. Banks and invoices name a day, not an hour, so
 * the buyer has all of the day they read.
 */
import { dayInZone } from '../time'
import { startOfDayIn } from '../zoned-time'

export type DueDate = { day: string; endsAt: Date }

/** The day after `day` (`YYYY-MM-DD`), as written. */
function nextDay(day: string): string {
	const [year, month, date] = day.split('-').map(Number)
	return new Date(Date.UTC(year!, month! - 1, date! + 1)).toISOString().slice(0, 10)
}

/** The day before `day` (`YYYY-MM-DD`), as written. */
function previousDay(day: string): string {
	const [year, month, date] = day.split('-').map(Number)
	return new Date(Date.UTC(year!, month! - 1, date! - 1)).toISOString().slice(0, 10)
}

/**
 * `days` after `now`, but no later than the day before `startsAt`, when what was bought starts
 * then (the day event, the course's release): the money is known, and the seat links sent,
 * before it begins (docs/decisions/170). Never before today: a buyer close to the start has
 * until the end of today, as the page and the invoice say.
 */
export function dueDateOf(
	now: Date,
	days: number,
	timeZone: string,
	startsAt: Date | null = null,
): DueDate {
	let day = dayInZone(new Date(now.getTime() + days * 86_400_000), timeZone)
	if (startsAt) {
		const dayBefore = previousDay(dayInZone(startsAt, timeZone))
		const today = dayInZone(now, timeZone)
		// `YYYY-MM-DD` sorts as the days do: the later of the two.
		if (dayBefore < day) day = [dayBefore, today].sort()[1] ?? today
	}
	return { day, endsAt: startOfDayIn(nextDay(day), timeZone) }
}

/**
 * When the reminder goes: three days before the end, or halfway for a shorter time to pay; none
 * when that leaves less than a day (the instructions have just gone).
 */
export function reminderTime(now: Date, endsAt: Date): Date | null {
	const span = endsAt.getTime() - now.getTime()
	const at = Math.max(now.getTime() + span / 2, endsAt.getTime() - 3 * 86_400_000)
	return at - now.getTime() < 86_400_000 ? null : new Date(at)
}
