/**
 * The checkout's background work, run by the job queue (docs/decisions/075, 077): expired seat
 * holds released on time even when nobody visits, pending orders reconciled with the provider
 * so a lost webhook never strands a buyer, and a late payment with no seat left refunded.
 */
import { and, eq, gt, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { orders, waitlistEntries } from '~/db/schema.server'
import { checkoutQueue } from '~/db/schema-queue.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { type JobDefinition, PermanentJobError } from '~/jobs/run.server'
import { log } from '~/log.server'
import { applyPaymentEvent } from './confirm.server'
import { endPendingOrder, verifyPendingOrder } from './expire.server'
import { feeJob } from './fee.server'
import { LATE_REFUND_JOB } from './late-payment.server'
import { recoveryJob } from './recovery.server'
import { sendLateRefundNotice } from './refund-notice.server'
import { queueWaitlistOffers } from './seats-returned.server'
import { settleJob } from './settle.server'

/** Orders handled per run: each may call the provider, and the run must end within its claim. */
const HOLDS_BATCH = 25

/**
 * Ends pending orders whose reservation is over (docs/decisions/031 counted them as free at
 * once; this marks them, so their sessions can no longer be paid and the buyer's page says so).
 * Each goes through endPendingOrder: the provider's session is expired first, and one paid
 * meanwhile is recorded as paid (the late-payment rule decides its seats). Returns how many.
 */
async function releaseExpiredHolds(db: Db): Promise<number> {
	const expired = await db
		.select()
		.from(orders)
		.where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, sql`now()`)))
		.orderBy(orders.expiresAt)
		.limit(HOLDS_BATCH)
	for (const order of expired) {
		try {
			await endPendingOrder(db, order)
		} catch (error) {
			log.error({ err: error }, `Checkout ${order.id}: the expired hold could not be released`)
		}
	}
	return expired.length
}

/**
 * How long a checkout may go without its provider session before it is taken for lost: longer
 * than opening one can take (two tries of STRIPE_TIMEOUT_MS, the SDK's retry, plus the rate
 * limit's few seconds: decision 134), so no order still waiting for its answer is released.
 */
function unopenedGraceSeconds(stripeTimeoutMs: number): number {
	return Math.max(300, Math.ceil((2 * stripeTimeoutMs) / 1000) + 60)
}

/**
 * Releases checkouts that never got their provider session (docs/decisions/134): the database
 * failed between the provider's answer and storing it, and again when the request tried to give
 * the seats back. The buyer was refused, so nobody can pay such an order; its seats would stay
 * out of the sale until the reservation ends. A waiting-list offer is not one of them (it opens
 * its page when its holder asks, and keeps its seats until its own end). One statement, so two
 * servers sweeping at once release each order once. Returns how many released.
 */
async function releaseUnopenedCheckouts(db: Db, graceSeconds: number): Promise<number> {
	const released = await db.transaction(async (tx) => {
		const rows = await tx
			.update(orders)
			.set({
				status: 'failed',
				failureReason: 'the payment page could not be stored',
				updatedAt: new Date(),
			})
			.where(
				and(
					eq(orders.status, 'pending'),
					isNull(orders.providerSessionId),
					lte(orders.createdAt, sql`now() - make_interval(secs => ${graceSeconds})`),
					notExists(
						tx
							.select({ id: waitlistEntries.id })
							.from(waitlistEntries)
							.where(eq(waitlistEntries.offerOrderId, orders.id)),
					),
					// Waiting its turn: the open-session job opens it or fails it (decision 161).
					notExists(
						tx
							.select({ id: checkoutQueue.orderId })
							.from(checkoutQueue)
							.where(eq(checkoutQueue.orderId, orders.id)),
					),
				),
			)
			.returning({ id: orders.id })
		// Seats came back: the people waiting get them first (docs/decisions/120).
		if (rows.length > 0) await queueWaitlistOffers(tx)
		return rows
	})
	// An offer keeps its seats, but a claim on its page (`link = ''`) the database never let
	// go of would answer "being opened" until the offer ends: undone, its holder can ask
	// again, and Stripe answers the same session to the same idempotency key.
	await db
		.update(orders)
		.set({ link: null, updatedAt: new Date() })
		.where(
			and(
				eq(orders.status, 'pending'),
				eq(orders.link, ''),
				isNull(orders.providerSessionId),
				lte(orders.updatedAt, sql`now() - make_interval(secs => ${graceSeconds})`),
			),
		)
	for (const { id } of released)
		log.warn(`Checkout ${id}: its payment page was never stored; its seats are released`)
	if (released.length > 0) invalidateSalesCache()
	return released.length
}

type ReconcileOptions = {
	/** Orders younger than this are left to their webhook. */
	afterSeconds: number
	/** Each order is asked about at most once per this many seconds. */
	intervalSeconds: number
	batch: number
}

/**
 * How often a delayed payment on its way (docs/decisions/164) is asked about: its money takes
 * days, and its webhook says when it comes; this finds one whose webhook was lost.
 */
