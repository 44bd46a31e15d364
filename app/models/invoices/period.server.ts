/** The period of the owner's invoice list and exports (docs/decisions/115): whole UTC days. */
import { defaultRange } from '~/domain/date-range'
import { dateRangeSchema, dayBounds, parseFilters } from '~/models/lists/filters.server'

export type InvoicePeriod =
	| { ok: true; range: { from: string; to: string }; start: Date; end: Date }
	| { ok: false; errors: Record<string, string>; value: Record<string, string> }

/** The period asked for in the query string (from, to: YYYY-MM-DD), the last 30 days by default. */
export function invoicePeriod(params: URLSearchParams): InvoicePeriod {
	const filters = parseFilters(dateRangeSchema, params)
	if (!filters.ok) return filters
	const fallback = defaultRange()
	const range = { from: filters.value.from ?? fallback.from, to: filters.value.to ?? fallback.to }
	if (range.from > range.to)
		return { ok: false, errors: { to: 'To must not be before From' }, value: range }
	const { start, end } = dayBounds(range)
	return { ok: true, range, start: start!, end: end! }
}
