/**
 * A checkout in its turn (docs/decisions/161): its seats held at once, its provider session
 * opened at its slot of the provider's pace (queue.server.ts) — by the buyer's own request when
 * the slot is now, else by the open-session job, while the buyer watches the waiting page. A
 * refusal for the provider's rate limit keeps the buyer's place and seats: the job tries again
 * with backoff, under the same idempotency key and the same parameters.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { catalogItems, orders } from '~/db/schema.server'
import { couponNote } from '~/domain/coupon-note'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { type JobDefinition, NotReadyYet } from '~/jobs/run.server'
import { type CheckoutInput, createCheckout, holdSeats, openProviderSession } from './create.server'
import { CheckoutError } from './errors'
import {
	endOpening,
	failQueued,
	INLINE_WAIT_MS,
	OPEN_SESSION_JOB,
	paceRate,
	queueCheckout,
	queuePlace,
	startOpening,
	waitToSend,
} from './queue.server'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * POST /checkout: holds the seats and opens the provider's page in the buyer's turn. `link`:
 * the payment page, or null when the buyer waits in the queue (the waiting page). Throws a
 * CheckoutError for anything the buyer can fix or cannot buy; for a provider that fails other
 * than by its rate limit, after failing the order, as before the queue.
 */
export async function checkoutInTurn(
	db: Db,
	input: CheckoutInput,
): Promise<{ id: string; link: string | null }> {
	if (paceRate() === 0) return createCheckout(db, input)
	const { id } = await holdSeats(db, input)
	const waitMs = await queueCheckout(db, {
		id,
		provider: getPaymentProvider().id,
		origin: input.origin,
	})
	// Its slot is near and nobody waits ahead of it (a job late at its slot, a buyer refused for
	// the rate limit): this request opens the page. Else the job does, in the queue's order.
	if (waitMs > INLINE_WAIT_MS) return { id, link: null }
	if ((await queuePlace(db, id))?.place !== 1) {
		await endOpening(db, id, false)
		return { id, link: null }
	}
	await sleep(waitMs)
	try {
		const opened = await openQueued(db, id, true)
		// Refused for the rate limit, or the job opening it: the waiting page.
		return { id, link: opened === 'busy' || opened === 'taken' ? null : opened }
	} catch (error) {
		// The provider failed: refused on the spot, as before the queue. A database failure
		// leaves the order to the job, which obtains the same session and stores it.
		if (error instanceof CheckoutError) await failQueued(db, id, error.message)
		throw error
	}
}

/**
 * Opens the queued checkout `orderId`'s session: its link; 'busy' when the provider's rate
 * limit outlasted the call's retries, 'taken' while another opener is at it, null when there is
 * nothing to open. Any other provider failure is thrown (a CheckoutError), the order kept.
 */
async function openQueued(
	db: Db,
	orderId: string,
	held = false,
): Promise<string | 'busy' | 'taken' | null> {
	const provider = getPaymentProvider()
	const opening = await startOpening(db, orderId, provider.reservationGraceMinutes, held)
	if (opening === null || opening === 'taken') return opening
	let opened = false
	try {
		const [row] = await db
			.select({ order: orders, item: catalogItems })
			.from(orders)
			.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
			.where(eq(orders.id, orderId))
		const { order, item } = row!
		await waitToSend(db, provider.id)
		// Built from the order alone, so every attempt asks for the same session.
		const { link } = await openProviderSession(
			db,
			{
				id: orderId,
				item: {
					name: item.name,
					description: item.description,
					amountMinor: order.unitAmountMinor,
					currency: order.currency,
				},
				quantity: order.quantity,
				totalMinor: order.amountMinor,
				discountNote: couponNote({ ...order, itemType: item.type }),
				origin: opening.origin,
				sessionEndsAt: opening.sessionEndsAt,
				locale: order.locale,
			},
			'keep-order',
		)
		opened = true
		return link
	} catch (error) {
		if (error instanceof CheckoutError && error.code === 'provider-busy') return 'busy'
		throw error
	} finally {
		await endOpening(db, orderId, opened)
	}
}

/** Thrown by the job to be tried again after its backoff: the provider refused for its limit. */
class NotOpenedYet extends Error {
	name = 'NotOpenedYet'
}

/** The buyer's own request is opening it (it holds the lease): expected, noted at info level. */
class OpeningElsewhere extends NotReadyYet {
	name = 'OpeningElsewhere'
}

/**
 * The job that opens a queued checkout at its slot. Tried again with backoff while the provider
 * refuses for its rate limit (or another opener holds the lease), until the hold's end (the job's
 * `giveUpAt`, queue.server.ts); then the order fails and its seats go back. A buyer who left, or
 * whose hold ended, has nothing to open.
 */
export function openSessionJob(db: Db): JobDefinition {
	return {
		kind: OPEN_SESSION_JOB,
		retry: { firstDelayMs: 250, maxDelayMs: 4_000, jitter: 0.5 },
		async run(payload) {
			const outcome = await openQueued(db, String(payload.orderId))
			if (outcome === 'taken')
				throw new OpeningElsewhere(`checkout ${String(payload.orderId)}: taken, trying again`)
			if (outcome === 'busy')
				throw new NotOpenedYet(`checkout ${String(payload.orderId)}: busy, trying again`)
		},
		async onGiveUp(payload, reason) {
			await failQueued(db, String(payload.orderId), reason)
		},
	}
}
