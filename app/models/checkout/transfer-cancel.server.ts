/**
 * A transfer's due date passed unpaid (docs/decisions/163): the order expires through the one
 * payment path as every unpaid checkout does (confirm.server.ts; the holds job notices it within
 * a minute of the due date), its seats go back on sale and to the waiting list there, and this,
 * in that same transaction, cancels its invoice with a credit note and queues the buyer's notice.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '~/db/query.server'
import { bankTransfers } from '~/db/schema-transfers.server'
import { enqueue } from '~/jobs/queue.server'
import { issueCancellingCreditNote } from '../invoices/credit-note.server'

/** The job that numbers the credit note and tells the buyer (models/transfers/notices.server.ts). */
export const TRANSFER_CANCELLED_JOB = 'transfers.cancelled'

/** Cancels the transfer of the order `orderId` once; false when it was not one, or was already. */
export async function cancelUnpaidTransfer(tx: Tx, orderId: string): Promise<boolean> {
	const [cancelled] = await tx
		.update(bankTransfers)
		.set({ cancelledAt: new Date() })
		.where(and(eq(bankTransfers.orderId, orderId), isNull(bankTransfers.cancelledAt)))
		.returning({ orderId: bankTransfers.orderId })
	if (!cancelled) return false
	await issueCancellingCreditNote(tx, orderId)
	// Numbered first (never inside this transaction), then the notice quoting it.
	await enqueue(
		tx,
		TRANSFER_CANCELLED_JOB,
		{ orderId },
		{ dedupeKey: `transfer-cancelled:${orderId}` },
	)
	return true
}
