/**
 * What the owner can do to an order (docs/decisions/081, 082): refund it through the payment
 * provider (the seats and passes go with it, decision 032), send its receipt again, and give an
 * unclaimed pass a new link for somebody else; or refund part of it (decision 123). Each returns what to tell the owner, and writes
 * its line in the audit log with the record before and after.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { newPublicId } from '~/db/public-id.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { formatPrice, minorUnitsPerMajor, toMajorUnits } from '~/domain/pricing'
import { orderTemplates, sendEmail } from '~/integrations/email/index.server'
import { PaymentProviderError } from '~/integrations/payments/index.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { CheckoutError, refundCheckout } from '~/models/checkout/index.server'
import { orderKindOf } from '~/models/checkout/notices.server'
import { type PartToRefund, refundPart } from '~/models/checkout/partial-refund.server'
import { resendReceipt } from '~/models/checkout/receipt.server'
import { numberOrderDocuments } from '~/models/invoices/numbering.server'
import { localePath } from '~/utils/i18n'

export type ActionOutcome = { ok: true; message: string } | { ok: false; message: string }

type Actor = { name: string }

async function orderState(db: Db, id: string) {
	const [order] = await db
		.select({ status: orders.status, refundedAt: orders.refundedAt })
		.from(orders)
		.where(eq(orders.id, id))
	return order
		? { status: order.status, refundedAt: order.refundedAt?.toISOString() ?? null }
		: null
}

/** Refunds a paid order in full through its provider. */
export async function refundOrder(db: Db, actor: Actor, orderId: string): Promise<ActionOutcome> {
	const before = await orderState(db, orderId)
	if (!before) return { ok: false, message: 'There is no such order.' }
	try {
		const result = await refundCheckout(db, orderId)
		const after = await orderState(db, orderId)
		await recordOwnerAction(db, {
			actor: actor.name,
			action: 'refund',
			target: `order:${orderId}`,
			before,
			after,
		})
		return {
			ok: true,
			message:
				result.status === 'refunded' || after?.status === 'refunded'
					? 'The order is refunded and its seats are released.'
					: 'The refund was sent to the payment provider; the order changes when it confirms.',
		}
	} catch (error) {
		if (error instanceof CheckoutError)
			return { ok: false, message: `The order cannot be refunded: ${error.reason}.` }
		if (error instanceof PaymentProviderError)
			return { ok: false, message: `The payment provider refused the refund: ${error.message}` }
		throw error
	}
}

/** A refused partial refund, told next to its field: the amount, or the form as a whole. */
/** An outcome whose message belongs beside one field of the form: the amount, or an address. */
export type PartOutcome = ActionOutcome | { ok: false; message: string; field: 'amount' | 'email' }

/**
 * Refunds part of a paid order (docs/decisions/123): one seat or pass, or an amount in major
 * units (the form's "25.50"). A part that is everything left is the full refund above; the same
 * part asked for twice refunds once.
 */
export async function refundOrderPart(
	db: Db,
	actor: Actor,
	input: { orderId: string } & ({ passId: string } | { amount: string; key: string }),
): Promise<PartOutcome> {
	const [order] = await db
		.select({ currency: orders.currency, itemType: catalogItems.type })
		.from(orders)
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(eq(orders.id, input.orderId))
	if (!order) return { ok: false, message: 'There is no such order.' }
	let part: PartToRefund
	if ('passId' in input) part = { passId: input.passId }
	else {
		const amountMinor = Math.round(Number(input.amount) * minorUnitsPerMajor(order.currency))
		if (Math.abs(amountMinor - Number(input.amount) * minorUnitsPerMajor(order.currency)) > 1e-6)
			return {
				ok: false,
				field: 'amount',
				message: `${order.currency.toUpperCase()} has no smaller unit than that: round the amount.`,
			}
		part = { amountMinor, key: input.key }
	}
	const unit = orderKindOf(order.itemType) === 'course' ? 'seat' : 'pass'
	try {
		const result = await refundPart(db, input.orderId, part, (tx, refunded) =>
			recordOwnerAction(tx, {
				actor: actor.name,
				action: 'refund-part',
				target: `order:${input.orderId}`,
				after: { ...refunded },
			}),
		)
		if (result.outcome === 'whole') return refundOrder(db, actor, input.orderId)
		if (result.outcome === 'already') return { ok: true, message: 'That refund is done already.' }
		const amount = formatPrice(
			toMajorUnits(result.amountMinor, order.currency),
			order.currency.toUpperCase(),
		)
		return {
			ok: true,
			message:
				result.quantity > 0
					? `The ${unit} is refunded (${amount}) and back on sale; the buyer is told.`
					: `${amount} is refunded; the buyer is told.`,
		}
	} catch (error) {
		const message =
			error instanceof CheckoutError
				? `This cannot be refunded: ${error.reason}.`
				: error instanceof PaymentProviderError
					? `The payment provider refused the refund: ${error.message}`
					: null
		if (!message) throw error
		return 'key' in part ? { ok: false, field: 'amount', message } : { ok: false, message }
	}
}

