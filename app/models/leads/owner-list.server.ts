/**
 * The owner's leads (docs/decisions/083): sign-ups per list with their confirmation state and
 * attribution, newest first, paged by key; the same query feeds the CSV export.
 */
import { and, eq, gte, isNotNull, isNull, like, lt, type SQL } from 'drizzle-orm'
import { ownerTimeZone } from '~/content/owner-zone.server'
import type { Db } from '~/db/client.server'
import {
	afterSortedCursor,
	cursorTime,
	decodeSortedCursor,
	everyRow,
	type ListSort,
	type SortColumn,
	sortedOrder,
	sortedPageOf,
} from '~/db/cursor.server'
import { leads } from '~/db/schema-leads.server'
import { prefixPattern } from '~/models/checkout/orders.server'
import { dayBounds, type LeadFilters } from '~/models/lists/filters.server'

const LEADS_PAGE_SIZE = 50

function leadConditions(filters: LeadFilters): SQL | undefined {
	const { start, end } = dayBounds(filters, ownerTimeZone())
	return and(
		filters.list ? eq(leads.list, filters.list) : undefined,
		filters.confirmed === 'yes' ? isNotNull(leads.confirmedAt) : undefined,
		filters.confirmed === 'no' ? isNull(leads.confirmedAt) : undefined,
		filters.partner ? eq(leads.partnerKey, filters.partner) : undefined,
		filters.email ? like(leads.email, prefixPattern(filters.email)) : undefined,
		start ? gte(leads.createdAt, start) : undefined,
		end ? lt(leads.createdAt, end) : undefined,
	)
}

/**
 * The columns the leads list sorts by (docs/decisions/111), each with an index on (column, id):
 * signed up (0007) and e-mail address (0018).
 */
export const LEAD_SORTS = {
	created: { kind: 'time', first: 'desc' },
	email: { kind: 'text', first: 'asc' },
} as const satisfies Record<string, SortColumn>
export type LeadSortColumn = keyof typeof LEAD_SORTS
export const DEFAULT_LEAD_SORT: ListSort<LeadSortColumn> = { column: 'created', direction: 'desc' }

const leadSortColumns = { created: leads.createdAt, email: leads.email }

/** One page of leads matching `filters` in the `sort` order, after the cursor `after`. */
export async function listLeads(
	db: Db,
	filters: LeadFilters,
	after: string | null,
	limit = LEADS_PAGE_SIZE,
	sort: ListSort<LeadSortColumn> = DEFAULT_LEAD_SORT,
) {
	const { kind } = LEAD_SORTS[sort.column]
	const column = leadSortColumns[sort.column]
	const cursor = decodeSortedCursor(after, sort, kind)
	const rows = await db
		.select({
			id: leads.id,
			createdAt: leads.createdAt,
			email: leads.email,
			list: leads.list,
			workshopSession: leads.workshopSession,
			firstName: leads.firstName,
			lastName: leads.lastName,
			confirmedAt: leads.confirmedAt,
			erasedAt: leads.erasedAt,
			partnerKey: leads.partnerKey,
			referralUrl: leads.referralUrl,
			attribution: leads.attribution,
			cursorAt: cursorTime(leads.createdAt),
		})
		.from(leads)
		.where(and(leadConditions(filters), afterSortedCursor(cursor, sort, kind, column, leads.id)))
		.orderBy(...sortedOrder(sort, column, leads.id))
		.limit(limit + 1)
	return sortedPageOf(rows, limit, sort, (row) => ({
		value: sort.column === 'email' ? row.email : row.cursorAt,
		id: String(row.id),
	}))
}

/** Rows of the export, in batches of `batch`, newest first (never the whole table). */
export function leadExportRows(db: Db, filters: LeadFilters, batch = 1000) {
	return everyRow((after) => listLeads(db, filters, after, batch))
}

/**
 * The lead the owner is about to erase (docs/decisions/109), with every list its address signed
 * up to (they are erased together); null when there is none, or it is erased already.
 */
export async function leadToErase(db: Db, id: number) {
	const [lead] = await db
		.select({ id: leads.id, email: leads.email })
		.from(leads)
		.where(and(eq(leads.id, id), isNull(leads.erasedAt)))
	if (!lead) return null
	const lists = await db
		.select({ list: leads.list })
		.from(leads)
		.where(eq(leads.email, lead.email))
		.orderBy(leads.list)
	return { ...lead, lists: lists.map((row) => row.list) }
}
