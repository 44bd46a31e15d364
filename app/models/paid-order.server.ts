/**
 * The `order_hashid` of the sign-in result (SPEC §3, §7): the public id of the visitor's latest
 * paid order for their e-mail address, if any.
 *
 * Orders only learn their buyer's e-mail with the checkout issue (#4), which adds an `email`
 * column to `orders`. Until that migration has run, no order can be linked to an address and
 * this answers null; the column is looked up, so nothing here needs to change when it arrives.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'

// Only a "yes" is remembered: the migration may run while this server is up, and sign-ins are
// rare enough for the look-up to be cheap until then.
const hasEmailColumn = new WeakSet<Db>()

async function ordersHaveEmail(db: Db): Promise<boolean> {
	if (hasEmailColumn.has(db)) return true
	const result = await db.execute(
		sql`SELECT 1 FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name = 'email'`,
	)
	const present = rowsOf(result).length > 0
	if (present) hasEmailColumn.add(db)
	return present
}

// node-postgres answers { rows }, PGlite answers { rows } too, but typed apart.
const rowsOf = (result: unknown): Record<string, unknown>[] =>
	((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[]

/** The public id of the latest paid order for `email` (case-insensitive), or null. */
export async function findLatestPaidOrderHashId(db: Db, email: string): Promise<string | null> {
	if (email.trim() === '' || !(await ordersHaveEmail(db))) return null
	const result = await db.execute(
		sql`SELECT id FROM orders
			WHERE status = 'paid' AND lower(email) = lower(${email.trim()})
			ORDER BY paid_at DESC NULLS LAST, created_at DESC
			LIMIT 1`,
	)
	const id = rowsOf(result)[0]?.id
	return typeof id === 'string' ? id : null
}
