/**
 * The fair queue in front of the payment provider (issue 35 item 2, docs/decisions/161). A
 * checkout's seats are held at once, as before; creating its provider session is paced: each
 * takes the next slot of the provider's pace (one row, PAYMENT_PROVIDER_RATE_PER_SECOND slots a
 * second, shared by every app server through the database), in the order the slots are asked
 * for. A checkout waits in `checkout_queue` until its session is made, by its buyer's own request
 * when its slot is now, else by a job due at its slot (queue-open.server.ts).
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { orders } from '~/db/schema.server'
import { checkoutQueue, paymentPace } from '~/db/schema-queue.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { enqueue, wakeWorkersIn } from '~/jobs/queue.server'

/** Stripe's limit on Checkout Session creation in live mode, a second per account. */
const STRIPE_RATE_PER_SECOND = 25

/**
 * The provider's pace: PAYMENT_PROVIDER_RATE_PER_SECOND, else Stripe's limit with Stripe and no
 * queue (0) with the sandbox, which has none unless it is given one to show the queue.
 */
export function paceRate(): number {
	return (
		getConfig().PAYMENT_PROVIDER_RATE_PER_SECOND ??
		(getPaymentProvider().id === 'stripe' ? STRIPE_RATE_PER_SECOND : 0)
	)
}

/** The job that opens a queued checkout's session at its slot. */
export const OPEN_SESSION_JOB = 'checkout.open-session'

/** The longest a buyer's own request waits for its slot; past it, the waiting page. */
export const INLINE_WAIT_MS = 300

/** How long an opening is its opener's: more than one provider call with its retries. */
function leaseSeconds(): number {
	return Math.ceil((2 * getConfig().STRIPE_TIMEOUT_MS) / 1000) + 5
}

/**
 * The share of the configured rate the slots are spaced at. A slot is when a creation starts;
 * it reaches the provider a little later, by a delay that varies with the server's load (the
 * database, the event loop), so creations spaced exactly at the limit bunch past it at times.
 */
const PACE_SHARE = 0.9

/**
 * Takes the provider's next slot: its time, and how long from now (the database's clock, which
 * every app server shares). One statement, so two servers never get the same slot.
 */
async function takeSlot(db: Db, provider: string, rate: number) {
	const step = sql`make_interval(secs => ${1 / (rate * PACE_SHARE)}::double precision)`
	const [row] = await db
		.insert(paymentPace)
		.values({ provider, nextAt: sql`now() + ${step}` })
		.onConflictDoUpdate({
			target: paymentPace.provider,
			set: { nextAt: sql`greatest(${paymentPace.nextAt}, now()) + ${step}` },
		})
		.returning({
			slotAt: sql<string>`extract(epoch FROM ${paymentPace.nextAt} - ${step}) * 1000`,
			waitMs: sql<string>`extract(epoch FROM ${paymentPace.nextAt} - ${step} - now()) * 1000`,
		})
	return { slotAt: new Date(Number(row!.slotAt)), waitMs: Math.max(0, Number(row!.waitMs)) }
}

/**
 * Puts the checkout `orderId` (pending, holding its seats, no session yet) in the queue: its
 * slot, its row, and the job that opens its session then. Returns how long until its slot.
 */
export async function queueCheckout(
	db: Db,
	order: { id: string; provider: string; origin: string },
): Promise<number> {
	const { slotAt, waitMs } = await takeSlot(db, order.provider, paceRate())
	// A slot that is near is the request's own to open: it holds the lease from the start, so
	// the job, due at once and woken by the enqueue, does not take it first.
	const openingUntil =
		waitMs <= INLINE_WAIT_MS ? sql`now() + make_interval(secs => ${leaseSeconds()})` : null
	await db.transaction(async (tx) => {
		await tx
			.insert(checkoutQueue)
			.values({ orderId: order.id, slotAt, origin: order.origin, openingUntil })
		await enqueue(
			tx,
			OPEN_SESSION_JOB,
			{ orderId: order.id },
			{
				runAt: slotAt,
				dedupeKey: `${OPEN_SESSION_JOB}:${order.id}`,
				// Tried while the seats are held, however many refusals that takes: a count gave up on
				// a buyer within two minutes of 429s while their hold had half an hour to run.
				maxAttempts: 100_000,
				giveUpAt: new Date(Date.now() + getConfig().CHECKOUT_RESERVATION_MINUTES * 60_000),
			},
		)
	})
	// The worker wakes at the slot, not at its next poll.
	wakeWorkersIn(waitMs)
	return waitMs
}

/**
 * Waits for the provider's next sending slot, right before its call: the queue's slots order the
 * buyers, these space the calls themselves, so jobs that fall due together (a worker that was
 * busy, a retry) and a waiting-list offer's payment page (which has its seats already and joins
 * no queue) still reach the provider no faster than its pace. No pace: no wait.
 */
export async function waitToSend(db: Db, provider: string): Promise<void> {
	const rate = paceRate()
	if (rate === 0) return
	const { waitMs } = await takeSlot(db, `${provider}:send`, rate)
	if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs))
}

