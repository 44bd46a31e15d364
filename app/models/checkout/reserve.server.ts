/**
 * Holding seats (docs/decisions/031, 033, 107): seats are held by rows, never by this process.
 * Creating a checkout inserts the pending order and, in the same statement, the database's
 * `reserve_seats` (0016_reserve_seats.sql) locks the capacity row (the course, or a pass item
 * with its own capacity) with SELECT ... FOR UPDATE, counts paid seats, the reservations of
 * pending checkouts that have not expired and the buyer's own (`lock_seat_counts`,
 * 0015_seat_counts.sql), and refuses an order that does not fit: one statement, one transaction.
 * Every app server on one PostgreSQL takes that lock in turn, so paid seats never exceed
 * capacity and no buyer's holds pass their allowance; PGlite (one connection) runs transactions
 * one at a time, which is the same guarantee.
 */

import { sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { rowsOf, type Tx } from '~/db/query.server'
import { orders } from '~/db/schema.server'
import { holdAllowance, seatsFit } from '~/domain/checkout-rules'
import { countOf, type PluralForms, unitsOf } from '~/domain/words'
import { CheckoutError } from './errors'

type SeatCounts = { paid: number; held: number; buyerHeld: number }

/**
 * A capacity pool: every seat of a course, or one item with its own capacity; named by exactly
 * one of `course` and `item`, as the database's seat functions take it (0015_seat_counts.sql).
 */
export type SeatPool = { capacity: number; course: string | null; item: string | null }

/** The capacity pools an item's seats count against, course first (the lock order). */
export function seatPools(item: {
	code: string
	courseSlug: string | null
	capacity: number | null
}): SeatPool[] {
	const pools: SeatPool[] = []
	if (item.courseSlug)
		pools.push({ capacity: getConfig().COURSE_SLOTS, course: item.courseSlug, item: null })
	if (item.capacity !== null) pools.push({ capacity: item.capacity, course: null, item: item.code })
	return pools
}

function seatCounts(result: unknown): SeatCounts {
	const row = rowsOf(result)[0] ?? {}
	return {
		paid: Number(row.paid ?? 0),
		held: Number(row.held ?? 0),
		buyerHeld: Number(row.buyer_held ?? 0),
	}
}

/**
 * Paid seats, seats held (paid or reserved), and those reserved by `buyerKey`'s checkouts; all
 * but the order `except`.
 */
export async function countSeats(
	tx: Pick<Tx, 'execute'>,
	pool: SeatPool,
	buyerKey: string | null,
	except: string | null = null,
): Promise<SeatCounts> {
	return seatCounts(
		await tx.execute(
			sql`SELECT * FROM seat_counts(${pool.course}, ${pool.item}, ${buyerKey}, ${except})`,
		),
	)
}

/**
 * Locks the pool's capacity row until the transaction ends, then counts as `countSeats` does:
 * one call to the database, so the lock is not held across a round trip for the count (107).
 */
async function lockAndCountSeats(
	tx: Tx,
	pool: SeatPool,
	buyerKey: string | null,
	except: string | null,
): Promise<SeatCounts> {
	return seatCounts(
		await tx.execute(
			sql`SELECT * FROM lock_seat_counts(${pool.course}, ${pool.item}, ${buyerKey}, ${except})`,
		),
	)
}

/** The most one buyer's unpaid checkouts may hold in `pool` now (docs/decisions/033). */
export function allowanceIn(pool: SeatPool, paid: number): number {
	const config = getConfig()
	return holdAllowance({
		capacity: pool.capacity,
		paid,
		perBuyer: config.CHECKOUT_HOLD_SEATS_PER_BUYER,
		sharePercent: config.CHECKOUT_HOLD_SHARE_PERCENT,
	})
}

type PooledItem = { code: string; courseSlug: string | null; capacity: number | null }

/** The refusals `reserve_seats` raises (0016_reserve_seats.sql), as the buyer is told them. */
function refusalOf(error: unknown, units: PluralForms): CheckoutError | null {
	for (let cause = error; cause instanceof Error; cause = cause.cause) {
		const { code, message, detail } = cause as Error & { code?: string; detail?: string }
		if (code !== 'P0001') continue
		if (message === 'sold-out') return new CheckoutError(409, 'sold out', 'sold-out')
		if (message === 'per-buyer')
			return new CheckoutError(
				409,
				`at most ${countOf(Number(detail), units)} can be held per buyer right now; please choose fewer`,
				'per-buyer',
			)
		if (message === 'other-checkout')
			return new CheckoutError(
				409,
				`your other checkout is still holding ${units.other}: finish or cancel it, then try again`,
				'other-checkout',
			)
	}
	return null
}

/**
 * Writes the pending order `values` and reserves its seats in one statement, its own
 * transaction: the database locks the capacity rows of `item` (course first, then the item: two
 * checkouts never wait on each other crosswise), counts, and checks that the order fits for
 * everyone (else 409 `sold out`) and within the buyer's allowance (else 409 saying so); a
 * refusal undoes the insert. The seat lock ends with that statement, inside the database, never
 * waiting for this process (docs/decisions/107). The buyer's older holds past the allowance were
 * released before (holds.server.ts); what is left here is a race between two checkouts of one
 * buyer.
 */
export async function insertOrderHoldingSeats(
	db: Db,
	values: PgInsertValue<typeof orders> & { quantity: number; holdKey: string | null },
	item: PooledItem & { type: string },
): Promise<{ expiresAt: Date | null; amountMinor: number }> {
	const config = getConfig()
	const newOrder = db
		.$with('new_order')
		.as(
			db
				.insert(orders)
				.values(values)
				.returning({ id: orders.id, expiresAt: orders.expiresAt, amountMinor: orders.amountMinor }),
		)
	const pools = JSON.stringify(seatPools(item))
	try {
		const [row] = await db
			.with(newOrder)
			.select({
				expiresAt: newOrder.expiresAt,
				amountMinor: newOrder.amountMinor,
				reserved: sql<boolean>`reserve_seats(${newOrder.id}, ${pools}::jsonb, ${values.quantity}::int,
					${values.holdKey}::text, ${config.CHECKOUT_HOLD_SEATS_PER_BUYER}::int,
					${config.CHECKOUT_HOLD_SHARE_PERCENT}::int)`,
			})
			.from(newOrder)
		return row!
	} catch (error) {
		throw refusalOf(error, unitsOf(item.type)) ?? error
	}
}

/**
 * Whether `quantity` seats of `item` are free now for an order that holds none (a payment that
 * arrived after its hold ended: docs/decisions/077), under the same locks as a new checkout.
 */
export async function seatsFreeFor(tx: Tx, item: PooledItem, quantity: number): Promise<boolean> {
	for (const pool of seatPools(item)) {
		const seats = await lockAndCountSeats(tx, pool, null, null)
		if (!seatsFit({ capacity: pool.capacity, held: seats.held, quantity })) return false
	}
	return true
}
