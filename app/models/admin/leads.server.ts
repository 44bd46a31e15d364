/**
 * The owner's leads (docs/decisions/083): sign-ups per list with their confirmation state and
 * attribution, newest first, paged by key; the same query feeds the CSV export.
 */
import { and, desc, eq, gte, isNotNull, isNull, like, lt, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { leads } from '~/db/schema-leads.server'
import { beforeCursor, cursorTime, decodeCursor, everyRow, pageOf } from './cursor.server'
import { dayBounds, type LeadFilters } from './filters.server'
import { prefixPattern } from './orders.server'

const LEADS_PAGE_SIZE = 50

function leadConditions(filters: LeadFilters): SQL | undefined {
	const { start, end } = dayBounds(filters)
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

export async function listLeads(
	db: Db,
	filters: LeadFilters,
	after: string | null,
	limit = LEADS_PAGE_SIZE,
) {
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
			partnerKey: leads.partnerKey,
			referralUrl: leads.referralUrl,
			attribution: leads.attribution,
			cursorAt: cursorTime(leads.createdAt),
		})
		.from(leads)
		.where(
			and(leadConditions(filters), beforeCursor(decodeCursor(after), leads.createdAt, leads.id)),
		)
		.orderBy(desc(leads.createdAt), desc(leads.id))
		.limit(limit + 1)
	return pageOf(rows, limit, (row) => ({ at: row.cursorAt, id: String(row.id) }))
}

/** Rows of the export, in batches of `batch`, newest first (never the whole table). */
export function leadExportRows(db: Db, filters: LeadFilters, batch = 1000) {
	return everyRow((after) => listLeads(db, filters, after, batch))
}
