/**
 * Who holds the course's access (issue 36 items 7 and 1, docs/decisions/156): every seat sold
 * gets it, through whoever the seat is for now. A single seat (no link, decision 118) is its
 * buyer's; a shared seat is its holder's once claimed, and until then its buyer's, who is asked
 * to hand it out. So the access e-mail goes to each seat's person once, and the buyer of seats
 * still unclaimed hears how many and where to hand them out.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { foldEmail } from '~/domain/email-address'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { orderPageUrl } from '~/models/links/order-link.server'

/** A paid course order and its shared seats: how many were issued, how many are unclaimed. */
type SeatOrder = {
	orderId: string
	/** The language the order was bought in (decision 174). */
	locale: Locale
	email: string
	name: string | null
	paidAt: Date | null
	issued: number
	unclaimed: number
}

/** An order's seats still to hand out, and the buyer's signed page to do it. */
type SeatsToHandOut = { orderId: string; seats: number; url: string }

/** Paid course orders with a buyer's address, with their seats (of `buyer` alone if given). */
export async function courseSeatOrders(db: Db, buyer?: string): Promise<SeatOrder[]> {
	const rows = await db
		.select({
			orderId: orders.id,
			locale: orders.locale,
			email: orders.email,
			name: orders.customerName,
			paidAt: orders.paidAt,
			issued: sql<number>`count(${passes.id})::int`,
			unclaimed: sql<number>`count(${passes.id}) FILTER (WHERE ${passes.claimedAt} IS NULL)::int`,
		})
		.from(orders)
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.leftJoin(passes, eq(passes.orderId, orders.id))
		.where(
			and(
				eq(catalogItems.type, 'course'),
				eq(orders.status, 'paid'),
				isNotNull(orders.email),
				buyer === undefined ? undefined : sql`lower(${orders.email}) = ${foldEmail(buyer)}`,
			),
		)
		.groupBy(orders.id)
		.orderBy(orders.id)
	return rows.map((row) => ({
		...row,
		email: row.email ?? '',
		issued: Number(row.issued),
		unclaimed: Number(row.unclaimed),
	}))
}

/** Holders of claimed seats of paid course orders (of address `holder` alone if given). */
async function seatHolders(db: Db, holder?: string) {
	return db
		.select({ email: passes.holderEmail, name: passes.holderName, locale: passes.locale })
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
		.where(
			and(
				eq(catalogItems.type, 'course'),
				eq(orders.status, 'paid'),
				isNotNull(passes.claimedAt),
				isNotNull(passes.holderEmail),
				holder === undefined ? undefined : sql`lower(${passes.holderEmail}) = ${foldEmail(holder)}`,
			),
		)
}

/**
 * Who gets the course's access e-mail: the buyer of a single seat, the holder of each claimed
 * seat, and the buyer of seats still unclaimed (an address may appear more than once: a send lists
 * it once). A buyer whose seats were all claimed by others is not on it: their holders are.
 */
export async function courseAccessRecipients(
	db: Db,
): Promise<{ email: string; name: string | null }[]> {
	const buyers = (await courseSeatOrders(db))
		.filter((order) => order.issued === 0 || order.unclaimed > 0)
		.map((order) => ({ email: order.email, name: order.name }))
	const holders = (await seatHolders(db)).flatMap((row) =>
		row.email ? [{ email: row.email, name: row.name }] : [],
	)
	return [...buyers, ...holders]
}

/** How many people the access send lists now (the owner's "Open the course?" step). */
export async function courseAccessCount(db: Db): Promise<number> {
	return new Set((await courseAccessRecipients(db)).map((person) => foldEmail(person.email))).size
}

/**
 * What one person's access e-mail says: whether a seat is theirs, what is left to hand out, and
 * its language: their claimed seat's (decision 177), else their first order's (decision 174).
 */
export type SeatAccess = { ownSeat: boolean; handOut: SeatsToHandOut[]; locale: Locale }

/** The seats `email` holds access for now: their own, and their orders' unclaimed ones. */
export async function seatAccessOf(db: Db, email: string, siteUrl: string): Promise<SeatAccess> {
	const [bought, held] = await Promise.all([courseSeatOrders(db, email), seatHolders(db, email)])
	return {
		ownSeat: held.length > 0 || bought.some((order) => order.issued === 0),
		handOut: bought
			.filter((order) => order.unclaimed > 0)
			.map((order) => ({
				orderId: order.orderId,
				seats: order.unclaimed,
				url: orderPageUrl(siteUrl, order.orderId, order.locale),
			})),
		locale: held[0]?.locale ?? bought[0]?.locale ?? DEFAULT_LOCALE,
	}
}
