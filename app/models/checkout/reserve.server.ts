/**
 * Holding seats (docs/decisions/031): seats are held by rows, never by this process. Creating a
 * checkout locks the capacity row (the course, or a pass item with its own capacity) with
 * SELECT ... FOR UPDATE, counts paid seats plus the reservations of pending checkouts that have
 * not expired, and inserts the new pending order in the same transaction. Every app server on
 * one PostgreSQL takes that lock in turn, so paid seats never exceed capacity; PGlite (one
 * connection) runs transactions one at a time, which is the same guarantee.
 */
import { eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { catalogItems, courses } from '~/db/schema.server'
import { CheckoutError } from './errors'
import { rowsOf, type Tx } from './query.server'
import { seatsFit } from './rules'

async function heldSeats(tx: Tx, where: ReturnType<typeof sql>): Promise<number> {
	const result = await tx.execute(
		sql`SELECT coalesce(sum(o.quantity), 0)::int AS held
			FROM orders o JOIN catalog_items c ON c.code = o.item_code
			WHERE (${where})
				AND (o.status = 'paid' OR (o.status = 'pending' AND o.expires_at > now()))`,
	)
	return Number(rowsOf(result)[0]?.held ?? 0)
}

/**
 * Locks the capacity rows of `item` and checks that `quantity` more fit, else 409 `sold out`.
 * Locks are taken in one order (course, then item) so two checkouts never wait on each other
 * crosswise.
 */
export async function reserveSeats(
	tx: Tx,
	item: { code: string; courseSlug: string | null; capacity: number | null },
	quantity: number,
): Promise<void> {
	if (item.courseSlug) {
		await tx
			.select({ slug: courses.slug })
			.from(courses)
			.where(eq(courses.slug, item.courseSlug))
			.for('update')
		const held = await heldSeats(tx, sql`c.course_slug = ${item.courseSlug}`)
		if (!seatsFit({ capacity: getConfig().COURSE_SLOTS, held, quantity }))
			throw new CheckoutError(409, 'sold out')
	}
	if (item.capacity !== null) {
		await tx
			.select({ code: catalogItems.code })
			.from(catalogItems)
			.where(eq(catalogItems.code, item.code))
			.for('update')
		const held = await heldSeats(tx, sql`o.item_code = ${item.code}`)
		if (!seatsFit({ capacity: item.capacity, held, quantity }))
			throw new CheckoutError(409, 'sold out')
	}
}
