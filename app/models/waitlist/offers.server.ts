/**
 * Offers to the people waiting (docs/decisions/120). An offer is a pending order holding the
 * person's seats for WAITLIST_OFFER_HOURS, inside the seat accounting every checkout uses
 * (decisions 031, 107): while it is open, `reserve_seats` counts it as held, so no checkout can
 * take its seats; it is paid through the same confirm step; when it ends unpaid, the holds job
 * expires it like any checkout, and that expiry runs this again for the next person.
 *
 * One transaction per run, under the seat locks: every capacity pool anyone waits for is locked
 * (courses first, then items, each in name order: the order checkouts take them in), then the
 * queue is read again (a statement after the locks sees everything committed before them), and
 * the people waiting are offered seats in the order their addresses were confirmed (decision
 * 130). Someone whose seats do not fit yet keeps their place, and the seats go to the next
 * person they fit; an offer also stays within the joining network's hold allowance, the rule a
 * checkout's seats obey (decision 033). Two runs on two app servers queue on the same locks, so
 * a seat is never offered twice.
 */

import { eq, inArray, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { newPublicId } from '~/db/public-id.server'
import { rowsOf, type Tx } from '~/db/query.server'
import { catalogItems, orders, waitlistEntries } from '~/db/schema.server'
import { formatMoment } from '~/domain/dates'
import { sendEmail, waitlistTemplatesIn } from '~/integrations/email/index.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import type { JobDefinition } from '~/jobs/run.server'
import { log } from '~/log.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { findPricedItem, priceWithCoupon } from '~/models/checkout/price.server'
import { allowanceIn, countSeats, type SeatPool, seatPools } from '~/models/checkout/reserve.server'
import { WAITLIST_OFFER_JOB, WAITLIST_OFFER_NOW_JOB } from '~/models/checkout/seats-returned.server'
import { createLinkToken } from '~/models/links/signed-token.server'
import { unsubscribeLinks } from '~/models/preferences/preferences.server'
import { siteOrigin } from '~/site-origin.server'
import { localePath } from '~/utils/i18n'

type Entry = typeof waitlistEntries.$inferSelect
type PoolItem = { code: string; courseSlug: string | null; capacity: number | null }

/** How long a joining's confirmation link works; an entry not confirmed by then expires (130). */
export const WAITLIST_CONFIRM_HOURS = 24

const poolKey = (pool: SeatPool) => (pool.course ? `course:${pool.course}` : `item:${pool.item}`)

/** The path of an offer's page, from its signed token: it expires with the hold as offered. */
function offerPath(orderId: string, endsAt: Date): string {
	const token = createLinkToken(
		{ purpose: 'waitlist-offer', subject: orderId, expiresAt: endsAt },
		getConfig().SESSION_SECRET,
	)
	return `/waitlist/offer/${encodeURIComponent(token)}`
}

/**
 * Locks the pools of `items` in the checkouts' order and answers the seats free in each
 * (capacity minus paid seats and open holds, offers included).
 */
export async function lockPools(tx: Tx, items: PoolItem[]): Promise<Map<string, number>> {
	const pools = new Map<string, SeatPool>()
	for (const item of items) for (const pool of seatPools(item)) pools.set(poolKey(pool), pool)
	const ordered = [...pools.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
	const free = new Map<string, number>()
	for (const [key, pool] of ordered) {
		const [row] = rowsOf(
			await tx.execute(
				sql`SELECT held FROM lock_seat_counts(${pool.course}, ${pool.item}, ${null}, ${null})`,
			),
		)
		free.set(key, pool.capacity - Number(row?.held ?? 0))
	}
	return free
}

/**
 * Whether `quantity` more seats held by the network `holdKey` stay within its allowance in
 * every pool of `item`: the per-buyer check `reserve_seats` makes for a checkout (0016, decision
 * 033), through the same allowance (`allowanceIn`), counted under the caller's locks and with the
 * offers this run made already. An entry from before the rule has no key, and no allowance.
 */
async function withinHoldAllowance(
	tx: Tx,
	item: PoolItem,
	quantity: number,
	holdKey: string | null,
): Promise<boolean> {
	if (holdKey === null) return true
	for (const pool of seatPools(item)) {
		const seats = await countSeats(tx, pool, holdKey)
		if (seats.buyerHeld + quantity > allowanceIn(pool, seats.paid)) return false
	}
	return true
}

/**
 * The offer to `entry`: its pending order holding the seats until the offer ends, the entry
 * marked offered, and the e-mail with the signed link, all in the caller's transaction.
 */
async function makeOffer(tx: Tx, entry: Entry): Promise<void> {
	const config = getConfig()
	const item = await findPricedItem(tx, {
		code: entry.itemCode,
		region: entry.region,
	})
	const price = await priceWithCoupon(tx, item, entry.quantity, null)
	const id = newPublicId()
	const [order] = await tx
		.insert(orders)
		.values({
			id,
			itemCode: item.code,
			quantity: entry.quantity,
			status: 'pending',
			region: entry.region,
			amountMinor: price.totalMinor,
			unitAmountMinor: price.unitAmountMinor,
			discountMinor: price.discountMinor,
			currency: item.currency,
			attribution: { waitlist: true },
			// The language the place was asked for in (decision 174): the buyer's receipt's.
			locale: entry.locale,
			provider: getPaymentProvider().id,
			email: entry.email,
			// The joining network's, as a checkout's (decisions 033, 130): the offer counts against
			// its allowance, and its allowance was checked before.
			holdKey: entry.holdKey,
			expiresAt: sql`now() + make_interval(hours => ${config.WAITLIST_OFFER_HOURS})`,
		})
		.returning({ expiresAt: orders.expiresAt })
	await tx
		.update(waitlistEntries)
		.set({ status: 'offered', offerOrderId: id, offeredAt: sql`now()`, updatedAt: sql`now()` })
		.where(eq(waitlistEntries.id, entry.id))
	const origin = siteOrigin()
	const content = await waitlistTemplatesIn(entry.locale).waitlistOffer({
		itemName: item.name,
		quantity: entry.quantity,
		offerUrl: `${origin}${localePath(offerPath(id, order!.expiresAt), entry.locale)}`,
		heldUntil: formatMoment(order!.expiresAt, 'UTC', entry.locale),
		unsubscribe: unsubscribeLinks(origin, entry.email),
	})
	await sendEmail(tx, { to: entry.email, ...content })
	log.info(
		`Waiting list: entry #${entry.id} offered ${entry.quantity} of ${item.code} (order ${id})`,
	)
}

async function itemsOf(tx: Tx, codes: string[]): Promise<Map<string, PoolItem>> {
	if (codes.length === 0) return new Map()
	const rows = await tx
		.select({
			code: catalogItems.code,
			courseSlug: catalogItems.courseSlug,
			capacity: catalogItems.capacity,
		})
		.from(catalogItems)
		.where(inArray(catalogItems.code, codes))
	return new Map(rows.map((row) => [row.code, row]))
}

/**
 * Offers the seats free now to the people waiting, first come first served; returns how many
 * offers were made. Idempotent: a second run finds the seats held by the first one's offers.
 */
export async function offerFreedSeats(db: Db): Promise<number> {
	return db.transaction(async (tx) => {
		const waitingCodes = rowsOf(
			await tx.execute(
				sql`SELECT DISTINCT item_code FROM waitlist_entries WHERE status = 'waiting'`,
			),
		).map((row) => String(row.item_code))
		if (waitingCodes.length === 0) return 0
		const items = await itemsOf(tx, waitingCodes)
		const free = await lockPools(tx, [...items.values()])
		// Read again under the locks, and locked against the owner's hand meanwhile.
		const queue = await tx
			.select()
			.from(waitlistEntries)
			.where(
				sql`${waitlistEntries.status} = 'waiting' AND ${inArray(waitlistEntries.itemCode, [...items.keys()])}`,
			)
			.orderBy(waitlistEntries.confirmedAt, waitlistEntries.id)
			.for('update')
		let offers = 0
		for (const entry of queue) {
			const item = items.get(entry.itemCode)
			if (!item) continue
			const keys = seatPools(item).map(poolKey)
			// Seats the person in front cannot use go to the next person they fit (decision 130):
			// a large party waiting does not keep every seat that comes back unused.
			if (!keys.every((key) => (free.get(key) ?? 0) >= entry.quantity)) continue
			if (!(await withinHoldAllowance(tx, item, entry.quantity, entry.holdKey))) continue
			try {
				await tx.execute(sql`SAVEPOINT waitlist_offer`)
				await makeOffer(tx, entry)
				await tx.execute(sql`RELEASE SAVEPOINT waitlist_offer`)
			} catch (error) {
				// The product lost its price in that region, or was withdrawn: this entry waits (the
				// owner sees it); the seats go to the next person they fit.
				await tx.execute(sql`ROLLBACK TO SAVEPOINT waitlist_offer`)
				log.error({ err: error }, `Waiting list: entry #${entry.id} could not be offered`)
				continue
			}
			for (const key of keys) free.set(key, (free.get(key) ?? 0) - entry.quantity)
			offers++
		}
		return offers
	})
}

export type HandOfferResult = 'offered' | 'not-waiting' | 'no-seats'

/**
 * The owner offers the seats to one person now, ahead of the queue, when they are free (the
 * same locks: never more seats than there are), with its audit line in the same transaction.
 * Nothing changes otherwise.
 */
export async function offerByHand(
	db: Db,
	entryId: number,
	actor: string,
): Promise<HandOfferResult> {
	return db.transaction(async (tx) => {
		const [found] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId))
		if (found?.status !== 'waiting') return 'not-waiting'
		const item = (await itemsOf(tx, [found.itemCode])).get(found.itemCode)
		if (!item) return 'not-waiting'
		const free = await lockPools(tx, [item])
		const [entry] = await tx
			.select()
			.from(waitlistEntries)
			.where(eq(waitlistEntries.id, entryId))
			.for('update')
		if (entry?.status !== 'waiting') return 'not-waiting'
		if (seatPools(item).some((pool) => (free.get(poolKey(pool)) ?? 0) < entry.quantity))
			return 'no-seats'
		// The owner's hand skips the queue, not the network's hold allowance.
		if (!(await withinHoldAllowance(tx, item, entry.quantity, entry.holdKey))) return 'no-seats'
		await makeOffer(tx, entry)
		await recordOwnerAction(tx, {
			actor,
			action: 'waitlist-offer',
			target: `waitlist:${entryId}`,
			before: { status: 'waiting', item: entry.itemCode, quantity: entry.quantity },
			after: { status: 'offered' },
		})
		return 'offered'
	})
}

