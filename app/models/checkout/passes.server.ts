/**
 * Day-event passes (SPEC §2 /pass/:id, §6 the pass-validator; docs/decisions/030): one per item
 * bought, issued when the order is paid, each with an unguessable id. The holder claims a pass
 * once with a name and an e-mail address; a team buys several and each member claims one.
 *
 * Course seats to share (docs/decisions/118) are passes of another kind: a `passes` row of the
 * course item, with the same link, claim, messages, refund and reassignment. A course order of
 * several seats issues one per seat, the buyer's own among them; a single seat is the buyer's.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { newPublicId, PUBLIC_ID } from '~/db/public-id.server'
import type { Tx } from '~/db/query.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { courseIsOpen } from '~/domain/course-status'
import { foldEmail } from '~/domain/email-address'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { sendEmail } from '~/integrations/email/index.server'
import { getCourse } from '~/models/course/course.server'
import { passClaimedMessage } from './notices.server'

export type Pass = {
	id: string
	orderId: string
	itemName: string
	/** The catalog item's type: a pass is for the day event, a seat for the course. */
	itemType: string
	holderName: string | null
	holderEmail: string | null
	claimedAt: string | null
}

/**
 * The pass validator: a pass of a paid order, or null for a malformed id, an unknown one, or a
 * pass whose order was refunded. Callers answer all of those with the same 404, no hint.
 */
export async function findValidPass(db: Db, id: string): Promise<Pass | null> {
	if (!PUBLIC_ID.test(id)) return null
	const [row] = await db
		.select({
			id: passes.id,
			orderId: passes.orderId,
			itemName: catalogItems.name,
			itemType: catalogItems.type,
			holderName: passes.holderName,
			holderEmail: passes.holderEmail,
			claimedAt: passes.claimedAt,
		})
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
		.where(and(eq(passes.id, id), eq(orders.status, 'paid')))
	if (!row) return null
	return { ...row, claimedAt: row.claimedAt?.toISOString() ?? null }
}

/**
 * Claims a valid, unclaimed pass in one statement, so two claims at once cannot both win; the
 * holder's confirmation (the event and its calendar file, links from `origin`) commits with the
 * claim (docs/decisions/101, 113), so it goes once, and a claim sent again sends nothing.
 */
export async function claimPass(
	db: Db,
	id: string,
	holder: { name: string; email: string },
	origin: string,
	/** The claim page's language: its confirmation's (decision 174), and its holder's for good (177). */
	locale: Locale = DEFAULT_LOCALE,
): Promise<'claimed' | 'already-claimed' | 'not-found'> {
	const pass = await findValidPass(db, id)
	if (!pass) return 'not-found'
	if (pass.claimedAt) return 'already-claimed'
	const holderEmail = foldEmail(holder.email)
	const message = await passClaimedMessage(
		{ ...pass, holderName: holder.name, holderEmail },
		origin,
		pass.itemType === 'course' && courseIsOpen((await getCourse(db)).status),
		locale,
	)
	const claimed = await db.transaction(async (tx) => {
		const rows = await tx
			.update(passes)
			.set({ holderName: holder.name, holderEmail, claimedAt: sql`now()`, locale })
			.where(
				and(
					eq(passes.id, id),
					isNull(passes.claimedAt),
					// Not refunded meanwhile: a refunded pass is never confirmed to anyone.
					sql`exists (select 1 from ${orders} where ${orders.id} = ${passes.orderId} and ${orders.status} = 'paid')`,
				),
			)
			.returning({ id: passes.id })
		if (rows.length > 0) await sendEmail(tx, message)
		return rows.length > 0
	})
	return claimed ? 'claimed' : 'already-claimed'
}

/** Whether an order of `quantity` × an item of `itemType` issues claim links: passes always;
 * course seats when there are several to share (one seat is its buyer's, docs/decisions/118). */
const issuesClaimLinks = (itemType: string, quantity: number): boolean =>
	itemType === 'pass' || (itemType === 'course' && quantity > 1)

/**
 * One pass (or shared seat) per item bought, as `issuesClaimLinks` says; never twice for one
 * order. Runs in the transaction that marks the order paid, which read the item's type (null:
 * no such item) with its lock on the order.
 */
export async function issuePasses(
	tx: Tx,
	order: { id: string; itemCode: string; quantity: number },
	{ gift, itemType }: { gift: boolean; itemType: string | null },
): Promise<void> {
	// A gift's seat is a pass: its link goes to the recipient (docs/decisions/166).
	if (itemType === null || !(gift || issuesClaimLinks(itemType, order.quantity))) return
	const [existing] = await tx
		.select({ count: sql<number>`count(*)::int` })
		.from(passes)
		.where(eq(passes.orderId, order.id))
	if (Number(existing?.count ?? 0) > 0) return
	await tx.insert(passes).values(
		Array.from({ length: order.quantity }, () => ({
			id: newPublicId(),
			orderId: order.id,
			itemCode: order.itemCode,
		})),
	)
}
