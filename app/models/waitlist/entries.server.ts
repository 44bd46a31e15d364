/**
 * The waiting list's people (docs/decisions/120, 130): joining, confirming a place, and what a
 * product page says about it. The owner's list and removals are in owner.server.ts.
 */

import { and, eq, ne, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { rowsOf, type Tx } from '~/db/query.server'
import { cachedRead } from '~/db/read-cache.server'
import { catalogItems, waitlistEntries } from '~/db/schema.server'
import { formatMoment } from '~/domain/dates'
import { foldEmail } from '~/domain/email-address'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { sendEmail, waitlistTemplatesIn } from '~/integrations/email/index.server'
import { enqueue } from '~/jobs/queue.server'
import { log } from '~/log.server'
import { buyerKey } from '~/models/checkout/buyer-key.server'
import { findPricedItem } from '~/models/checkout/price.server'
import { type SeatPool, seatPools } from '~/models/checkout/reserve.server'
import { WAITLIST_OFFER_NOW_JOB } from '~/models/checkout/seats-returned.server'
import { createLinkToken, verifyLinkToken } from '~/models/links/signed-token.server'
import { siteOrigin } from '~/site-origin.server'
import { localePath } from '~/utils/i18n'
import { WAITLIST_CONFIRM_HOURS } from './offers.server'

/**
 * The most entries one client network may have on the waiting lists at once, unconfirmed,
 * waiting or with an open offer (docs/decisions/130): a household or an office joins for a few
 * addresses; a stranger cannot fill the queue. Its seats are capped by the checkout's own
 * per-buyer allowance, CHECKOUT_HOLD_SEATS_PER_BUYER: a network waits for no more seats than it
 * may hold.
 */
export const WAITLIST_ENTRIES_PER_NETWORK = 5

export type JoinInput = {
	code: string
	quantity: number
	region: string
	email: string
	/** The joining request's client address (the route's context.clientIp), as a checkout's. */
	clientIp?: string
	/** The language of the page joined on, the offer's order's (decision 174); English when absent. */
	locale?: Locale
}

/** Why a join stores nothing (docs/decisions/130), as the visitor is told it. */
export class WaitlistRefusal extends Error {
	constructor(
		readonly status: number,
		readonly reason: 'on-sale' | 'network-entries' | 'network-seats',
		message: string,
	) {
		super(message)
		this.name = 'WaitlistRefusal'
	}
}

/** Seats of `pool` that no new checkout can take: paid, held, and waited for (0029's rule). */
async function seatsTaken(db: Pick<Tx, 'execute'>, pool: SeatPool): Promise<number> {
	const [row] = rowsOf(
		await db.execute(
			sql`SELECT (SELECT held FROM seat_counts(${pool.course}, ${pool.item}, ${null}, ${null}))
				+ seat_pool_waiting(${pool.course}, ${pool.item}) AS taken`,
		),
	)
	return Number(row?.taken ?? 0)
}

/**
 * Whether a checkout of `quantity` would find its seats free in every pool of `item`: the very
 * count `reserve_seats` refuses on (0029), so the waiting list opens exactly where the buy
 * button would answer "sold out".
 */
async function onSaleFor(
	db: Pick<Tx, 'execute'>,
	item: { code: string; courseSlug: string | null; capacity: number | null },
	quantity: number,
): Promise<boolean> {
	for (const pool of seatPools(item))
		if ((await seatsTaken(db, pool)) + quantity > pool.capacity) return false
	return true
}

/** The network's entries and seats on the waiting lists now: unconfirmed, waiting or offered. */
async function networkShare(tx: Tx, holdKey: string): Promise<{ entries: number; seats: number }> {
	const [row] = rowsOf(
		await tx.execute(
			sql`SELECT count(*)::int AS entries, coalesce(sum(w.quantity), 0)::int AS seats
				FROM waitlist_entries w LEFT JOIN orders o ON o.id = w.offer_order_id
				WHERE w.hold_key = ${holdKey}
					AND (w.status = 'waiting'
						OR (w.status = 'unconfirmed'
							AND w.created_at > now() - make_interval(hours => ${WAITLIST_CONFIRM_HOURS}))
						OR (w.status = 'offered' AND o.status = 'pending' AND o.expires_at > now()))`,
		),
	)
	return { entries: Number(row?.entries ?? 0), seats: Number(row?.seats ?? 0) }
}

/**
 * Asks to put `email` on the waiting list of the product `code` (priced in `region`, else a
 * CheckoutError as a checkout would answer): stores an unconfirmed entry and sends the address a
 * link that confirms it (docs/decisions/130); until then it has no place and is never offered
 * anything. Refused with a WaitlistRefusal, storing nothing, while a checkout of `quantity`
 * would get its seats (buy them directly), or past the joining network's caps. Whether the
 * address already waits changes nothing here: the answer and the e-mail are the same.
 */
export async function joinWaitlist(db: Db, input: JoinInput): Promise<void> {
	const item = await findPricedItem(db, { code: input.code, region: input.region })
	const config = getConfig()
	const email = foldEmail(input.email)
	const holdKey = input.clientIp ? buyerKey(input.clientIp, config.SESSION_SECRET) : null
	await db.transaction(async (tx) => {
		// One join at a time per network, so two at once cannot both pass its caps.
		if (holdKey)
			await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`waitlist:${holdKey}`}))`)
		if (await onSaleFor(tx, item, input.quantity))
			throw new WaitlistRefusal(409, 'on-sale', 'Seats are on sale: buy them directly')
		if (holdKey) {
			const share = await networkShare(tx, holdKey)
			if (share.entries >= WAITLIST_ENTRIES_PER_NETWORK)
				throw new WaitlistRefusal(
					429,
					'network-entries',
					`At most ${WAITLIST_ENTRIES_PER_NETWORK} places can be asked for from one network`,
				)
			if (share.seats + input.quantity > config.CHECKOUT_HOLD_SEATS_PER_BUYER)
				throw new WaitlistRefusal(
					429,
					'network-seats',
					`At most ${config.CHECKOUT_HOLD_SEATS_PER_BUYER} seats can be waited for from one network`,
				)
		}
		const [entry] = await tx
			.insert(waitlistEntries)
			.values({
				itemCode: input.code,
				email,
				quantity: input.quantity,
				region: input.region,
				status: 'unconfirmed',
				holdKey,
				locale: input.locale ?? DEFAULT_LOCALE,
			})
			.returning({ id: waitlistEntries.id, createdAt: waitlistEntries.createdAt })
		const until = new Date(entry!.createdAt.getTime() + WAITLIST_CONFIRM_HOURS * 3_600_000)
		const token = createLinkToken(
			{ purpose: 'waitlist-confirm', subject: String(entry!.id), expiresAt: until },
			config.SESSION_SECRET,
		)
		// In the language of the page the place was asked for on (decisions 174, 175).
		const locale = input.locale ?? DEFAULT_LOCALE
		const content = await waitlistTemplatesIn(locale).waitlistConfirm({
			itemName: item.name,
			quantity: input.quantity,
			confirmUrl: `${siteOrigin()}${localePath(`/waitlist/confirm/${encodeURIComponent(token)}`, locale)}`,
			until: formatMoment(until, 'UTC', locale),
		})
		await sendEmail(tx, { to: email, ...content })
	})
	log.info(`Waiting list: someone asked to join for ${input.quantity} of ${input.code}`)
}

export type ConfirmResult = 'confirmed' | 'already' | 'expired' | 'invalid'

/**
 * Follows a joining's confirmation link: the entry takes its place in the queue now (its place
 * is this moment: docs/decisions/130). If the address already waits for the product, that place
 * is kept and takes the new quantity. Following the link again changes nothing; a link past
 * its time, or an entry the owner removed, confirms nothing. The offers run at once.
 */
export async function confirmWaitlistEntry(
	db: Db,
	token: string | undefined,
): Promise<ConfirmResult> {
	const link = verifyLinkToken(token, 'waitlist-confirm', getConfig().SESSION_SECRET)
	if (!link.ok) return link.reason === 'expired' ? 'expired' : 'invalid'
	const id = Number(link.subject)
	if (!Number.isSafeInteger(id)) return 'invalid'
	return db.transaction(async (tx): Promise<ConfirmResult> => {
		const [found] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id))
		if (!found) return 'invalid'
		// One confirmation per address and product at a time: the place it may change is theirs.
		await tx.execute(
			sql`SELECT pg_advisory_xact_lock(hashtext(${`waitlist-email:${found.itemCode}:${found.email}`}))`,
		)
		const [entry] = await tx
			.select({
				row: waitlistEntries,
				live: sql<boolean>`${waitlistEntries.createdAt} > now() - make_interval(hours => ${WAITLIST_CONFIRM_HOURS})`,
			})
			.from(waitlistEntries)
			.where(eq(waitlistEntries.id, id))
			.for('update')
		if (!entry) return 'invalid'
		if (entry.row.status === 'waiting' || entry.row.status === 'offered') return 'already'
		if (entry.row.status !== 'unconfirmed')
			return entry.row.status === 'expired' ? 'expired' : 'invalid'
		if (!entry.live) {
			await tx
				.update(waitlistEntries)
				.set({ status: 'expired', updatedAt: sql`now()` })
				.where(eq(waitlistEntries.id, id))
			return 'expired'
		}
		const [place] = await tx
			.select({ id: waitlistEntries.id })
			.from(waitlistEntries)
			.where(
				and(
					eq(waitlistEntries.itemCode, entry.row.itemCode),
					eq(waitlistEntries.email, entry.row.email),
					eq(waitlistEntries.status, 'waiting'),
					ne(waitlistEntries.id, id),
				),
			)
			.for('update')
		if (place) {
			const { quantity, region, holdKey, locale } = entry.row
			await tx
				.update(waitlistEntries)
				.set({ quantity, region, holdKey, locale, updatedAt: sql`now()` })
				.where(eq(waitlistEntries.id, place.id))
			await tx
				.update(waitlistEntries)
				.set({ status: 'expired', updatedAt: sql`now()` })
				.where(eq(waitlistEntries.id, id))
		} else
			await tx
				.update(waitlistEntries)
				.set({
					status: 'waiting',
					confirmedAt: sql`clock_timestamp()`,
					updatedAt: sql`now()`,
				})
				.where(eq(waitlistEntries.id, id))
		await enqueue(tx, WAITLIST_OFFER_NOW_JOB, {})
		log.info(`Waiting list: entry #${id} confirmed`)
		return 'confirmed'
	})
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
		const soldOut = !(await onSaleFor(db, item, 1))
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
