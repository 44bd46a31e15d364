/**
 * The overview's seats (docs/decisions/031): sold, held and left per capacity pool, counted as the
 * checkout counts them.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { countSeats, seatPools } from '~/models/checkout/reserve.server'

/** Sold, held (unpaid checkouts not expired) and left, per capacity pool (decision 031). */
export async function seatFigures(db: Db) {
	const items = await db.execute(
		sql`SELECT code, name, course_slug, capacity FROM catalog_items WHERE active AND (course_slug IS NOT NULL OR capacity IS NOT NULL) ORDER BY sort_order, code`,
	)
	const pools = new Map<string, { label: string; pool: ReturnType<typeof seatPools>[number] }>()
	for (const row of rowsOf(items)) {
		const item = {
			code: String(row.code),
			courseSlug: row.course_slug === null ? null : String(row.course_slug),
			capacity: row.capacity === null ? null : Number(row.capacity),
		}
		const [coursePool, itemPool] = item.courseSlug
			? seatPools(item)
			: [undefined, ...seatPools(item)]
		if (coursePool && item.courseSlug)
			pools.set(`course:${item.courseSlug}`, {
				label: `Course ${item.courseSlug}`,
				pool: coursePool,
			})
		if (itemPool) pools.set(`item:${item.code}`, { label: String(row.name), pool: itemPool })
	}
	return Promise.all(
		[...pools.values()].map(async ({ label, pool }) => {
			const counts = await countSeats(db, pool, null)
			const held = counts.held - counts.paid
			return {
				label,
				capacity: pool.capacity,
				sold: counts.paid,
				held,
				left: Math.max(0, pool.capacity - counts.held),
			}
		}),
	)
}