/** Sends a paid order's receipt again to the buyer, with its audit line (docs/decisions/101). */
export async function resendOrderReceipt(
	db: Db,
	actor: Actor,
	orderId: string,
): Promise<ActionOutcome> {
	// Its invoice numbered first, outside the transaction, if it was still waiting (115).
	await numberOrderDocuments(db, orderId)
	const sent = await db.transaction(async (tx) => {
		if (!(await resendReceipt(tx, orderId))) return false
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: 'resend-receipt',
			target: `order:${orderId}`,
			after: { receiptResent: true },
		})
		return true
	})
	if (!sent)
		return { ok: false, message: 'Only a paid order with an e-mail address has a receipt to send.' }
	return { ok: true, message: 'The receipt is sent again.' }
}

/**
 * Gives an unclaimed pass of a paid order a new id and sends its link to `email`: the old link
 * stops working (it went to the wrong person, or leaked), and the new holder claims it as usual.
 * Whoever had the old link is told it stopped working (docs/decisions/113): the address the pass
 * was last sent to, or the buyer, whose receipt carried it. The new id, its audit line and both
 * messages commit together (docs/decisions/101): a pass is never left with a link nobody was sent.
 */
export async function reassignPass(
	db: Db,
	actor: Actor,
	input: { orderId: string; passId: string; email: string; origin: string },
): Promise<ActionOutcome> {
	const newId = newPublicId()
	const moved = await db.transaction(async (tx) => {
		const [pass] = await tx
			.select({
				id: passes.id,
				itemName: catalogItems.name,
				itemType: catalogItems.type,
				status: orders.status,
				// No holder yet: the order's language (decisions 174, 177).
				locale: orders.locale,
				hadLink: sql<string | null>`coalesce(${passes.sentTo}, ${orders.email})`,
			})
			.from(passes)
			.innerJoin(orders, eq(orders.id, passes.orderId))
			.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
			.where(and(eq(passes.id, input.passId), eq(passes.orderId, input.orderId)))
			.for('update', { of: passes })
		if (pass?.status !== 'paid') return null
		const [updated] = await tx
			.update(passes)
			.set({ id: newId, sentTo: input.email })
			.where(and(eq(passes.id, input.passId), isNull(passes.claimedAt)))
			.returning({ id: passes.id })
		if (!updated) return null
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: 'reassign-pass',
			target: `order:${input.orderId}`,
			before: { passId: input.passId },
			after: { passId: newId, sentTo: input.email },
		})
		const messages = orderTemplates(pass.locale)
		await sendEmail(tx, {
			to: input.email,
			...(await messages.passAssigned({
				itemName: pass.itemName,
				passUrl: `${input.origin}${localePath(`/pass/${newId}`, pass.locale)}`,
				kind: orderKindOf(pass.itemType),
			})),
		})
		if (pass.hadLink && pass.hadLink !== input.email)
			await sendEmail(tx, {
				to: pass.hadLink,
				...(await messages.passMovedAway({
					itemName: pass.itemName,
					orderId: input.orderId,
					kind: orderKindOf(pass.itemType),
				})),
			})
		return pass
	})
	if (!moved)
		return {
			ok: false,
			message: 'Only an unclaimed pass of a paid order can be reassigned.',
		}
	const unit = orderKindOf(moved.itemType) === 'course' ? 'seat' : 'pass'
	return { ok: true, message: `The ${unit} has a new link, sent to ${input.email}.` }
}
