/**
 * The owner's passes export (docs/decisions/083): every pass with its order and claim, then every
 * seat or pass refunded on its own, as it was when refunded (docs/decisions/150).
 */
import { and, desc, eq, gte, isNotNull, isNull, lt } from 'drizzle-orm'
import { ownerTimeZone } from '~/content/owner-zone.server'
import type { Db } from '~/db/client.server'
import { beforeCursor, cursorTime, decodeCursor, everyRow, pageOf } from '~/db/cursor.server'
import { orders, passes, refundedPasses } from '~/db/schema.server'
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
			refundedAt: orders.refundedAt,
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

/** The seats and passes refunded on their own, with the same filters and columns. */
async function listRefundedPasses(
	db: Db,
	filters: PassFilters,
	after: string | null,
	limit: number,
) {
	const { start, end } = dayBounds(filters, ownerTimeZone())
	const rows = await db
		.select({
			id: refundedPasses.id,
			createdAt: refundedPasses.createdAt,
			orderId: refundedPasses.orderId,
			orderStatus: orders.status,
			itemCode: refundedPasses.itemCode,
			holderName: refundedPasses.holderName,
			holderEmail: refundedPasses.holderEmail,
			claimedAt: refundedPasses.claimedAt,
			buyerEmail: orders.email,
			refundedAt: refundedPasses.refundedAt,
			cursorAt: cursorTime(refundedPasses.createdAt),
		})
		.from(refundedPasses)
		.innerJoin(orders, eq(orders.id, refundedPasses.orderId))
		.where(
			and(
				filters.product ? eq(refundedPasses.itemCode, filters.product) : undefined,
				filters.claimed === 'yes' ? isNotNull(refundedPasses.claimedAt) : undefined,
				filters.claimed === 'no' ? isNull(refundedPasses.claimedAt) : undefined,
				start ? gte(refundedPasses.createdAt, start) : undefined,
				end ? lt(refundedPasses.createdAt, end) : undefined,
				beforeCursor(decodeCursor(after), refundedPasses.createdAt, refundedPasses.id),
			),
		)
		.orderBy(desc(refundedPasses.createdAt), desc(refundedPasses.id))
		.limit(limit + 1)
	return pageOf(rows, limit, (row) => ({ at: row.cursorAt, id: row.id }))
}

/** Every pass, then every one refunded on its own: each `refundedAt` says which are refunded. */
export async function* passExportRows(db: Db, filters: PassFilters, batch = 1000) {
	yield* everyRow((after) => listPasses(db, filters, after, batch))
	yield* everyRow((after) => listRefundedPasses(db, filters, after, batch))
}
