/**
 * Refunding part of a paid order (docs/decisions/123): one seat or pass, or an amount. One
 * transaction, the order's row locked, plans the part on the order as it is, has the provider
 * return the money under the refund's idempotency key, records the refund (its key the primary
 * key: a double submit records one), lowers the order's `quantity` by the seats refunded (they
 * go back on sale at once: the seat count reads it), adds the amount to `refunded_minor` (the
 * overview's revenue is net of it), deletes the refunded pass (its link stops working), tells
 * the buyer and the pass's holder, and hands the seats to the waiting list (decision 120). The
 * order stays paid. A part that is all that is left is a full refund instead (refund.server.ts).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { PUBLIC_ID } from '~/db/public-id.server'
import type { Tx } from '~/db/query.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { catalogItems, orders, passes, refundedPasses, refunds } from '~/db/schema.server'
import type { Locale } from '~/domain/locale'
import { formatMinorPrice } from '~/domain/pricing'
import { orderTemplates, sendEmail } from '~/integrations/email/index.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { siteOrigin } from '~/site-origin.server'
import { issueCreditNote } from '../invoices/credit-note.server'
import { invoicePath } from '../invoices/query.server'
import { CheckoutError } from './errors'
import { orderKindOf } from './notices.server'
import { queueWaitlistOffers } from './seats-returned.server'
import { enqueueSettle, settleAfterCommit } from './settle.server'

/** One seat or pass (`passId`), or `amountMinor` under the form's `key`. */
export type PartToRefund = { passId: string } | { amountMinor: number; key: string }

export type PartRefunded =
	/** Recorded now: how much, and how many seats or passes went with it. */
	| { outcome: 'refunded'; amountMinor: number; quantity: number }
	/** The same refund (its key) was recorded already: nothing more happened. */
	| { outcome: 'already' }
	/** The part is everything left: the caller refunds the order in full. */
	| { outcome: 'whole' }

type Order = typeof orders.$inferSelect

/** What is left to refund of a paid order, in minor units. */
const leftToRefund = (order: Pick<Order, 'amountMinor' | 'refundedMinor'>) =>
	order.amountMinor - order.refundedMinor

/** The key a pass's refund goes under: one refund per pass, however often it is asked for. */
const passKey = (orderId: string, passId: string) => `${orderId}.pass.${passId}`

/**
 * A seat's share of what the order charged: the total over the seats it was bought with (its
 * quantity now and those refunded before), never more than is left.
 */
async function seatShare(tx: Db | Tx, order: Order): Promise<number> {
	const [refunded] = await tx
		.select({ seats: sql<number>`coalesce(sum(${refunds.quantity}), 0)::int` })
		.from(refunds)
		.where(eq(refunds.orderId, order.id))
	const bought = order.quantity + Number(refunded?.seats ?? 0)
	return Math.min(leftToRefund(order), Math.floor(order.amountMinor / Math.max(bought, 1)))
}

type Plan = { key: string; amountMinor: number; passIds: string[] }

/** What the part asks for, checked against the order as it is; throws a CheckoutError if refused. */
async function planOf(tx: Db | Tx, order: Order, part: PartToRefund): Promise<Plan | 'whole'> {
	if (order.status !== 'paid') throw new CheckoutError(409, `the order is ${order.status}`)
	const left = leftToRefund(order)
	if ('passId' in part) {
		const [pass] = await tx
			.select({ id: passes.id })
			.from(passes)
			.where(and(eq(passes.id, part.passId), eq(passes.orderId, order.id)))
			// Not reassigned (a new id) while it is refunded.
			.for('update')
		if (!pass) throw new CheckoutError(409, 'that pass is not part of this order any more')
		if (order.quantity <= 1) return 'whole'
		const amountMinor = await seatShare(tx, order)
		if (amountMinor >= left) return 'whole'
		if (amountMinor <= 0) throw new CheckoutError(409, 'nothing is left to refund')
		return { key: passKey(order.id, pass.id), amountMinor, passIds: [pass.id] }
	}
	if (part.amountMinor > left)
		throw new CheckoutError(
			409,
			`at most ${formatMinorPrice(left, order.currency)} is left to refund`,
		)
	if (part.amountMinor === left) return 'whole'
	return { key: `${order.id}.amount.${part.key}`, amountMinor: part.amountMinor, passIds: [] }
}

/**
 * Refunds `part` of the paid order `orderId`; `record` writes the owner's audit line in the same
 * transaction. Throws a CheckoutError when refused (no such paid order, a pass not of it, more than
 * is left, a provider that cannot), a PaymentProviderError when the provider fails.
 */
