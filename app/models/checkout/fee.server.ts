/**
 * The payment provider's fee, read after a payment (docs/decisions/124): a job queued in the
 * payment's transaction asks the provider (Stripe: the payment intent's latest charge's balance
 * transaction) and stores the fee on the order, where the money roll-up counts it on the day
 * paid. Idempotent: an order that has its fee is left alone; a fee not settled yet is asked
 * again on the retry schedule. A provider that takes no fee (the sandbox) gets no job.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orders } from '~/db/schema.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import type { NewJob } from '~/jobs/queue.server'
import { type JobDefinition, PermanentJobError } from '~/jobs/run.server'
import { log } from '~/log.server'

const FEE_JOB = 'checkout.fee'

/** Stripe settles a card charge's balance transaction within seconds to minutes. */
const FEE_AFTER_SECONDS = 60

/** The fee's reading, queued in the payment's transaction: once per order; none without fees. */
export function feeReadJobOf(orderId: string): NewJob[] {
	if (!getPaymentProvider().readFee) return []
	return [
		{
			kind: FEE_JOB,
			payload: { orderId },
			options: {
				runAt: new Date(Date.now() + FEE_AFTER_SECONDS * 1_000),
				dedupeKey: `fee:${orderId}`,
			},
		},
	]
}

/** Reads and stores the order's fee; true when it has one now. */
async function recordProviderFee(db: Db, orderId: string): Promise<boolean> {
	const provider = getPaymentProvider()
	const [order] = await db
		.select({ intent: orders.paymentIntentId, fee: orders.providerFeeMinor })
		.from(orders)
		.where(eq(orders.id, orderId))
	if (!order) throw new PermanentJobError('no such order')
	if (order.fee != null) return true
	if (!provider.readFee || !order.intent) return false
	const fee = await provider.readFee(order.intent)
	if (!fee) return false
	await db
		.update(orders)
		.set({ providerFeeMinor: fee.feeMinor, providerFeeCurrency: fee.currency })
		.where(and(eq(orders.id, orderId), isNull(orders.providerFeeMinor)))
	return true
}

export function feeJob(db: Db): JobDefinition {
	return {
		kind: FEE_JOB,
		run: async (payload) => {
			if (typeof payload.orderId !== 'string') throw new PermanentJobError('no order')
			if (await recordProviderFee(db, payload.orderId)) return
			log.info(`Checkout ${payload.orderId}: the provider has not settled its fee yet`)
			// Thrown so the queue's retry schedule asks again later (decision 076).
			throw new Error('fee not settled yet')
		},
	}
}