/**
 * The waiting list's jobs (docs/decisions/075): a run now when seats came back, and a periodic
 * run, which also finds the seats a raised capacity (COURSE_SLOTS, a pass's capacity) added.
 */
export function waitlistJobs(db: Db, config: { HOLDS_SWEEP_SECONDS: number }): JobDefinition[] {
	const run = async () => {
		await offerFreedSeats(db)
	}
	const periodic = async () => {
		await expireUnconfirmedEntries(db)
		await offerFreedSeats(db)
	}
	return [
		{ kind: WAITLIST_OFFER_JOB, everySeconds: config.HOLDS_SWEEP_SECONDS, run: periodic },
		{ kind: WAITLIST_OFFER_NOW_JOB, run },
	]
}

/**
 * Unconfirmed entries whose link has ended (decision 130): they never had a place, were never
 * counted, and now never will be; the owner's list leaves them out.
 */
export async function expireUnconfirmedEntries(db: Db): Promise<number> {
	const rows = await db
		.update(waitlistEntries)
		.set({ status: 'expired', updatedAt: sql`now()` })
		.where(
			sql`${waitlistEntries.status} = 'unconfirmed'
				AND ${waitlistEntries.createdAt} <= now() - make_interval(hours => ${WAITLIST_CONFIRM_HOURS})`,
		)
		.returning({ id: waitlistEntries.id })
	return rows.length
}
