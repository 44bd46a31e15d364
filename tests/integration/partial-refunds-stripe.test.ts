/**
 * Partial refunds through Stripe (docs/decisions/123), against the fake Stripe: the refund names
 * its amount and idempotency key, so a double submit refunds once; the partial charge.refunded
 * webhook that follows (`refunded: false`) changes nothing; Stripe refuses more than is left and
 * the owner is told why, next to the amount. On PGlite, and on PostgreSQL when TEST_DATABASE_URL
 * is set. Its own file: the payment provider is made once per process.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { newPublicId } from '~/db/public-id.server'
import { orders, passes } from '~/db/schema.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { applyPaymentEvent, createCheckout } from '~/models/checkout/index.server'
import { refundOrderPart } from '~/models/checkout/order-actions.server'
import {
	FAKE_STRIPE_KEY,
	FAKE_WEBHOOK_SECRET,
	type FakeStripe,
	startFakeStripe,
} from '../fakes/stripe'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const ORIGIN = 'http://site.test'
const owner = { name: 'mona (GitHub #1001)' }

// One fake Stripe for the file: the provider, made once per process, keeps its address.
let stripe: FakeStripe
beforeAll(async () => {
	stripe = await startFakeStripe()
})
afterAll(() => stripe?.close())

describe.each(databaseBackends)('partial refunds through Stripe on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
		useInProcess({
			STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
			STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
			STRIPE_API_URL: stripe.url,
		})
	})
	afterAll(async () => {
		leaveInProcess()
		await cleanup?.()
	})

	async function webhook(type: string, object: unknown) {
		const { payload, signature } = stripe.event(type, object)
		const event = getPaymentProvider().verifyEvent!(payload, signature)
		return event ? applyPaymentEvent(database.db, event) : null
	}

	test('Stripe refunds the pass’s share once, and its partial charge.refunded changes nothing', async () => {
		const { id } = await createCheckout(database.db, {
			code: PASS,
			quantity: 2,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		const session = stripe.complete(stripe.sessionOf(id).id, 'stripe-buyer@example.com')
		await webhook('checkout.session.completed', session)
		const [pass] = await database.db.select().from(passes).where(eq(passes.orderId, id))
		const paid = (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!

		const outcomes = await Promise.all([
			refundOrderPart(database.db, owner, { orderId: id, passId: pass!.id }),
			refundOrderPart(database.db, owner, { orderId: id, passId: pass!.id }),
		])
		expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
		const sent = [...stripe.refunds.values()].filter(
			(refund) => refund.payment_intent === session.payment_intent,
		)
		expect(sent.map((refund) => refund.amount)).toEqual([paid.amountMinor / 2])
		await webhook('charge.refunded', {
			id: `ch_${session.payment_intent}`,
			object: 'charge',
			refunded: false,
			amount_refunded: paid.amountMinor / 2,
			payment_intent: session.payment_intent,
			metadata: { order_id: id },
		})
		const after = (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!
		expect(after).toMatchObject({
			status: 'paid',
			quantity: 1,
			refundedMinor: paid.amountMinor / 2,
		})
		// Stripe refuses more than is left; the owner is told why, next to the amount.
		const over = await refundOrderPart(database.db, owner, {
			orderId: id,
			amount: String(paid.amountMinor),
			key: newPublicId(),
		})
		expect(over).toMatchObject({ ok: false, field: 'amount' })
		expect(over.message).toContain('is left to refund')
	})
})