const DELAYED_RECONCILE_SECONDS = 3600

/**
 * Asks the provider about pending orders older than `afterSeconds` whose hold has not ended (the
 * holds job takes those), a batch at a time, one after the other; a delayed payment on its way
 * at most once per DELAYED_RECONCILE_SECONDS. Each is claimed through
 * `verified_at`, the same throttle as a buyer's polling (docs/decisions/033), so all app servers
 * and all polls together ask about an order at most once per interval. Returns how many.
 */
async function reconcilePendingOrders(db: Db, options: ReconcileOptions): Promise<number> {
	const provider = getPaymentProvider()
	if (!provider.lookUpSession) return 0
	const due = db
		.select({ id: orders.id })
		.from(orders)
		.where(
			and(
				eq(orders.status, 'pending'),
				eq(orders.provider, provider.id),
				isNotNull(orders.providerSessionId),
				gt(orders.expiresAt, sql`now()`),
				lte(orders.createdAt, sql`now() - make_interval(secs => ${options.afterSeconds})`),
				or(
					isNull(orders.verifiedAt),
					lte(
						orders.verifiedAt,
						sql`now() - make_interval(secs => CASE WHEN ${orders.awaitingPaymentSince} IS NULL
							THEN ${options.intervalSeconds}::int
							ELSE greatest(${options.intervalSeconds}::int, ${DELAYED_RECONCILE_SECONDS}::int) END)`,
					),
				),
			),
		)
		.orderBy(sql`${orders.verifiedAt} nulls first`, orders.createdAt)
		.limit(options.batch)
		.for('update', { skipLocked: true })
	const claimed = await db
		.update(orders)
		.set({ verifiedAt: sql`now()` })
		.where(sql`${orders.id} in ${due}`)
		.returning()
	for (const order of claimed) {
		try {
			await verifyPendingOrder(db, order)
		} catch (error) {
			// The provider is down or slow: the next run asks again.
			log.error({ err: error }, `Checkout ${order.id}: reconciliation failed`)
		}
	}
	return claimed.length
}

/**
 * A late payment with no seat left (docs/decisions/077): the provider refunds it, and the buyer
 * is told, once. A refund the provider confirms at once is recorded with its notice in one
 * transaction (applyPaymentEvent, docs/decisions/101); one it reports later (a pending Stripe
 * refund) is announced now, and its webhook finds the notice sent. Idempotent: a second run
 * finds the order refunded (or its refund under way at the provider, whose idempotency key is
 * the order) and the notice sent. A late payment that got its seat after all (a seat came free
 * before this ran) is left paid.
 */
async function refundLatePayment(db: Db, orderId: string): Promise<void> {
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
	if (!order || order.status === 'paid') return
	if (order.status !== 'refunded') {
		const provider = getPaymentProvider()
		if (order.provider !== provider.id || !provider.refund)
			throw new PermanentJobError('the configured payment provider cannot refund this order')
		const event = await provider.refund({ orderId, paymentIntentId: order.paymentIntentId })
		if (event) await applyPaymentEvent(db, event)
	}
	await db.transaction((tx) => sendLateRefundNotice(tx, orderId))
}

const RELEASE_HOLDS_JOB = 'checkout.release-holds'
const RECONCILE_JOB = 'checkout.reconcile'

/** The queue's definitions of the checkout's jobs on `db`, from the configuration. */
export function checkoutJobs(
	db: Db,
	config: {
		HOLDS_SWEEP_SECONDS: number
		RECONCILE_INTERVAL_SECONDS: number
		RECONCILE_AFTER_SECONDS: number
		RECONCILE_BATCH: number
		STRIPE_TIMEOUT_MS: number
	},
): JobDefinition[] {
	return [
		{
			kind: RELEASE_HOLDS_JOB,
			everySeconds: config.HOLDS_SWEEP_SECONDS,
			run: async () => {
				await releaseUnopenedCheckouts(db, unopenedGraceSeconds(config.STRIPE_TIMEOUT_MS))
				await releaseExpiredHolds(db)
			},
		},
		{
			kind: RECONCILE_JOB,
			everySeconds: config.RECONCILE_INTERVAL_SECONDS,
			run: async () => {
				await reconcilePendingOrders(db, {
					afterSeconds: config.RECONCILE_AFTER_SECONDS,
					intervalSeconds: config.RECONCILE_INTERVAL_SECONDS,
					batch: config.RECONCILE_BATCH,
				})
			},
		},
		{
			kind: LATE_REFUND_JOB,
			run: async (payload) => {
				if (typeof payload.orderId !== 'string')
					throw new PermanentJobError('the job names no order')
				await refundLatePayment(db, payload.orderId)
			},
		},
		// A paid or refunded order's numbering and receipt, should the commit's caller stop (115).
		settleJob(db),
		// The provider's fee after a payment, for the money page (124).
		feeJob(db),
		// One reminder after a checkout that ended unpaid, where the buyer agreed to it (122).
		recoveryJob(db),
	]
}
