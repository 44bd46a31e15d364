/**
 * A seat as a gift (issue 37 item 5, docs/decisions/166). The buyer names a recipient, a message
 * and a day; the order is written with its `gifts` row. When it is paid, its one seat is a pass
 * (passes.server.ts issues one for a gift) and a durable job is queued for that day's morning
 * (`deliverGift`): the recipient gets the seat link and the message, once. The buyer's receipt
 * carries a copy of the message and a link, signed for the order and purpose `gift-change`
 * (decision 127), to change the recipient, message or day until the seat is claimed; each change
 * counts a new `version`, so the job queued for the old one does nothing. A refunded order's pass
 * is gone, and a gift whose order is not paid is never sent.
 */
import { and, eq } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { newPublicId } from '~/db/public-id.server'
import type { Tx } from '~/db/query.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { gifts } from '~/db/schema-gifts.server'
import { giftDeliveryAt } from '~/domain/gift'
import { DEFAULT_LOCALE } from '~/domain/locale'
import type { GiftInput } from '~/forms/gift'
import { orderTemplates, sendEmail } from '~/integrations/email/index.server'
import { enqueue } from '~/jobs/queue.server'
import { type JobDefinition, PermanentJobError } from '~/jobs/run.server'
import { createLinkToken, verifyLinkToken } from '~/models/links/signed-token.server'
import { siteOrigin } from '~/site-origin.server'
import { localePath } from '~/utils/i18n'

export const GIFT_DELIVERY_JOB = 'gift.deliver'

export type Gift = typeof gifts.$inferSelect

/** Writes the gift of a new order, in the order's transaction. */
export async function saveGift(tx: Db | Tx, orderId: string, gift: GiftInput): Promise<void> {
	await tx.insert(gifts).values({
		orderId,
		recipientName: gift.name,
		recipientEmail: gift.email,
		message: gift.message,
		deliverOn: gift.day,
	})
}

/** The gift of an order, if it is one. */
async function giftOfOrder(db: Db | Tx, orderId: string): Promise<Gift | null> {
	const [gift] = await db.select().from(gifts).where(eq(gifts.orderId, orderId))
	return gift ?? null
}

/** Queues the delivery of the gift's current version on its day; in the caller's transaction. */
async function queueDelivery(tx: Db | Tx, gift: Pick<Gift, 'orderId' | 'version' | 'deliverOn'>) {
	await enqueue(
		tx,
		GIFT_DELIVERY_JOB,
		{ orderId: gift.orderId, version: gift.version },
		{
			runAt: giftDeliveryAt(gift.deliverOn, new Date()),
			dedupeKey: `gift:${gift.orderId}:${gift.version}`,
		},
	)
}

/**
 * A paid order that is a gift (read with the payment's lock on its order): its delivery is
 * queued, in the payment's transaction.
 */
export async function scheduleGiftOnPayment(tx: Tx, gift: Gift): Promise<void> {
	await queueDelivery(tx, gift)
}

/** The buyer's link to change the gift (in the receipt): signed for the order, never expiring. */
export function giftChangeUrl(origin: string, orderId: string): string {
	const key = createLinkToken(
		{ purpose: 'gift-change', subject: orderId, expiresAt: 'never' },
		getConfig().SESSION_SECRET,
	)
	return `${origin}/gift/${encodeURIComponent(key)}`
}

/** The gift's pass, with its order's state: null when the order is not paid or has no pass. */
async function giftPass(db: Db | Tx, orderId: string, { lock = false } = {}) {
	const query = db
		.select({ id: passes.id, claimedAt: passes.claimedAt, itemName: catalogItems.name })
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
		.where(and(eq(passes.orderId, orderId), eq(orders.status, 'paid')))
		.limit(1)
	const [pass] = lock ? await query.for('update', { of: passes }) : await query
	return pass ?? null
}

