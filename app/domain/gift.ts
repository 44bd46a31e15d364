/**
 * A seat as a gift (docs/decisions/166): which delivery days a buyer may choose, and when on that
 * day the seat link leaves. Days are calendar dates (YYYY-MM-DD) as a date field sends them; the
 * buyer's "today" may be yesterday or tomorrow in UTC, so the window is a day wider at its start.
 */

/** How far ahead a gift may be scheduled. */
export const GIFT_MAX_DAYS_AHEAD = 365

/** The hour (UTC) a gift scheduled for a later day is sent: morning in Europe and Africa. */
const DELIVERY_HOUR_UTC = 8

const DAY_MS = 86_400_000

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10)

/** Whether `day` is a real calendar date of the form YYYY-MM-DD. */
function isCalendarDay(day: string): boolean {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false
	const parsed = new Date(`${day}T00:00:00Z`)
	return !Number.isNaN(parsed.getTime()) && dayOf(parsed) === day
}

/**
 * Why `day` cannot be a gift's delivery day at `now`, or null when it can: from today (in any
 * time zone) to GIFT_MAX_DAYS_AHEAD days ahead.
 */
export function giftDayProblem(day: string, now: Date): 'invalid' | 'past' | 'too-far' | null {
	if (!isCalendarDay(day)) return 'invalid'
	if (day < dayOf(new Date(now.getTime() - DAY_MS))) return 'past'
	if (day > dayOf(new Date(now.getTime() + GIFT_MAX_DAYS_AHEAD * DAY_MS))) return 'too-far'
	return null
}

/**
 * When the seat link of a gift for `day` leaves: at once for today (UTC) or earlier, so "today"
 * never waits for a morning; a later day, that morning.
 */
export function giftDeliveryAt(day: string, now: Date): Date {
	if (day <= dayOf(now)) return now
	return new Date(`${day}T${String(DELIVERY_HOUR_UTC).padStart(2, '0')}:00:00Z`)
}

/** Today's date (UTC), the earliest a date field offers. */
export const giftToday = (now: Date) => dayOf(now)
