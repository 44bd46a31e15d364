/**
 * The checkout's background jobs (docs/decisions/075, 077) against a fake Stripe on loopback,
 * with no request and no webhook: expired holds released by the periodic job, a pending order
 * completed by reconciliation, and a payment that arrives after its hold ended — given a seat
 * when one is free, else refunded through Stripe with an e-mail to the buyer. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, like, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders, passes } from '~/db/schema.server'
import { outbox } from '~/db/schema-leads.server'
import { createCheckout } from '~/models/checkout/index.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, stripeInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'

const inStripeMode = stripeInProcessSuite(
	// Reconciliation looks at every pending order at once here (120 s by default).
	{ RECONCILE_AFTER_SECONDS: '0' },
	{ periodicJobs: true },
)

describe.each(databaseBackends)('background checkout jobs on $name', (backend) => {
	const suite = inStripeMode(backend)

	const order = async (id: string) => {
		const [row] = await suite.database.db.select().from(orders).where(eq(orders.id, id))
		return row!
	}
	const checkout = () =>
		createCheckout(suite.database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
	/** The reservation of `id` ended a moment ago. */
	const holdEnds = (id: string) =>
		suite.database.db
			.update(orders)
			.set({ expiresAt: sql`now() - interval '1 second'` })
			.where(eq(orders.id, id))
	/** The pass item has exactly one seat nobody holds. */
	const oneSeatLeft = () =>
		suite.database.db.execute(
			sql`UPDATE catalog_items SET capacity = 1 + (SELECT coalesce(sum(quantity), 0) FROM orders
				WHERE item_code = ${PASS} AND (status = 'paid' OR (status = 'pending' AND expires_at > now())))
				WHERE code = ${PASS}`,
		)
	/** The periodic jobs' next turn comes, and everything due runs. */
	const periodicTurn = async () => {
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
	}
	const mailTo = (email: string, subject: string) =>
		suite.database.db
			.select()
			.from(outbox)
			.where(and(eq(outbox.toAddress, email), like(outbox.subject, subject)))

	test('an expired hold is released by the periodic job with no request: the order expires and its Stripe session can no longer be paid', async () => {
		await oneSeatLeft()
		const { id } = await checkout()
		const session = suite.stripe.sessionOf(id)
		await periodicTurn()
		expect((await order(id)).status).toBe('pending')

		await holdEnds(id)
		await periodicTurn()
		expect((await order(id)).status).toBe('expired')
		expect(suite.stripe.sessions.get(session.id)!.status).toBe('expired')
		// Its seat is free for the next buyer.
		await expect(checkout()).resolves.toMatchObject({ id: expect.any(String) })
	})

	test('a pending order paid at Stripe whose webhook never came is completed by reconciliation, with passes and a receipt', async () => {
		await oneSeatLeft()
		const { id } = await checkout()
		suite.stripe.complete(suite.stripe.sessionOf(id).id, 'paid.quietly@example.com')
		await periodicTurn()
		const paid = await order(id)
		expect(paid).toMatchObject({ status: 'paid', email: 'paid.quietly@example.com' })
		expect(
			await suite.database.db.select().from(passes).where(eq(passes.orderId, id)),
		).toHaveLength(1)
		expect(await mailTo('paid.quietly@example.com', `Your receipt for order ${id}`)).toHaveLength(1)
	})

	test('a payment after the hold ended takes the seat when it is still free', async () => {
		await oneSeatLeft()
		const { id } = await checkout()
		await holdEnds(id)
		suite.stripe.complete(suite.stripe.sessionOf(id).id, 'late.but.lucky@example.com')
		await periodicTurn()
		expect(await order(id)).toMatchObject({ status: 'paid', refundNoticeSentAt: null })
		expect(await mailTo('late.but.lucky@example.com', 'Your receipt for order %')).toHaveLength(1)
		expect([...suite.stripe.refunds.values()].some((r) => r.metadata.order_id === id)).toBe(false)
	})

	test('a payment after the hold ended, with the seat sold to someone else, is refunded through Stripe and the buyer is told', async () => {
		await oneSeatLeft()
		const { id: late } = await checkout()
		await holdEnds(late)
		// The seat goes to another buyer, who is still paying.
		const { id: other } = await checkout()
		const latePayment = suite.stripe.complete(
			suite.stripe.sessionOf(late).id,
			'late.buyer@example.com',
		)
		await periodicTurn()

		expect(await order(late)).toMatchObject({
			status: 'refunded',
			email: 'late.buyer@example.com',
			paymentIntentId: latePayment.payment_intent,
		})
		expect((await order(late)).refundNoticeSentAt).toBeInstanceOf(Date)
		const refunds = [...suite.stripe.refunds.values()].filter(
			(refund) => refund.payment_intent === latePayment.payment_intent,
		)
		expect(refunds).toHaveLength(1)
		expect(refunds[0]!.amount).toBe((await order(late)).amountMinor)
		const [notice, ...more] = await mailTo(
			'late.buyer@example.com',
			`Your order ${late} is being refunded`,
		)
		expect(more).toEqual([])
		expect(notice!.textBody).toContain('every seat had been taken')
		expect(await mailTo('late.buyer@example.com', 'Your receipt for order %')).toEqual([])
		expect(await suite.database.db.select().from(passes).where(eq(passes.orderId, late))).toEqual(
			[],
		)
		// The other buyer's hold is untouched.
		expect((await order(other)).status).toBe('pending')

		// Running everything again refunds and tells nobody twice.
		await periodicTurn()
		expect(
			[...suite.stripe.refunds.values()].filter(
				(r) => r.payment_intent === latePayment.payment_intent,
			),
		).toHaveLength(1)
		expect(
			await mailTo('late.buyer@example.com', `Your order ${late} is being refunded`),
		).toHaveLength(1)
	})
})
