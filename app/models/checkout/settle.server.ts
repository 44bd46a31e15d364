/**
 * What follows a payment's (or refund's) commit (docs/decisions/115, "Numbering"): its invoice
 * or credit note is numbered, outside the payment's transaction, then the receipt goes out with
 * the numbered invoice's PDF attached. The payment's caller does it right after the commit; the
 * job queued in the payment's transaction does it again a little later, changing nothing when
 * it was done, so a server that stops between the commit and the numbering leaves no invoice
 * unnumbered and no paid order without its receipt. A caller that answers before it (the
 * webhook, decision 186) queues the job due at once instead, and the job alone does it.
 */
import type { Db } from '~/db/client.server'
import type { Tx } from '~/db/query.server'
import { enqueueAll, type NewJob } from '~/jobs/queue.server'
import { type JobDefinition, PermanentJobError } from '~/jobs/run.server'
import { log } from '~/log.server'
import { numberOrderDocuments } from '../invoices/numbering.server'
import { sendReceipt } from './receipt.server'

export const SETTLE_JOB = 'checkout.settle'

/** The safety net's delay: the payment's caller has normally done it all by then. */
const SETTLE_AFTER_SECONDS = 30

/**
 * Who settles a paid or refunded order: its caller, right after the commit, with the job as the
 * safety net; or the job alone, due at once, the caller answering as soon as the payment commits.
 */
export type Settling = 'by the caller' | 'by the queue'

/** The settle job: once per order and event (queued with the payment or refund). */
export function settleJobOf(
	orderId: string,
	/** `part:<refund id>`: a partial refund's credit note (docs/decisions/123). */
	event: 'paid' | 'refunded' | `part:${string}`,
	settling: Settling = 'by the caller',
): NewJob {
	const delaySeconds = settling === 'by the queue' ? 0 : SETTLE_AFTER_SECONDS
	return {
		kind: SETTLE_JOB,
		payload: { orderId },
		options: {
			runAt: new Date(Date.now() + delaySeconds * 1_000),
			dedupeKey: `settle:${event}:${orderId}`,
		},
	}
}

/** Queues the settle job, in the payment's (or refund's) transaction. */
export async function enqueueSettle(
	tx: Tx,
	orderId: string,
	event: Parameters<typeof settleJobOf>[1],
	settling: Settling = 'by the caller',
) {
	await enqueueAll(tx, [settleJobOf(orderId, event, settling)])
}

/**
 * Numbers the order's waiting documents, then sends its receipt if it has not gone: the numbering
 * outside any transaction (it would hold the counter row, 115), the receipt never unnumbered.
 */
async function settleOrder(db: Db, orderId: string): Promise<void> {
	await numberOrderDocuments(db, orderId)
	await sendReceipt(db, orderId)
}

/** Right after the commit: a failure here is logged, and the queued job does it again. */
export async function settleAfterCommit(db: Db, orderId: string): Promise<void> {
	try {
		await settleOrder(db, orderId)
	} catch (error) {
		log.error({ err: error }, `Checkout ${orderId}: numbering or receipt failed; the job retries`)
	}
}

export function settleJob(db: Db): JobDefinition {
	return {
		kind: SETTLE_JOB,
		// One at a time per worker: a receipt waits for the one PDF thread anyway, and more would
		// take the slots of the checkout queue's sessions (queue-open.server.ts) in a sell-out.
		maxRunning: 1,
		run: async (payload) => {
			if (typeof payload.orderId !== 'string') throw new PermanentJobError('no order')
			await settleOrder(db, payload.orderId)
		},
	}
}