/**
 * Sends the gift's seat link to its recipient, once, if this job is for its current version and
 * the seat is still there and not claimed. Its outbox row and `delivered_at` commit together.
 */
async function deliverGift(db: Db, orderId: string, version: number): Promise<boolean> {
	return db.transaction(async (tx) => {
		const [gift] = await tx.select().from(gifts).where(eq(gifts.orderId, orderId)).for('update')
		if (!gift || gift.version !== version || gift.deliveredAt) return false
		const pass = await giftPass(tx, orderId)
		if (!pass || pass.claimedAt) return false
		const [order] = await tx
			.select({ buyerName: orders.customerName, locale: orders.locale })
			.from(orders)
			.where(eq(orders.id, orderId))
		const locale = order?.locale ?? DEFAULT_LOCALE
		await sendEmail(tx, {
			to: gift.recipientEmail,
			// In the language the gift was bought in, its link to that page (decision 174).
			...(await orderTemplates(locale).giftDelivered({
				recipientName: gift.recipientName,
				buyerName: order?.buyerName ?? null,
				itemName: pass.itemName,
				message: gift.message,
				passUrl: `${siteOrigin()}${localePath(`/pass/${pass.id}`, locale)}`,
			})),
		})
		await tx.update(passes).set({ sentTo: gift.recipientEmail }).where(eq(passes.id, pass.id))
		await tx.update(gifts).set({ deliveredAt: new Date() }).where(eq(gifts.orderId, orderId))
		return true
	})
}

export function giftDeliveryJob(db: Db): JobDefinition {
	return {
		kind: GIFT_DELIVERY_JOB,
		run: async (payload) => {
			if (typeof payload.orderId !== 'string' || typeof payload.version !== 'number')
				throw new PermanentJobError('no gift')
			await deliverGift(db, payload.orderId, payload.version)
		},
	}
}

/** The order a change link names, when it is ours; null for anything else. */
function orderOfChangeLink(key: string | null | undefined): string | null {
	const link = verifyLinkToken(key, 'gift-change', getConfig().SESSION_SECRET)
	return link.ok ? link.subject : null
}

/** What the change page shows: the gift as the buyer typed it, and whether it can change. */
export async function readGiftForChange(
	db: Db,
	key: string,
): Promise<{ gift: Gift; itemName: string; claimed: boolean } | null> {
	const orderId = orderOfChangeLink(key)
	const gift = orderId ? await giftOfOrder(db, orderId) : null
	const pass = gift && (await giftPass(db, gift.orderId))
	if (!gift || !pass) return null
	return { gift, itemName: pass.itemName, claimed: pass.claimedAt !== null }
}

/**
 * The buyer changes the gift's recipient, message or day: refused once the seat is claimed. A
 * link already sent stops working (the pass gets a new id, as the owner's reassignment does) and
 * the new recipient gets a new one on the new day.
 */
export async function changeGift(
	db: Db,
	key: string,
	input: GiftInput,
): Promise<'changed' | 'claimed' | 'not-found'> {
	const orderId = orderOfChangeLink(key)
	if (!orderId) return 'not-found'
	return db.transaction(async (tx) => {
		const [gift] = await tx.select().from(gifts).where(eq(gifts.orderId, orderId)).for('update')
		const pass = gift ? await giftPass(tx, orderId, { lock: true }) : null
		if (!gift || !pass) return 'not-found'
		if (pass.claimedAt) return 'claimed'
		if (gift.deliveredAt)
			await tx.update(passes).set({ id: newPublicId(), sentTo: null }).where(eq(passes.id, pass.id))
		const changed = {
			orderId,
			recipientName: input.name,
			recipientEmail: input.email,
			message: input.message,
			deliverOn: input.day,
			version: gift.version + 1,
			deliveredAt: null,
			updatedAt: new Date(),
		}
		await tx.update(gifts).set(changed).where(eq(gifts.orderId, orderId))
		await queueDelivery(tx, changed)
		return 'changed'
	})
}
