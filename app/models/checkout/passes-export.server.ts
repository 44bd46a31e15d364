/** The owner's passes export (docs/decisions/083): every pass with its order and claim. */
import { and, desc, eq, gte, isNotNull, isNull, lt } from 'drizzle-orm'
import { ownerTimeZone } from '~/content/owner-zone.server'
import type { Db } from '~/db/client.server'
import { beforeCursor, cursorTime, decodeCursor, everyRow, pageOf } from '~/db/cursor.server'
import { orders, passes } from '~/db/schema.server'
import { dayBounds, type PassFilters } from '~/models/lists/filters.server'

async function listPasses(db: Db, filters: PassFilters, after: string | null, limit: number) {
	const { start, end } = dayBounds(filters, ownerTimeZone())
	const rows = await db
		.select({
			id: passes.id,
			createdAt: passes.createdAt,
			orderId: passes.orderId,
			orderStatus: orders.status,
			itemCode: passes.itemCode,
			holderName: passes.holderName,
			holderEmail: passes.holderEmail,
			claimedAt: passes.claimedAt,
			buyerEmail: orders.email,
			cursorAt: cursorTime(passes.createdAt),
		})
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.where(
			and(
				filters.product ? eq(passes.itemCode, filters.product) : undefined,
				filters.claimed === 'yes' ? isNotNull(passes.claimedAt) : undefined,
				filters.claimed === 'no' ? isNull(passes.claimedAt) : undefined,
				start ? gte(passes.createdAt, start) : undefined,
				end ? lt(passes.createdAt, end) : undefined,
				beforeCursor(decodeCursor(after), passes.createdAt, passes.id),
			),
		)
		.orderBy(desc(passes.createdAt), desc(passes.id))
		.limit(limit + 1)
	return pageOf(rows, limit, (row) => ({ at: row.cursorAt, id: row.id }))
}

export function passExportRows(db: Db, filters: PassFilters, batch = 1000) {
	return everyRow((after) => listPasses(db, filters, after, batch))
}
