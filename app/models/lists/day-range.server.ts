/**
 * A page's range of the owner's days from its query (?from&to, YYYY-MM-DD): the overview's and
 * the money page's (docs/decisions/084, 121, 124). Missing days fall back to the last 30 days of
 * `timeZone`; a bad range is reported per field and the fallback is shown instead.
 */
import { type DateRange, daysOf, defaultRange } from '~/domain/date-range'
import { dateRangeSchema, MAX_RANGE_DAYS, parseFilters } from './filters.server'

export function readDayRange(params: URLSearchParams, now: Date, timeZone: string) {
	const fallback = defaultRange(now, timeZone)
	const parsed = parseFilters(dateRangeSchema, params)
	const errors: Record<string, string> = parsed.ok ? {} : parsed.errors
	const range: DateRange = parsed.ok
		? { from: parsed.value.from ?? fallback.from, to: parsed.value.to ?? fallback.to }
		: fallback
	// A `to` alone counts from the default start: the same ceiling as a whole range.
	if (parsed.ok && range.from > range.to) errors.to = 'To must not be before From'
	else if (parsed.ok && daysOf(range).length > MAX_RANGE_DAYS)
		errors.to = `Choose a range of at most ${MAX_RANGE_DAYS} days`
	const invalid = Object.keys(errors).length > 0
	return {
		/** The range to show: the asked one, or the fallback when it is invalid. */
		range: invalid ? fallback : range,
		/** What the form shows back. */
		input: (parsed.ok ? range : parsed.value) as Partial<DateRange>,
		errors,
		invalid,
	}
}
