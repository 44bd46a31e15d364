/**
 * The payment webhook answers Stripe once the payment has committed; the invoice's number and the
 * receipt follow by the settle job, due at once (docs/decisions/186). The buyer's own pages, which
 * apply the same events, still settle before they answer. The models in this process against a
 * fake Stripe; the webhook on a running server and PostgreSQL (with TEST_DATABASE_URL).
 */
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '~/db/client.server'
import { orders } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { jobs } from '~/db/schema-jobs.server'
import { outbox } from '~/db/schema-leads.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { applyPaymentEvent, createCheckout } from '~/models/checkout/index.server'
import { SETTLE_JOB, settleJob } from '~/models/checkout/settle.server'
import type { FakeStripe } from '../fakes/stripe'
import { pglite } from '../support/databases'
import { drainJobs, stripeInProcessSuite } from '../support/in-process'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'
import type { RunningServer } from '../support/server'
import { startStripeSite, stopStripeSite } from '../support/stripe-site'

const PASS = 'ai-driven-development-day-pass'
const BUYER = 'settling@example.com'

const inStripeMode = stripeInProcessSuite()

describe('settling a payment', () => {
	const suite = inStripeMode(pglite)

	/** A completed Checkout Session's event, as Stripe would deliver it. */
	async function completedPayment() {
		const { id } = await createCheckout(suite.database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
		const session = suite.stripe.complete(suite.stripe.sessionOf(id).id, BUYER)
		return { id, ...suite.stripe.event('checkout.session.completed', session) }
	}

	async function settled(id: string) {
		const db = suite.database.db
		const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, id))
		const [job] = await db
			.select()
			.from(jobs)
			.where(and(eq(jobs.kind, SETTLE_JOB), like(jobs.dedupeKey, `%:${id}`)))
		const receipts = await db
			.select({ id: outbox.id })
			.from(outbox)
			.where(and(eq(outbox.toAddress, BUYER), eq(outbox.subject, `Your receipt for order ${id}`)))
		const [order] = await db.select().from(orders).where(eq(orders.id, id))
		return { status: order?.status, number: invoice?.number ?? null, job, receipts }
	}

	test('a payment settled by the queue commits with its invoice waiting for its number and a settle job due at once, which numbers it and sends the receipt', async () => {
		const { id, payload, signature } = await completedPayment()
		const event = getPaymentProvider().verifyEvent!(payload, signature)
		await applyPaymentEvent(suite.database.db, event!, 'by the queue')
		const returned = await settled(id)
		expect(returned.status).toBe('paid')
		expect(returned.number).toBeNull()
		expect(returned.receipts).toEqual([])
		expect(returned.job?.status).toBe('queued')
		expect(returned.job!.runAt.getTime()).toBeLessThanOrEqual(Date.now())

		await drainJobs(suite.database)
		const after = await settled(id)
		expect(after.number).toBeGreaterThan(0)
		expect(after.receipts).toHaveLength(1)
	})

	test('a payment its caller settles is numbered and its receipt sent before it returns, the job a safety net for later', async () => {
		const { id, payload, signature } = await completedPayment()
		const event = getPaymentProvider().verifyEvent!(payload, signature)
		await applyPaymentEvent(suite.database.db, event!)
		const returned = await settled(id)
		expect(returned.number).toBeGreaterThan(0)
		expect(returned.receipts).toHaveLength(1)
		expect(returned.job!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
	})
})

test('receipts are drawn one at a time in a worker, leaving its other slots to the checkout queue and the deliveries (jobs.test.ts tests maxRunning)', () => {
	expect(settleJob({} as never).maxRunning).toBe(1)
})

describe.skipIf(!TEST_DATABASE_URL)('the payment webhook on PostgreSQL', () => {
	let server: RunningServer
	let stripe: FakeStripe
	let database: Database
	let drop: () => Promise<void>

	beforeAll(async () => {
		const created = await createTestDatabase()
		drop = created.drop
		;({ server, stripe } = await startStripeSite({ DATABASE_URL: created.url }))
		database = await openDatabase({ url: created.url })
	}, 120_000)
	afterAll(async () => {
		await database?.close()
		await stopStripeSite(server, stripe)
		await drop?.()
	})

	test('Stripe gets its answer while invoice numbering is held up: the number and the receipt follow once it is free', async () => {
		const checkout = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: PASS, quantity: 1, region: 'GLOBAL' }),
		})
		expect(checkout.status).toBe(200)
		const { link } = (await checkout.json()) as { link: string }
		const session = [...stripe.sessions.values()].find((each) => each.url === link)!
		const id = session.metadata.order_id!
		const { payload, signature } = stripe.event(
			'checkout.session.completed',
			stripe.complete(session.id, BUYER),
		)
		const numbered = async () =>
			(await database.db.select().from(invoices).where(eq(invoices.orderId, id)))[0]?.number ?? null

		// Another transaction holds the invoice counters: numbering waits for it.
		await database.db.transaction(async (tx) => {
			await tx.execute(sql`LOCK TABLE invoice_counters IN EXCLUSIVE MODE`)
			const answer = await fetch(`${server.url}/webhooks/stripe`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
				body: payload,
				signal: AbortSignal.timeout(10_000),
			})
			expect(answer.status).toBe(200)
			expect(await answer.json()).toMatchObject({ received: true, handled: true, changed: true })
			const [order] = await tx.select().from(orders).where(eq(orders.id, id))
			expect(order?.status).toBe('paid')
		})
		await expect.poll(numbered, { timeout: 15_000 }).toBeGreaterThan(0)
		await expect
			.poll(
				async () =>
					(await database.db.select().from(orders).where(eq(orders.id, id)))[0]?.receiptSentAt ??
					null,
				{ timeout: 15_000 },
			)
			.not.toBeNull()
	})
})