export async function refundPart(
	db: Db,
	orderId: string,
	part: PartToRefund,
	record: (tx: Tx, refunded: { amountMinor: number; passIds: string[] }) => Promise<void>,
): Promise<PartRefunded> {
	if (!PUBLIC_ID.test(orderId)) throw new CheckoutError(404, 'no such order')
	if ('key' in part && !PUBLIC_ID.test(part.key)) throw new CheckoutError(400, 'the form expired')
	const key = 'passId' in part ? passKey(orderId, part.passId) : `${orderId}.amount.${part.key}`
	const result = await db.transaction(async (tx): Promise<PartRefunded> => {
		// The order's row locked across the provider's answer: two refunds of one order (two
		// passes, a double click) are planned one after the other, each on what the other left.
		const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
		if (!locked) throw new CheckoutError(404, 'no such order')
		const [done] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, key))
		if (done) return { outcome: 'already' }
		const plan = await planOf(tx, locked, part)
		if (plan === 'whole') return { outcome: 'whole' }
		const provider = getPaymentProvider()
		if (locked.provider !== provider.id || !provider.refundPart)
			throw new CheckoutError(409, 'the payment provider cannot refund part of this order')
		const { refundId } = await provider.refundPart(
			{ orderId, paymentIntentId: locked.paymentIntentId },
			{ amountMinor: plan.amountMinor, key: plan.key },
		)
		await tx.insert(refunds).values({
			id: plan.key,
			orderId,
			amountMinor: plan.amountMinor,
			quantity: plan.passIds.length,
			passIds: plan.passIds,
			providerRefundId: refundId,
			itemCode: locked.itemCode,
			region: locked.region,
			currency: locked.currency,
		})
		// Its credit note, numbered after the commit (decision 115), by the job should this stop.
		const creditNote = await issueCreditNote(tx, orderId, plan.key)
		await enqueueSettle(tx, orderId, `part:${plan.key}`)
		const gone = plan.passIds.length
			? await tx
					.delete(passes)
					.where(and(eq(passes.orderId, orderId), eq(passes.id, plan.passIds[0] ?? '')))
					.returning()
			: []
		// The owner's records keep what the pass was and whose (decision 150).
		if (gone.length)
			await tx
				.insert(refundedPasses)
				.values(gone.map((pass) => ({ ...pass, refundId: plan.key })))
				.onConflictDoNothing()
		// Whoever has its link: its holder, in the language claimed in (decision 177), or the
		// address the owner sent it to, in the order's.
		const holders = gone.map((pass) => ({
			name: pass.holderName,
			email: pass.holderEmail ?? pass.sentTo,
			locale: pass.holderEmail ? pass.locale : locked.locale,
		}))
		const remaining = locked.quantity - plan.passIds.length
		await tx
			.update(orders)
			.set({
				quantity: remaining,
				refundedMinor: locked.refundedMinor + plan.amountMinor,
				updatedAt: new Date(),
			})
			.where(eq(orders.id, orderId))
		await tellPeople(tx, locked, {
			amountMinor: plan.amountMinor,
			quantity: plan.passIds.length,
			remaining,
			holders,
			creditNoteId: creditNote?.id ?? null,
		})
		if (plan.passIds.length) await queueWaitlistOffers(tx)
		await record(tx, { amountMinor: plan.amountMinor, passIds: plan.passIds })
		return { outcome: 'refunded', amountMinor: plan.amountMinor, quantity: plan.passIds.length }
	})
	if (result.outcome === 'refunded') {
		invalidateSalesCache()
		await settleAfterCommit(db, orderId)
	}
	return result
}

/** The buyer's message, and the refunded pass's holder's where it is somebody else. */
async function tellPeople(
	tx: Tx,
	order: Order,
	part: {
		amountMinor: number
		quantity: number
		remaining: number
		holders: { name: string | null; email: string | null; locale: Locale }[]
		creditNoteId: string | null
	},
) {
	const [item] = await tx
		.select({ name: catalogItems.name, type: catalogItems.type })
		.from(catalogItems)
		.where(eq(catalogItems.code, order.itemCode))
	const kind = orderKindOf(item?.type ?? '')
	const itemName = item?.name ?? order.itemCode
	const provider = getPaymentProvider()
	if (order.email)
		await sendEmail(tx, {
			to: order.email,
			// In the buyer's language (decision 174).
			...(await orderTemplates(order.locale).partialRefundNotice({
				orderId: order.id,
				customerName: order.customerName,
				itemName,
				kind,
				quantity: part.quantity,
				remaining: part.remaining,
				currency: order.currency,
				refundedMinor: part.amountMinor,
				testMode: order.provider === provider.id && provider.testMode,
				creditNoteUrl: part.creditNoteId
					? `${siteOrigin()}${invoicePath(part.creditNoteId)}`
					: null,
			})),
		})
	for (const holder of part.holders) {
		if (!holder.email || holder.email === order.email) continue
		await sendEmail(tx, {
			to: holder.email,
			...(await orderTemplates(holder.locale).passRefunded({
				holderName: holder.name,
				itemName,
				kind,
				alone: true,
			})),
		})
	}
}
