/**
 * The filters of the owner's lists and exports (docs/decisions/083), read from the query
 * string with one schema per list, so a list page and its CSV export select the same rows.
 * A bad value is a message next to its field (and a 400), never a 500.
 */
import { z } from 'zod'
import { ORDER_STATUSES } from '~/db/schema.server'
import { UNDELIVERED_STATES } from '~/domain/delivery'
import { startOfDayIn } from '~/domain/zoned-time'
import { LEAD_LISTS } from '~/forms/names'
import { hasControlCharacters } from '~/forms/text'

// Empty fields come through from a GET form: treat them as absent.
const optional = <T extends z.ZodTypeAny>(schema: T) =>
	z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const isRealDay = (value: string) => {
	const time = Date.parse(`${value}T00:00:00Z`)
	return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value)
}

/**
 * The days a filter may name (docs/decisions/103): the site's life with room to spare. Beyond
 * it, a date is a typo or a probe, and year 0 or 10000 cannot even be handed to PostgreSQL.
 */
const FIRST_DAY = '2000-01-01'
const LAST_DAY = '2099-12-31'
/** The longest range of days a list, an export or the overview covers in one go. */
export const MAX_RANGE_DAYS = 366

const day = (label: string) =>
	optional(
		z
			.string()
			.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
			.refine(isRealDay, `${label} must be a real date`)
			.refine(
				(value) => value >= FIRST_DAY && value <= LAST_DAY,
				`${label} must be between ${FIRST_DAY} and ${LAST_DAY}`,
			),
	)

// A NUL would reach PostgreSQL (which refuses it) and other controls the CSV: a message instead.
const text = (label: string, max: number) =>
	optional(
		z
			.string()
			.trim()
			.max(max, `${label} must be at most ${max} characters`)
			.refine(
				(value) => !hasControlCharacters(value),
				`${label} must not contain control characters`,
			),
	)

const range = {
	from: day('From'),
	to: day('To'),
}

const DAY_MS = 86_400_000

const checkRange = (value: { from?: string; to?: string }, context: z.RefinementCtx) => {
	if (!value.from || !value.to) return
	if (value.from > value.to)
		context.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From' })
	else if ((Date.parse(value.to) - Date.parse(value.from)) / DAY_MS + 1 > MAX_RANGE_DAYS)
		context.addIssue({
			code: 'custom',
			path: ['to'],
			message: `Choose a range of at most ${MAX_RANGE_DAYS} days`,
		})
}

export const orderFiltersSchema = z
	.object({
		status: optional(z.enum(ORDER_STATUSES, { message: 'Pick a status from the list' })),
		product: text('Product', 64),
		region: text('Region', 32),
		partner: text('Partner', 128),
		coupon: text('Coupon', 64),
		email: text('E-mail', 254),
		...range,
	})
	.superRefine(checkRange)
export type OrderFilters = z.output<typeof orderFiltersSchema>

export const leadFiltersSchema = z
	.object({
		list: optional(z.enum(LEAD_LISTS, { message: 'Pick a list from the list' })),
		confirmed: optional(z.enum(['yes', 'no'], { message: 'Pick yes or no' })),
		partner: text('Partner', 128),
		email: text('E-mail', 254),
		...range,
	})
	.superRefine(checkRange)
export type LeadFilters = z.output<typeof leadFiltersSchema>

export const passFiltersSchema = z
	.object({
		product: text('Product', 64),
		claimed: optional(z.enum(['yes', 'no'], { message: 'Pick yes or no' })),
		...range,
	})
	.superRefine(checkRange)
export type PassFilters = z.output<typeof passFiltersSchema>

export const dateRangeSchema = z.object(range).superRefine(checkRange)

/** The E-mail page: the start of an address, and a delivery state. */
export const emailFiltersSchema = z.object({
	to: text('To', 254),
	state: optional(z.enum(UNDELIVERED_STATES, { message: 'Pick a state from the list' })),
})

export type FilterResult<T> =
	| { ok: true; value: T }
	| { ok: false; errors: Record<string, string>; value: Record<string, string> }

/** Reads a list's filters from the query string (unknown parameters are ignored). */
export function parseFilters<T>(
	schema: z.ZodType<T, z.ZodTypeDef, unknown>,
	params: URLSearchParams,
): FilterResult<T> {
	const raw: Record<string, string> = {}
	for (const [key, value] of params) if (!(key in raw)) raw[key] = value
	const parsed = schema.safeParse(raw)
	if (parsed.success) return { ok: true, value: parsed.data }
	const errors: Record<string, string> = {}
	for (const issue of parsed.error.issues) {
		const field = String(issue.path[0] ?? 'form')
		errors[field] ??= issue.message
	}
	return { ok: false, errors, value: raw }
}

/** The query string of a list's filters, for links to its next page and its export. */
export function filterQuery(filters: Record<string, string | undefined>): string {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value)
	return params.toString()
}

/** [from, to) as instants: whole days of `timeZone` (the owner's on the lists), `to` inclusive. */
export function dayBounds(range: { from?: string; to?: string }, timeZone = 'UTC') {
	const dayAfter = (day: string) => {
		const next = new Date(`${day}T00:00:00Z`)
		next.setUTCDate(next.getUTCDate() + 1)
		return next.toISOString().slice(0, 10)
	}
	return {
		start: range.from ? startOfDayIn(range.from, timeZone) : null,
		end: range.to ? startOfDayIn(dayAfter(range.to), timeZone) : null,
	}
}
