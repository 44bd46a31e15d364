/**
 * A buyer's new checkout replaces their older holds past their allowance (docs/decisions/033):
 * someone who clicks "Buy" again, or an address creating checkout after checkout, keeps at
 * most its allowance of seats out of the sale. Each replaced order's provider session is ended
 * first, so it can no longer be paid for seats that are no longer held; a session paid
 * meanwhile is recorded as paid instead (its seats are sold, not released).
 */
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { orders } from '~/db/schema.server'
import { holdsToRelease } from '~/domain/checkout-rules'
import { endPendingOrder } from './expire.server'
import { allowanceIn, countSeats, type SeatPool, seatPools } from './reserve.server'

type Order = typeof orders.$inferSelect

/**
 * The buyer's unpaid, unexpired orders in `pool`, oldest first; not those whose delayed payment
 * is on its way (decision 164: paid as far as the buyer can tell) nor those waiting for a bank
 * transfer (decision 163: held until the due date). Neither is ever replaced; both still count
 * in the buyer's allowance.
 */
async function pendingHolds(db: Db, pool: SeatPool, buyerKey: string): Promise<Order[]> {
	const result = await db.execute(
		sql`SELECT o.id FROM seat_pool_orders(${pool.course}, ${pool.item}) o
			WHERE o.hold_key = ${buyerKey} AND o.status = 'pending' AND o.expires_at > now()
				AND o.awaiting_payment_since IS NULL
				AND o.provider <> 'transfer'
			ORDER BY o.created_at, o.id`,
	)
	const ids = rowsOf(result).map((row) => String(row.id))
	if (ids.length === 0) return []
	const rows = await db.select().from(orders).where(inArray(orders.id, ids))
	const byId = new Map(rows.map((row) => [row.id, row]))
	return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * Releases the buyer's oldest holds so that `quantity` more fit their allowance in every pool
 * of `item`. Runs before the checkout's transaction: providers are never called under the lock.
 */
export async function replaceOlderHolds(
	db: Db,
	item: { code: string; courseSlug: string | null; capacity: number | null },
	quantity: number,
	buyerKey: string | null,
): Promise<void> {
	if (buyerKey === null) return
	const released = new Set<string>()
	for (const pool of seatPools(item)) {
		const holds = (await pendingHolds(db, pool, buyerKey)).filter((h) => !released.has(h.id))
		if (holds.length === 0) continue
		const { paid } = await countSeats(db, pool, buyerKey)
		for (const order of holdsToRelease(holds, quantity, allowanceIn(pool, paid))) {
			released.add(order.id)
			await endPendingOrder(db, order)
		}
	}
}
