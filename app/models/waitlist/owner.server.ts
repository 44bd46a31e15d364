/**
 * The owner's side of the waiting lists (/admin/waitlist, docs/decisions/120, 130): everyone on
 * them in their order, and taking someone off.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, waitlistEntries } from '~/db/schema.server'
import { enqueue } from '~/jobs/queue.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { endPendingOrder } from '~/models/checkout/expire.server'
import { WAITLIST_OFFER_NOW_JOB } from '~/models/checkout/seats-returned.server'

export type OwnerEntry = {
	id: number
	itemCode: string
	itemName: string
	email: string
	quantity: number
	joinedAt: Date
	/** 1, 2, … among the people still waiting for the same product; null once offered or removed. */
	position: number | null
	status: 'unconfirmed' | 'waiting' | 'offer-open' | 'bought' | 'offer-ended' | 'removed'
	offerOrderId: string | null
	offerEndsAt: Date | null
}

/** Who an entry is and what they wait for, for the owner's messages about it ("Offer sent to …"). */
export async function waitlistEntryOf(
	db: Db,
	entryId: number,
): Promise<{ email: string; quantity: number; itemType: string } | null> {
	const [row] = await db
		.select({
			email: waitlistEntries.email,
			quantity: waitlistEntries.quantity,
			itemType: catalogItems.type,
		})
		.from(waitlistEntries)
		.innerJoin(catalogItems, eq(catalogItems.code, waitlistEntries.itemCode))
		.where(eq(waitlistEntries.id, entryId))
	return row ?? null
}

/**
 * Everyone on the waiting lists, the people waiting first (in their order: by confirmation,
 * docs/decisions/130), then the rest, newest first. Entries whose confirmation link ended unused
 * are left out: they never had a place.
 */
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
		.where(ne(waitlistEntries.status, 'expired'))
		.orderBy(
			sql`(${waitlistEntries.status} = 'waiting') DESC`,
			sql`CASE WHEN ${waitlistEntries.status} = 'waiting' THEN ${waitlistEntries.confirmedAt} END`,
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
			entry.status === 'waiting' || entry.status === 'unconfirmed'
				? entry.status
				: entry.status === 'removed' || entry.status === 'expired'
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

export type WaitlistLength = { itemCode: string; itemName: string; people: number; seats: number }

/**
 * How long each product's waiting list is now (the overview, issue 36 item 13): the people still
 * waiting with a confirmed place (decision 130), and the seats they ask for. An unconfirmed entry
 * holds no place, and an offered one has left the queue: neither is counted.
 */
export async function waitlistLengths(db: Db): Promise<WaitlistLength[]> {
	return db
		.select({
			itemCode: waitlistEntries.itemCode,
			itemName: catalogItems.name,
			people: sql<number>`count(*)`.mapWith(Number),
			seats: sql<number>`sum(${waitlistEntries.quantity})`.mapWith(Number),
		})
		.from(waitlistEntries)
		.innerJoin(catalogItems, eq(catalogItems.code, waitlistEntries.itemCode))
		.where(eq(waitlistEntries.status, 'waiting'))
		.groupBy(waitlistEntries.itemCode, catalogItems.name)
		.orderBy(asc(waitlistEntries.itemCode))
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
					sql`(${waitlistEntries.status} IN ('waiting', 'unconfirmed') OR (${waitlistEntries.status} = 'offered'
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
