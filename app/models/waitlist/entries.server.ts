/**
 * The waiting list's people (docs/decisions/120): joining, what a product page says about it,
 * the owner's list, and removing someone.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, waitlistEntries } from '~/db/schema.server'
import { enqueue } from '~/jobs/queue.server'
import { log } from '~/log.server'
import { recordOwnerAction } from '~/models/admin/audit.server'
import { endPendingOrder } from '~/models/checkout/expire.server'
import { findPricedItem } from '~/models/checkout/price.server'
import { rowsOf } from '~/models/checkout/query.server'
import { seatPools } from '~/models/checkout/reserve.server'
import { cachedRead } from '~/models/read-cache.server'
import { WAITLIST_OFFER_NOW_JOB } from './queue.server'

export type JoinInput = { code: string; quantity: number; region: string; email: string }

/**
 * Puts `email` on the waiting list of the product `code` (priced in `region`, else a
 * CheckoutError as a checkout would answer). Joining again keeps the place and takes the new
 * quantity. The offers job runs at once: seats free now go to whoever is first.
 */
export async function joinWaitlist(db: Db, input: JoinInput): Promise<void> {
	await findPricedItem(db, { code: input.code, region: input.region })
	const email = input.email.trim().toLowerCase()
	await db.transaction(async (tx) => {
		await tx
			.insert(waitlistEntries)
			.values({ itemCode: input.code, email, quantity: input.quantity, region: input.region })
			.onConflictDoUpdate({
				target: [waitlistEntries.itemCode, waitlistEntries.email],
				targetWhere: sql`status = 'waiting'`,
				set: { quantity: input.quantity, region: input.region, updatedAt: sql`now()` },
			})
		await enqueue(tx, WAITLIST_OFFER_NOW_JOB, {})
	})
	log.info(`Waiting list: someone joined for ${input.quantity} of ${input.code}`)
}

export type WaitlistState = {
	/** No seat (or pass) a new buyer could take now: every one is paid, held or waited for. */
	soldOut: boolean
	/** People waiting (not yet offered). */
	waiting: number
	/** What the product sells: course seats, or passes. */
	unit: 'seat' | 'pass'
}

/**
 * What the page of the product `code` says: read through the 10 s read cache, like the seat
 * counters (docs/decisions/033), and the page itself may be cached for 5 s more (070, 071).
 * Null for an unknown product.
 */
export async function getWaitlistState(db: Db, code: string): Promise<WaitlistState | null> {
	return cachedRead(`waitlist:${code}`, async () => {
		const [item] = await db
			.select({
				code: catalogItems.code,
				courseSlug: catalogItems.courseSlug,
				capacity: catalogItems.capacity,
				type: catalogItems.type,
			})
			.from(catalogItems)
			.where(eq(catalogItems.code, code))
		if (!item) return null
		let soldOut = false
		for (const pool of seatPools(item)) {
			const [row] = rowsOf(
				await db.execute(
					sql`SELECT (SELECT held FROM seat_counts(${pool.course}, ${pool.item}, ${null}, ${null}))
						+ seat_pool_waiting(${pool.course}, ${pool.item}) AS taken`,
				),
			)
			if (Number(row?.taken ?? 0) >= pool.capacity) soldOut = true
		}
		const [count] = await db
			.select({ people: sql<number>`count(*)::int` })
			.from(waitlistEntries)
			.where(and(eq(waitlistEntries.itemCode, code), eq(waitlistEntries.status, 'waiting')))
		return {
			soldOut,
			waiting: Number(count?.people ?? 0),
			unit: item.type === 'pass' ? ('pass' as const) : ('seat' as const),
		}
	})
}

export type OwnerEntry = {
	id: number
	itemCode: string
	itemName: string
	email: string
	quantity: number
	joinedAt: Date
	/** 1, 2, … among the people still waiting for the same product; null once offered or removed. */
	position: number | null
	status: 'waiting' | 'offer-open' | 'bought' | 'offer-ended' | 'removed'
	offerOrderId: string | null
	offerEndsAt: Date | null
}

/** Everyone on the waiting lists, the people waiting first (in their order), then the rest, newest first. */
export async function listWaitlist(db: Db, limit = 500): Promise<OwnerEntry[]> {
	const rows = await db
		.select({
			entry: waitlistEntries,
			itemName: catalogItems.name,
			orderStatus: orders.status,
			offerEndsAt: orders.expiresAt,
			open: sql<boolean>`${orders.status} = 'pending' AND ${orders.expiresAt} > now()`,
		})
		.from(waitlistEntries)
		.innerJoin(catalogItems, eq(catalogItems.code, waitlistEntries.itemCode))
		.leftJoin(orders, eq(orders.id, waitlistEntries.offerOrderId))
		.orderBy(
			sql`(${waitlistEntries.status} = 'waiting') DESC`,
			sql`CASE WHEN ${waitlistEntries.status} = 'waiting' THEN ${waitlistEntries.id} ELSE -${waitlistEntries.id} END`,
			asc(waitlistEntries.id),
		)
		.limit(limit)
	const positions = new Map<string, number>()
	return rows.map(({ entry, itemName, orderStatus, offerEndsAt, open }) => {
		let position: number | null = null
		if (entry.status === 'waiting') {
			position = (positions.get(entry.itemCode) ?? 0) + 1
			positions.set(entry.itemCode, position)
		}
		const status: OwnerEntry['status'] =
			entry.status === 'waiting'
				? 'waiting'
				: entry.status === 'removed'
					? 'removed'
					: orderStatus === 'paid'
						? 'bought'
						: open
							? 'offer-open'
							: 'offer-ended'
		return {
			id: entry.id,
			itemCode: entry.itemCode,
			itemName,
			email: entry.email,
			quantity: entry.quantity,
			joinedAt: entry.createdAt,
			position,
			status,
			offerOrderId: entry.offerOrderId,
			offerEndsAt: entry.offerOrderId ? offerEndsAt : null,
		}
	})
}

export type RemoveResult = { removed: false } | { removed: true }

/**
 * The owner takes someone off the list, with its audit line in the same transaction: a person
 * waiting leaves the queue; an open offer ends now (its order expires through the checkout's
 * own path, so its seats go to the next person).
 */
export async function removeFromWaitlist(
	db: Db,
	entryId: number,
	actor: string,
): Promise<RemoveResult> {
	const entry = await db.transaction(async (tx) => {
		const [row] = await tx
			.update(waitlistEntries)
			.set({ status: 'removed', updatedAt: sql`now()` })
			.where(
				and(
					eq(waitlistEntries.id, entryId),
					sql`(${waitlistEntries.status} = 'waiting' OR (${waitlistEntries.status} = 'offered'
						AND EXISTS (SELECT 1 FROM orders o WHERE o.id = ${waitlistEntries.offerOrderId} AND o.status = 'pending')))`,
				),
			)
			.returning()
		if (!row) return null
		await recordOwnerAction(tx, {
			actor,
			action: 'waitlist-remove',
			target: `waitlist:${entryId}`,
			before: { item: row.itemCode, quantity: row.quantity, offerOrderId: row.offerOrderId },
			after: { status: 'removed' },
		})
		// Someone behind them may fit now.
		await enqueue(tx, WAITLIST_OFFER_NOW_JOB, {})
		return row
	})
	if (!entry) return { removed: false }
	if (entry.offerOrderId) {
		const [order] = await db.select().from(orders).where(eq(orders.id, entry.offerOrderId))
		if (order?.status === 'pending') await endPendingOrder(db, order)
	}
	return { removed: true }
}
