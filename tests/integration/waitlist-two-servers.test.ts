/**
 * Issue 26's "done when" for seats (docs/decisions/120, 031, 107): two app servers of the
 * production build on one PostgreSQL, paying through the fake Stripe. Every seat sold or held,
 * people waiting; then at once, across both servers: holds run out, Stripe reports refunds,
 * strangers try to buy. The seats that came back go to the people waiting, first come first
 * served, none to a stranger; nothing is ever oversold. Runs when TEST_DATABASE_URL is set
 * (scripts/with-postgres.sh, as the test command does).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '~/db/client.server'
import {
	FAKE_STRIPE_KEY,
	FAKE_WEBHOOK_SECRET,
	type FakeStripe,
	startFakeStripe,
} from '../fakes/stripe'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'
import { type RunningServer, startServer } from '../support/server'

const SEAT = 'ai-driven-dev-preorder'
const CAPACITY = 10
/** Of the seats: paid, then two of those refunded; the rest held by unpaid checkouts. */
const PAID = 4
const REFUNDED = 2
const HELD = CAPACITY - PAID
/** As many people waiting as seats come back. */
const WAITING = HELD + REFUNDED

describe.skipIf(!TEST_DATABASE_URL)(
	'the waiting list on two app servers and one PostgreSQL',
	() => {
		const servers: RunningServer[] = []
		let stripe: FakeStripe
		let drop: () => Promise<void>
		let url: string

		beforeAll(async () => {
			;({ url, drop } = await createTestDatabase())
			stripe = await startFakeStripe()
			const env = {
				DATABASE_URL: url,
				DATABASE_POOL_TIMEOUT_MS: '30000',
				STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
				STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
				STRIPE_API_URL: stripe.url,
				COURSE_SLOTS: String(CAPACITY),
				// One site: a link one server signs opens on the other.
				SESSION_SECRET: 'two-servers-secret-0123456789abcdef',
				CHECKOUT_HOLD_SEATS_PER_BUYER: '1000',
				CHECKOUT_HOLD_SHARE_PERCENT: '100',
				RATE_LIMIT_MAX: '10000',
				TRUST_PROXY: '1',
				HOLDS_SWEEP_SECONDS: '1',
				JOBS_POLL_SECONDS: '1',
				// Every checkout's page at once: the fair queue in front of Stripe (decision 161) has
				// a test of its own on two servers (payment-queue-two-servers.test.ts).
				PAYMENT_PROVIDER_RATE_PER_SECOND: '0',
			}
			// One after the other: the first migrates the database.
			servers.push(await startServer(env))
			servers.push(await startServer(env))
		}, 180_000)

		afterAll(async () => {
			await Promise.all(servers.map((server) => server.stop()))
			await stripe?.close()
			await drop?.()
		})

		/** What the database says, read on a connection of the test's own. */
		async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
			const database = await openDatabase({ url })
			try {
				return ((await database.db.execute(text)) as unknown as { rows: T[] }).rows
			} finally {
				await database.close()
			}
		}

		const on = (n: number) => servers[n % 2]!
		let buyer = 0

		/** A checkout of one seat by a buyer of their own address, on either server. */
		async function checkout(n: number) {
			const response = await fetch(`${on(n).url}/checkout`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${++buyer}` },
				body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL' }),
			})
			const body = (await response.json()) as { link?: string }
			const sessionId = body.link?.split('/').pop()
			if (!sessionId) return { status: response.status }
			// Stripe's page is the link; the order is the one of that session.
			const [order] = await query<{ id: string }>(
				sql`SELECT id FROM orders WHERE provider_session_id = ${sessionId}`,
			)
			return { status: response.status, id: order!.id, sessionId }
		}

		/** Stripe tells either server about an event: a signed webhook delivery. */
		async function deliver(n: number, type: string, object: unknown) {
			const event = stripe.event(type, object)
			const response = await fetch(`${on(n).url}/webhooks/stripe`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
				body: event.payload,
			})
			expect(response.status).toBe(200)
		}

		/** Seats sold, and held by checkouts (offers included) whose hold has not ended. */
		const seatsTaken = async () =>
			(
				await query<{ taken: number }>(
					sql`SELECT coalesce(sum(quantity), 0)::int AS taken FROM orders
					WHERE status = 'paid' OR (status = 'pending' AND expires_at > now())`,
				)
			)[0]!.taken

		test('holds running out, refunds and strangers at once: the people waiting get the seats in order, nothing is oversold', async () => {
			// Every seat taken: some paid, the rest held.
			const held = await Promise.all(Array.from({ length: CAPACITY }, (_, n) => checkout(n)))
			for (const hold of held) expect(hold.status).toBe(200)
			const paid = held.slice(0, PAID)
			for (const [n, order] of paid.entries())
				await deliver(n + 1, 'checkout.session.completed', stripe.complete(order.sessionId!))
			expect(await seatsTaken()).toBe(CAPACITY)

			// People join the waiting list, one after the other, on either server, each from a
			// network of their own, and confirm from the e-mail on the other (decision 130).
			const waiting = Array.from({ length: WAITING }, (_, n) => `waiting-${n + 1}@example.com`)
			for (const [n, email] of waiting.entries()) {
				const response = await fetch(`${on(n).url}/api/waitlist`, {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						origin: on(n).url,
						'x-forwarded-for': `10.2.0.${n + 1}`,
					},
					body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL', email }),
				})
				expect(response.status).toBe(200)
				const [mail] = await query<{ text_body: string }>(
					sql`SELECT text_body FROM outbox WHERE to_address = ${email} AND kind = 'waitlistConfirm'`,
				)
				const path = mail?.text_body.match(/\/waitlist\/confirm\/[\w.%-]+/)?.[0]
				expect(path).toBeTruthy()
				expect((await fetch(`${on(n + 1).url}${path}`)).status).toBe(200)
			}

			// At once: the holds run out (their time is up), Stripe reports refunds, and six
			// strangers try to buy, half on each server.
			const ids = (orders: { id?: string }[]) =>
				sql.join(
					orders.map((order) => sql`${order.id}`),
					sql`, `,
				)
			const sessions = await query<{ id: string; payment_intent_id: string }>(
				sql`SELECT id, payment_intent_id FROM orders WHERE id IN (${ids(paid.slice(0, REFUNDED))})`,
			)
			const strangers = await Promise.all([
				query(
					sql`UPDATE orders SET expires_at = now() - interval '1 second'
					WHERE status = 'pending' AND id IN (${ids(held.slice(PAID))})`,
				),
				...sessions.map((order, n) =>
					deliver(n, 'charge.refunded', {
						id: `ch_${order.id}`,
						object: 'charge',
						refunded: true,
						payment_intent: order.payment_intent_id,
						metadata: { order_id: order.id },
					}),
				),
				...Array.from({ length: 6 }, (_, n) => checkout(n)),
			]).then((results) => results.slice(1 + REFUNDED) as Awaited<ReturnType<typeof checkout>>[])

			// The seats that came back (the holds, the refunds) are offered to the people waiting,
			// in the order they joined, by either server's jobs; a stranger never gets one.
			for (const stranger of strangers) expect(stranger.status).toBe(409)
			// A hold whose time is up frees its seat at once; the sweep (every second here) marks
			// its order expired on its own schedule, so the wait is for both.
			const endedOrders = () =>
				query<{ status: string; n: number }>(
					sql`SELECT status, count(*)::int AS n FROM orders WHERE id IN (${ids(held)}) GROUP BY 1 ORDER BY 1`,
				)
			const deadline = Date.now() + 60_000
			let offered: { email: string }[] = []
			let ended: { status: string; n: number }[] = []
			while (Date.now() < deadline) {
				offered = await query(
					sql`SELECT email FROM waitlist_entries WHERE status = 'offered' ORDER BY id`,
				)
				ended = await endedOrders()
				const swept = !ended.some((row) => row.status === 'pending')
				if (offered.length === waiting.length && swept) break
				expect(await seatsTaken()).toBeLessThanOrEqual(CAPACITY)
				await new Promise((resolve) => setTimeout(resolve, 250))
			}
			expect(offered.map((row) => row.email)).toEqual(waiting)
			expect(ended).toEqual([
				{ status: 'expired', n: HELD },
				{ status: 'paid', n: PAID - REFUNDED },
				{ status: 'refunded', n: REFUNDED },
			])
			expect(await seatsTaken()).toBe(CAPACITY)
			// Nothing left for a stranger while the offers stand.
			expect((await checkout(0)).status).toBe(409)
		}, 120_000)
	},
)
