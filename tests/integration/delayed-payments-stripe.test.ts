/**
 * Delayed payment methods through Stripe (issue 37 item 3, docs/decisions/164), against the
 * Stripe-shaped fake, through the signed webhook's verification and the real job queue: a
 * session completed unpaid (SEPA Direct Debit) keeps its seats past the card hold until its money
 * comes (paid as any card: receipt, passes, invoice) or the bank refuses it (seats back, an
 * e-mail with a link to pay by card), or DELAYED_PAYMENT_HOLD_DAYS pass. Replayed and
 * out-of-order events change nothing twice; a lost webhook is found by reconciliation. Time
 * passes as this project's tests make it pass: the order's times are moved back in the database.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, like, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { orders, passes } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { outbox } from '~/db/schema-leads.server'
import { COURSE_SLUG } from '~/db/seed-data'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { applyPaymentEvent, createCheckout, getCheckout } from '~/models/checkout/index.server'
import { loadCourse } from '~/models/course/course.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, stripeInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const SEAT = 'ai-driven-dev-preorder'
const COURSE_SLOTS = 500

const inStripeMode = stripeInProcessSuite(
	// Reconciliation looks at every pending order at once here (120 s by default).
	{ RECONCILE_AFTER_SECONDS: '0', COURSE_SLOTS: String(COURSE_SLOTS) },
	{ periodicJobs: true },
)

describe.each(databaseBackends)('delayed payments through Stripe on $name', (backend) => {
	const suite = inStripeMode(backend)
	let n = 0
	/** A fresh address, so each test reads only its own mail. */
	const address = () => `sepa-${++n}@example.com`

	const order = async (id: string) => {
		const [row] = await suite.database.db.select().from(orders).where(eq(orders.id, id))
		return row!
	}
	const checkout = (code = PASS, quantity = 1) =>
		createCheckout(suite.database.db, {
			code,
			quantity,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
	/** The pass item has exactly one seat nobody holds. */
	const oneSeatLeft = () =>
		suite.database.db.execute(
			sql`UPDATE catalog_items SET capacity = 1 + (SELECT coalesce(sum(quantity), 0) FROM orders
				WHERE item_code = ${PASS} AND (status = 'paid' OR (status = 'pending' AND expires_at > now())))
				WHERE code = ${PASS}`,
		)
	// Each test starts with seats to spare (a test before may have left one).
	beforeEach(() =>
		suite.database.db.execute(sql`UPDATE catalog_items SET capacity = 10000 WHERE code = ${PASS}`),
	)
	/** Stripe delivers `type` for `session`, signed; the webhook route's path from there. */
	const deliver = async (type: string, session: unknown) => {
		const { payload, signature } = suite.stripe.event(type, session)
		const event = getPaymentProvider().verifyEvent!(payload, signature)
		return event ? applyPaymentEvent(suite.database.db, event) : null
	}
	/** The periodic jobs' next turn comes, and everything due runs. */
	const periodicTurn = async () => {
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
	}
	/** `minutes` pass for order `id`: its times move back (its hold's end among them). */
	const timePasses = (id: string, minutes: number) =>
		suite.database.db.execute(
			sql`UPDATE orders SET created_at = created_at - make_interval(mins => ${minutes}),
				expires_at = expires_at - make_interval(mins => ${minutes}),
				awaiting_payment_since = awaiting_payment_since - make_interval(mins => ${minutes}),
				verified_at = NULL
				WHERE id = ${id}`,
		)
	const mailTo = (email: string, subject: string) =>
		suite.database.db
			.select()
			.from(outbox)
			.where(and(eq(outbox.toAddress, email), like(outbox.subject, subject)))
	/** A buyer pays with SEPA Direct Debit on Stripe's page: the session completes unpaid. */
	const payBySepa = async (code = PASS, quantity = 1) => {
		const email = address()
		const { id } = await checkout(code, quantity)
		const session = suite.stripe.completeUnpaid(suite.stripe.sessionOf(id).id, email)
		await deliver('checkout.session.completed', session)
		return { id, email, session }
	}

	test('completed unpaid: the order waits for its money with its seats held 14 days, and the buyer is told it is on its way', async () => {
		const { id, email } = await payBySepa()
		const waiting = await order(id)
		expect(waiting).toMatchObject({ status: 'pending', email })
		expect(waiting.awaitingPaymentSince).toBeInstanceOf(Date)
		const heldFor = waiting.expiresAt.getTime() - waiting.awaitingPaymentSince!.getTime()
		expect(heldFor).toBe(14 * 86_400_000)
		const [notice, ...more] = await mailTo(email, `Your payment for order ${id} is on its way`)
		expect(more).toEqual([])
		expect(notice!.textBody).toContain('held for you until')
		expect(notice!.textBody).toContain('we e-mail your receipt with its invoice')
		expect(notice!.textBody).toContain('a link to pay by card')
		// The buyer's status says so; no seat link before the money.
		const view = await getCheckout(suite.database.db, id)
		expect(view).toMatchObject({
			status: 'pending',
			data: { awaitingPaymentUntil: waiting.expiresAt.toISOString(), passes: [] },
		})
	})

	test('completed unpaid, then succeeded: paid as any card, with passes, a receipt and an invoice', async () => {
		const { id, email, session } = await payBySepa(PASS, 2)
		await deliver(
			'checkout.session.async_payment_succeeded',
			suite.stripe.settle(session.id, 'paid'),
		)
		await drainJobs(suite.database)
		expect(await order(id)).toMatchObject({
			status: 'paid',
			paymentIntentId: session.payment_intent,
		})
		expect(
			await suite.database.db.select().from(passes).where(eq(passes.orderId, id)),
		).toHaveLength(2)
		const [receipt, ...more] = await mailTo(email, `Your receipt for order ${id}`)
		expect(more).toEqual([])
		expect(receipt!.textBody).toContain('/pass/')
		const [invoice] = await suite.database.db
			.select()
			.from(invoices)
			.where(eq(invoices.orderId, id))
		expect(invoice?.number).toEqual(expect.any(Number))
		// The receipt carries its invoice, as the processing page and the e-mail promised.
		expect(receipt!.attachments!.some((file) => file.contentType === 'application/pdf')).toBe(true)
	})

	test('completed unpaid, then failed: the seats go back and the buyer gets a link to pay by card for the same items', async () => {
		await oneSeatLeft()
		const { id, email, session } = await payBySepa()
		await expect(checkout()).rejects.toMatchObject({ code: 'sold-out' })

		await deliver(
			'checkout.session.async_payment_failed',
			suite.stripe.settle(session.id, 'failed'),
		)
		expect(await order(id)).toMatchObject({ status: 'failed' })
		// The seat is on sale again.
		await expect(checkout()).resolves.toMatchObject({ id: expect.any(String) })
		const [notice, ...more] = await mailTo(email, `Your payment for order ${id} did not go through`)
		expect(more).toEqual([])
		expect(notice!.textBody).toContain('Your bank refused the payment')
		expect(notice!.textBody).toMatch(
			new RegExp(`/checkout/${id}/pay-by-card\\?key=[A-Za-z0-9_.%-]+`),
		)
		expect(await mailTo(email, 'Your receipt for order %')).toEqual([])
	})

	test('completed unpaid with no answer for longer than the card hold: the seat is still held and sold to nobody else', async () => {
		await oneSeatLeft()
		const { id } = await payBySepa()
		await timePasses(id, 31)
		await periodicTurn()
		const waiting = await order(id)
		expect(waiting).toMatchObject({ status: 'pending' })
		expect(waiting.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000)
		await expect(checkout()).rejects.toMatchObject({ code: 'sold-out' })
		// Reconciliation asked Stripe about it, which says the money is still on its way.
		expect(
			suite.stripe.requests.some(
				(request) =>
					request.method === 'GET' &&
					request.path === `/v1/checkout/sessions/${waiting.providerSessionId}`,
			),
		).toBe(true)
	})

	test("the course's available count shows seats whose money is on its way, after the card hold too", async () => {
		const available = async () =>
			(await loadCourse(suite.database.db, { slug: COURSE_SLUG, capacity: COURSE_SLOTS }))!
				.available
		const before = await available()
		const { id } = await payBySepa(SEAT, 3)
		expect(await available()).toBe(before - 3)
		await timePasses(id, 31)
		await periodicTurn()
		expect(await available()).toBe(before - 3)
	})

	test('no answer within the 14 days: the order ends, its seat goes back and the buyer gets the card link; money that comes later still gets its seat', async () => {
		await oneSeatLeft()
		const { id, email, session } = await payBySepa()
		await timePasses(id, 14 * 24 * 60 + 1)
		await periodicTurn()
		expect(await order(id)).toMatchObject({ status: 'expired' })
		const [notice] = await mailTo(email, `Your payment for order ${id} did not arrive`)
		expect(notice!.textBody).toContain('/pay-by-card?key=')
		expect(notice!.textBody).toContain('If your bank payment still reaches us')

		// The money comes after all, with the seat still free: the late-payment rule (077).
		await deliver(
			'checkout.session.async_payment_succeeded',
			suite.stripe.settle(session.id, 'paid'),
		)
		await drainJobs(suite.database)
		expect(await order(id)).toMatchObject({ status: 'paid' })
		expect(await mailTo(email, `Your receipt for order ${id}`)).toHaveLength(1)
	})

	test('replayed and out-of-order events change nothing twice: succeeded twice, failed after succeeded, completed-unpaid after paid', async () => {
		const { id, email, session } = await payBySepa()
		const paid = suite.stripe.settle(session.id, 'paid')
		const succeeded = suite.stripe.event('checkout.session.async_payment_succeeded', paid)
		const provider = getPaymentProvider()
		const apply = (delivery: { payload: string; signature: string }) =>
			applyPaymentEvent(
				suite.database.db,
				provider.verifyEvent!(delivery.payload, delivery.signature)!,
			)
		expect(await apply(succeeded)).toMatchObject({ changed: true, status: 'paid' })
		// The same delivery again, and a second event saying the same.
		expect(await apply(succeeded)).toMatchObject({ changed: false })
		await deliver('checkout.session.async_payment_succeeded', paid)
		// A failure and a delayed completion arriving after the money: nothing.
		await deliver('checkout.session.async_payment_failed', {
			...paid,
			payment_status: 'unpaid',
		})
		await deliver('checkout.session.completed', { ...paid, payment_status: 'unpaid' })
		await drainJobs(suite.database)
		expect(await order(id)).toMatchObject({ status: 'paid' })
		expect(
			await suite.database.db.select().from(passes).where(eq(passes.orderId, id)),
		).toHaveLength(1)
		expect(await mailTo(email, `Your receipt for order ${id}`)).toHaveLength(1)
		expect(await mailTo(email, `Your payment for order ${id} is on its way`)).toHaveLength(1)
		expect(await mailTo(email, `Your payment for order ${id} did not%`)).toEqual([])
		expect(
			await suite.database.db.select().from(invoices).where(eq(invoices.orderId, id)),
		).toHaveLength(1)
	})

	test('a failure replayed, and a delayed completion after it, change nothing twice', async () => {
		const { id, email, session } = await payBySepa()
		const failed = suite.stripe.settle(session.id, 'failed')
		await deliver('checkout.session.async_payment_failed', failed)
		await deliver('checkout.session.async_payment_failed', failed)
		await deliver('checkout.session.completed', failed)
		expect(await order(id)).toMatchObject({ status: 'failed' })
		expect(await mailTo(email, `Your payment for order ${id} did not go through`)).toHaveLength(1)
		expect(await mailTo(email, `Your payment for order ${id} is on its way`)).toHaveLength(1)
	})

	test('a forged "succeeded" event is refused by the signature check and pays nothing', async () => {
		const { id, session } = await payBySepa()
		const forged = suite.stripe.event(
			'checkout.session.async_payment_succeeded',
			{ ...session, payment_status: 'paid' },
			'whsec_not_ours',
		)
		expect(() => getPaymentProvider().verifyEvent!(forged.payload, forged.signature)).toThrow()
		expect(await order(id)).toMatchObject({ status: 'pending' })
	})

	test('lost webhooks are found by reconciliation: a delayed completion, then its money', async () => {
		const email = address()
		const { id } = await checkout()
		const session = suite.stripe.completeUnpaid(suite.stripe.sessionOf(id).id, email)
		await periodicTurn()
		expect((await order(id)).awaitingPaymentSince).toBeInstanceOf(Date)
		expect(await mailTo(email, `Your payment for order ${id} is on its way`)).toHaveLength(1)

		suite.stripe.settle(session.id, 'paid')
		// A delayed payment is asked about at most hourly: an hour passes.
		await timePasses(id, 61)
		await periodicTurn()
		expect(await order(id)).toMatchObject({ status: 'paid' })
		expect(await mailTo(email, `Your receipt for order ${id}`)).toHaveLength(1)
	})

	test('a lost failure is found by reconciliation: the order fails and the buyer gets the card link', async () => {
		const { id, email, session } = await payBySepa()
		suite.stripe.settle(session.id, 'failed')
		await timePasses(id, 61)
		await periodicTurn()
		expect(await order(id)).toMatchObject({ status: 'failed' })
		expect(await mailTo(email, `Your payment for order ${id} did not go through`)).toHaveLength(1)
	})
})