/**
 * Takes the lease on opening `orderId`'s session. The hold's clock starts here: the first
 * opening fixes the session's end (the reservation from now, so every retry sends the provider
 * the same parameters) and moves the order's end to it plus the provider's grace, only while the
 * order still holds its seats. 'taken': another opener has it; null: nothing to open (paid,
 * ended, left the queue, or opened already), and the row is gone.
 */
export async function startOpening(
	db: Db,
	orderId: string,
	graceMinutes: number,
	/** The caller holds the lease already (the request, from queueCheckout). */
	held = false,
): Promise<{ origin: string; sessionEndsAt: Date } | 'taken' | null> {
	return db.transaction(async (tx) => {
		const [order] = await tx
			.select({ id: orders.id })
			.from(orders)
			.where(
				and(
					eq(orders.id, orderId),
					eq(orders.status, 'pending'),
					isNull(orders.providerSessionId),
					sql`${orders.expiresAt} > now()`,
				),
			)
			.for('update')
		if (!order) {
			await tx.delete(checkoutQueue).where(eq(checkoutQueue.orderId, orderId))
			return null
		}
		const reservation = getConfig().CHECKOUT_RESERVATION_MINUTES
		const [row] = await tx
			.update(checkoutQueue)
			.set({
				openingUntil: sql`now() + make_interval(secs => ${leaseSeconds()})`,
				sessionEndsAt: sql`coalesce(${checkoutQueue.sessionEndsAt}, now() + make_interval(mins => ${reservation}))`,
			})
			.where(
				and(
					eq(checkoutQueue.orderId, orderId),
					held
						? undefined
						: or(isNull(checkoutQueue.openingUntil), lte(checkoutQueue.openingUntil, sql`now()`)),
				),
			)
			.returning({ origin: checkoutQueue.origin, sessionEndsAt: checkoutQueue.sessionEndsAt })
		if (!row) {
			const [queued] = await tx
				.select({ id: checkoutQueue.orderId })
				.from(checkoutQueue)
				.where(eq(checkoutQueue.orderId, orderId))
			return queued ? 'taken' : null
		}
		await tx
			.update(orders)
			.set({
				expiresAt: sql`greatest(${orders.expiresAt}, ${row.sessionEndsAt!.toISOString()}::timestamptz + make_interval(mins => ${graceMinutes}))`,
			})
			.where(eq(orders.id, orderId))
		return { origin: row.origin, sessionEndsAt: row.sessionEndsAt! }
	})
}

/** The opening ended: with a session (the row goes), or not (the lease is let go). */
export async function endOpening(db: Db, orderId: string, opened: boolean): Promise<void> {
	if (opened) await db.delete(checkoutQueue).where(eq(checkoutQueue.orderId, orderId))
	else
		await db
			.update(checkoutQueue)
			.set({ openingUntil: null })
			.where(eq(checkoutQueue.orderId, orderId))
}

/**
 * A queued checkout whose session could not be opened (the provider kept failing): the order
 * fails and its seats go back at once, as a checkout refused on the spot does.
 */
export async function failQueued(db: Db, orderId: string, reason: string): Promise<void> {
	await db
		.update(orders)
		.set({ status: 'failed', failureReason: reason, updatedAt: new Date() })
		.where(
			and(eq(orders.id, orderId), eq(orders.status, 'pending'), isNull(orders.providerSessionId)),
		)
	await db.delete(checkoutQueue).where(eq(checkoutQueue.orderId, orderId))
}

/** The checkouts still waiting for a session: pending, none opened yet, nobody opening it now. */
const WAITING = sql`FROM checkout_queue q JOIN orders o ON o.id = q.order_id
	WHERE o.status = 'pending' AND o.provider_session_id IS NULL AND o.expires_at > now()
		AND (q.opening_until IS NULL OR q.opening_until <= now())`

const secondsFor = (count: number) => Math.ceil(count / (Math.max(1, paceRate()) * PACE_SHARE))

export type QueuePlace = { place: number; waitSeconds: number }

/** A queued checkout's place (1: next) and about how many seconds until its page; null: not queued. */
export async function queuePlace(db: Db, orderId: string): Promise<QueuePlace | null> {
	const result = await db.execute(
		sql`SELECT count(*)::int AS ahead ${WAITING}
			AND (q.slot_at, q.order_id) < (SELECT slot_at, order_id FROM checkout_queue WHERE order_id = ${orderId})`,
	)
	const [mine] = await db
		.select({ id: checkoutQueue.orderId })
		.from(checkoutQueue)
		.where(eq(checkoutQueue.orderId, orderId))
	if (!mine) return null
	const place = Number(rowsOf(result)[0]?.ahead ?? 0) + 1
	return { place, waitSeconds: secondsFor(place) }
}

/** For the owner's live view: how many buyers wait for a payment page, and the last one's wait. */
export async function queueFigures(db: Db): Promise<{ length: number; waitSeconds: number }> {
	const result = await db.execute(sql`SELECT count(*)::int AS length ${WAITING}`)
	const length = Number(rowsOf(result)[0]?.length ?? 0)
	return { length, waitSeconds: secondsFor(length) }
}
