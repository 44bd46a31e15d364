/**
 * A checkout's payment page lost to a database failure (issue 33 item 12, docs/decisions/134):
 * Stripe creates the session, then the database fails before the order stores it. The fault is
 * injected by a trigger that fails the order's update as a server shutting down does (SQLSTATE
 * 57P01): only the write of the session, or every write of the order (the database still down
 * when the request tries to give the seats back). On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { isDatabaseUnavailable } from '~/db/availability.server'
import { newPublicId } from '~/db/public-id.server'
import { orders, passes, waitlistEntries } from '~/db/schema.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { applyPaymentEvent, createCheckout } from '~/models/checkout/index.server'
import { checkoutOffer } from '~/models/waitlist/claim.server'
import type { FakeSession } from '../fakes/stripe'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, stripeInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'

const inStripeMode = stripeInProcessSuite({}, { periodicJobs: true })

describe.each(databaseBackends)('a payment page lost to a database failure on $name', (backend) => {
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
	/** The order of the checkout that failed: the newest one. */
	const lastOrder = async () => {
		const [row] = await suite.database.db
			.select()
			.from(orders)
			.orderBy(sql`${orders.createdAt} desc`)
			.limit(1)
		return row!
	}
	/** The pass item has exactly one seat nobody holds. */
	const oneSeatLeft = () =>
		suite.database.db.execute(
			sql`UPDATE catalog_items SET capacity = 1 + (SELECT coalesce(sum(quantity), 0) FROM orders
				WHERE item_code = ${PASS} AND (status = 'paid' OR (status = 'pending' AND expires_at > now())))
				WHERE code = ${PASS}`,
		)
	/**
	 * From now on the database fails the order's updates as a server shutting down does:
	 * `storing` only the write of a session, `everything` every write of an order, `claimed`
	 * every write of an order whose page is being opened (`link = ''`).
	 */
	const databaseFails = async (what: 'storing' | 'everything' | 'claimed') => {
		await suite.database.db.execute(
			sql.raw(`CREATE OR REPLACE FUNCTION test_database_gone() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN RAISE EXCEPTION 'terminating connection due to administrator command'
					USING ERRCODE = 'admin_shutdown'; END $$`),
		)
		await suite.database.db.execute(
			sql.raw(`CREATE TRIGGER test_database_gone BEFORE UPDATE ON orders FOR EACH ROW
				${{ storing: 'WHEN (NEW.provider_session_id IS DISTINCT FROM OLD.provider_session_id)', claimed: "WHEN (OLD.link = '')", everything: '' }[what]}
				EXECUTE FUNCTION test_database_gone()`),
		)
	}
	const databaseIsBack = () =>
		suite.database.db.execute(sql`DROP TRIGGER IF EXISTS test_database_gone ON orders`)
	/**
	 * A checkout while the database fails: it is refused as the database being unavailable (the
	 * route's 503), and its order is the newest one.
	 */
	const checkoutLostToTheDatabase = async (what: 'storing' | 'everything') => {
		await databaseFails(what)
		try {
			await expect(checkout()).rejects.toSatisfy(isDatabaseUnavailable)
		} finally {
			await databaseIsBack()
		}
		return lastOrder()
	}
	/** Longer ago than any session creation can take. */
	const longAgo = (id: string) =>
		suite.database.db
			.update(orders)
			.set({ createdAt: sql`now() - interval '1 hour'` })
			.where(eq(orders.id, id))
	/**
	 * A waiting-list offer of the last seat, made long ago, its payment page not asked for yet
	 * (docs/decisions/120): a pending order with no session, named by an offered entry.
	 */
	const offerWithNoPage = async () => {
		const { id: checkoutId } = await checkout()
		const template = await order(checkoutId)
		await suite.database.db
			.update(orders)
			.set({ status: 'expired' })
			.where(eq(orders.id, checkoutId))
		const id = newPublicId()
		await suite.database.db.insert(orders).values({
			id,
			itemCode: PASS,
			quantity: 1,
			status: 'pending',
			region: template.region,
			amountMinor: template.amountMinor,
			unitAmountMinor: template.unitAmountMinor,
			discountMinor: template.discountMinor,
			currency: template.currency,
			attribution: { waitlist: true },
			provider: 'stripe',
			email: 'offered@example.com',
			createdAt: sql`now() - interval '1 hour'`,
			expiresAt: sql`now() + interval '24 hours'`,
		})
		await suite.database.db.insert(waitlistEntries).values({
			itemCode: PASS,
			email: 'offered@example.com',
			quantity: 1,
			region: 'GLOBAL',
			status: 'offered',
			offerOrderId: id,
			offeredAt: new Date(),
		})
		return id
	}
	/** The periodic jobs' next turn comes, and everything due runs. */
	const periodicTurn = async () => {
		await jobsDueNow(suite.database)
		await drainJobs(suite.database)
	}
	/** Stripe's webhook for a session paid on its page. */
	const webhookOf = async (session: FakeSession) => {
		const { payload, signature } = suite.stripe.event('checkout.session.completed', session)
		const event = getPaymentProvider().verifyEvent!(payload, signature)
		await applyPaymentEvent(suite.database.db, event!)
		await drainJobs(suite.database)
	}

	test('a checkout whose Stripe session could not be stored gives its seat back at once, and that session can no longer be paid', async () => {
		await oneSeatLeft()
		const lost = await checkoutLostToTheDatabase('storing')

		expect(lost).toMatchObject({ status: 'failed', providerSessionId: null, link: null })
		expect(suite.stripe.sessionOf(lost.id).status).toBe('expired')
		await expect(checkout()).resolves.toMatchObject({ id: expect.any(String) })
	})

	test('a checkout left holding its seat with no payment page, the database down until after the request, is released by the hold sweep once a session creation could no longer be under way', async () => {
		await oneSeatLeft()
		const lost = await checkoutLostToTheDatabase('everything')
		expect(lost).toMatchObject({ status: 'pending', providerSessionId: null, link: null })
		// Stripe answered: the session nobody has the link of is ended there at once.
		expect(suite.stripe.sessionOf(lost.id).status).toBe('expired')

		// A checkout this young may still be waiting for Stripe's answer.
		await periodicTurn()
		expect((await order(lost.id)).status).toBe('pending')

		await longAgo(lost.id)
		await periodicTurn()
		expect(await order(lost.id)).toMatchObject({ status: 'failed', link: null })
		await expect(checkout()).resolves.toMatchObject({ id: expect.any(String) })
	})

	test('a session whose id was never stored, paid anyway while its order holds the seat, is matched to the order by its metadata and gives the buyer their seat', async () => {
		await oneSeatLeft()
		suite.stripe.failExpiries(true)
		const lost = await checkoutLostToTheDatabase('everything').finally(() =>
			suite.stripe.failExpiries(false),
		)
		const orphan = suite.stripe.sessionOf(lost.id)
		expect(orphan.status).toBe('open')

		await webhookOf(suite.stripe.complete(orphan.id, 'orphan.paid@example.com'))
		expect(await order(lost.id)).toMatchObject({
			status: 'paid',
			providerSessionId: orphan.id,
			email: 'orphan.paid@example.com',
		})
		expect(
			await suite.database.db.select().from(passes).where(eq(passes.orderId, lost.id)),
		).toHaveLength(1)
	})

	test('a session whose id was never stored, paid after its order was released and its seat sold, is refunded through Stripe', async () => {
		await oneSeatLeft()
		suite.stripe.failExpiries(true)
		const lost = await checkoutLostToTheDatabase('everything').finally(() =>
			suite.stripe.failExpiries(false),
		)
		await longAgo(lost.id)
		await periodicTurn()
		expect((await order(lost.id)).status).toBe('failed')
		const { id: other } = await checkout()

		const paid = suite.stripe.complete(suite.stripe.sessionOf(lost.id).id, 'too.late@example.com')
		await webhookOf(paid)
		expect(await order(lost.id)).toMatchObject({
			status: 'refunded',
			paymentIntentId: paid.payment_intent,
		})
		expect(
			[...suite.stripe.refunds.values()].filter((r) => r.payment_intent === paid.payment_intent),
		).toHaveLength(1)
		expect(
			await suite.database.db.select().from(passes).where(eq(passes.orderId, lost.id)),
		).toEqual([])
		expect((await order(other)).status).toBe('pending')
	})

	test('a waiting-list offer whose payment page is not opened yet keeps its seat past the grace: it opens its page when its holder asks', async () => {
		await oneSeatLeft()
		const id = await offerWithNoPage()

		await periodicTurn()
		expect(await order(id)).toMatchObject({ status: 'pending', link: null })
	})

	test('a waiting-list offer whose page could not be stored, the database down until after the request, opens again after the grace on the same Stripe session', async () => {
		await oneSeatLeft()
		const id = await offerWithNoPage()
		await databaseFails('claimed')
		try {
			await expect(checkoutOffer(suite.database.db, id, 'http://site.test')).rejects.toSatisfy(
				isDatabaseUnavailable,
			)
		} finally {
			await databaseIsBack()
		}
		const orphan = suite.stripe.sessionOf(id)
		expect(await order(id)).toMatchObject({ status: 'pending', link: '', providerSessionId: null })
		// A page being opened by another request: the holder is asked to wait.
		await expect(checkoutOffer(suite.database.db, id, 'http://site.test')).rejects.toMatchObject({
			status: 409,
		})
		await periodicTurn()
		expect((await order(id)).link).toBe('')

		await suite.database.db
			.update(orders)
			.set({ updatedAt: sql`now() - interval '1 hour'` })
			.where(eq(orders.id, id))
		await periodicTurn()
		await expect(checkoutOffer(suite.database.db, id, 'http://site.test')).resolves.toEqual({
			orderId: id,
			link: orphan.url,
		})
		expect(await order(id)).toMatchObject({ status: 'pending', providerSessionId: orphan.id })
		expect([...suite.stripe.sessions.values()].filter((s) => s.metadata.order_id === id)).toEqual([
			orphan,
		])
	})
})
