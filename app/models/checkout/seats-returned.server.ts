/**
 * Seats came back (a hold ended, a payment failed, a refund): the waiting list's job runs as
 * soon as this transaction commits, when anyone is waiting (docs/decisions/120). The checkout owns
 * this signal (it is where seats come back); the waiting list's offers listen for it, so the two
 * capabilities import one way only: waitlist → checkout.
 */
import { sql } from 'drizzle-orm'
import { type DbOrTx, enqueue } from '~/jobs/queue.server'

/** The periodic run: it also notices seats a raised capacity gave back. */
export const WAITLIST_OFFER_JOB = 'waitlist.offer'
/** One run now, for a change that may have given seats back. */
export const WAITLIST_OFFER_NOW_JOB = 'waitlist.offer-now'

export async function queueWaitlistOffers(db: DbOrTx): Promise<void> {
	const result = (await db.execute(
		sql`SELECT 1 AS waiting FROM waitlist_entries WHERE status = 'waiting' LIMIT 1`,
	)) as unknown as { rows?: unknown[] }
	if ((result.rows ?? []).length > 0) await enqueue(db, WAITLIST_OFFER_NOW_JOB, {})
}
