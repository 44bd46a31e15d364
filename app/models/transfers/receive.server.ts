/**
 * The money of a bank transfer arrives (issue 37 item 2, docs/decisions/168): the owner records
 * an amount received for an order waiting for its transfer. What has arrived is added up on its
 * `bank_transfers` row; once it covers the order's amount, the order is paid through the one
 * payment path every card payment takes (`applyPaymentEvent`): a `completed` event of provider
 * `transfer` whose session is the order's payment reference and whose charge is the order's
 * amount, so the same mismatch rules hold (decision 032), then the passes, the invoice's
 * numbering, the receipt with the seat links and the money page follow as for a card. Less than
 * the amount is recorded and the rest stays due. Every step is in the owner's audit log.
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { Tx } from '~/db/query.server'
import { orders } from '~/db/schema.server'
import { bankTransfers } from '~/db/schema-transfers.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { applyPaymentEvent } from '~/models/checkout/confirm.server'

export type Received =
	| { status: 'paid'; receivedMinor: number }
	| { status: 'partly-paid'; receivedMinor: number; dueMinor: number }
	| { refused: 'not-waiting' | 'too-much' }

/**
 * Records `amountMinor` received on `receivedOn` (a day, as the bank statement gives it) for the
 * order `orderId` waiting for its transfer, by `actor` (the owner, or the statement import).
 * `alongside` runs in the same transaction once the amount is recorded (the statement import
 * marks its entry there, so an entry and its money are recorded both or neither); a throw there
 * records nothing.
 */
export async function recordTransferReceived(
	db: Db,
	orderId: string,
	payment: { amountMinor: number; receivedOn: string; actor: string },
	alongside?: (tx: Tx) => Promise<void>,
): Promise<Received> {
	const recorded = await db.transaction(async (tx) => {
		const [order] = await tx
			.select()
			.from(orders)
			.where(
				and(eq(orders.id, orderId), eq(orders.provider, 'transfer'), eq(orders.status, 'pending')),
			)
			.for('update')
		const [transfer] = order
			? await tx.select().from(bankTransfers).where(eq(bankTransfers.orderId, orderId))
			: []
		if (!order || !transfer) return { refused: 'not-waiting' as const }
		const receivedMinor = transfer.receivedMinor + payment.amountMinor
		if (receivedMinor > order.amountMinor) return { refused: 'too-much' as const }
		await tx.update(bankTransfers).set({ receivedMinor }).where(eq(bankTransfers.orderId, orderId))
		await recordOwnerAction(tx, {
			actor: payment.actor,
			action: 'transfer-received',
			target: orderId,
			before: { receivedMinor: transfer.receivedMinor },
			after: {
				amountMinor: payment.amountMinor,
				receivedOn: payment.receivedOn,
				receivedMinor,
				dueMinor: order.amountMinor - receivedMinor,
			},
		})
		await alongside?.(tx)
		return { order, receivedMinor }
	})
	if (!('order' in recorded) || !recorded.order)
		return { refused: recorded.refused ?? 'not-waiting' }
	const { order, receivedMinor } = recorded
	if (receivedMinor < order.amountMinor)
		return { status: 'partly-paid', receivedMinor, dueMinor: order.amountMinor - receivedMinor }
	await applyPaymentEvent(db, {
		id: `transfer:${orderId}`,
		provider: 'transfer',
		type: 'completed',
		orderId,
		sessionId: order.providerSessionId,
		paymentIntentId: null,
		email: order.email,
		name: order.customerName,
		charge: { amountMinor: order.amountMinor, currency: order.currency, mode: 'payment' },
	})
	return { status: 'paid', receivedMinor }
}
