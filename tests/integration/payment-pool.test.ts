/**
 * Payments run on a pool of their own (DATABASE_PAYMENT_POOL_MAX, decision 162): a checkout never
 * waits for a connection behind a payment's transaction. Here every connection payments may have
 * is held by a payment stuck in its transaction (the order row locked by another session), more
 * than the checkouts' whole pool: checkouts still answer, and the payments then complete. On a
 * throwaway PostgreSQL (TEST_DATABASE_URL, scripts/with-postgres.sh); needs `npm run build`.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeSession, FakeStripe } from '../fakes/stripe'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'
import type { RunningServer } from '../support/server'
import { startStripeSite, stopStripeSite } from '../support/stripe-site'

const SEAT = 'ai-driven-dev-preorder'

describe.skipIf(!TEST_DATABASE_URL)('payments on a pool of their own', () => {
	let server: RunningServer | undefined
	let stripe: FakeStripe | undefined
	let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined
	let admin: pg.Client | undefined
	beforeAll(async () => {
		database = await createTestDatabase()
		;({ server, stripe } = await startStripeSite({
			DATABASE_URL: database.url,
			DATABASE_POOL_MAX: '2',
			DATABASE_PAYMENT_POOL_MAX: '2',
			// A checkout that had to wait for a payment's connection fails soon: 503.
			DATABASE_POOL_TIMEOUT_MS: '1000',
			RATE_LIMIT_MAX: '1000',
		}))
		admin = new pg.Client({ connectionString: database.url })
		await admin.connect()
	})
	afterAll(async () => {
		await admin?.end()
		await stopStripeSite(server, stripe)
		await database?.drop()
	})

	async function checkout() {
		const response = await fetch(`${server!.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', origin: server!.url },
			body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL' }),
		})
		return { status: response.status, body: (await response.json()) as { link?: string } }
	}

	function pay(session: FakeSession) {
		const { payload, signature } = stripe!.event(
			'checkout.session.completed',
			stripe!.complete(session.id),
		)
		return fetch(`${server!.url}/webhooks/stripe`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
			body: payload,
		})
	}

	test('a checkout completes while payments hold every connection of theirs in a transaction', async () => {
		const sessions: FakeSession[] = []
		for (let i = 0; i < 2; i++) {
			const { status, body } = await checkout()
			expect(status).toBe(200)
			sessions.push([...stripe!.sessions.values()].find((one) => one.url === body.link)!)
		}
		const orderIds = sessions.map((session) => session.metadata.order_id!)
		// Each payment's transaction waits to store its event, holding its connection meanwhile.
		await admin!.query('BEGIN')
		await admin!.query('LOCK TABLE payment_events IN ACCESS EXCLUSIVE MODE')
		const payments = sessions.map((session) => pay(session))
		for (;;) {
			// Inside a transaction the statistics are a snapshot, taken again only when cleared.
			await admin!.query('SELECT pg_stat_clear_snapshot()')
			const { rows } = await admin!.query(
				"SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
			)
			if (rows.length === 2) break
			await new Promise((resolve) => setTimeout(resolve, 50))
		}

		const during = await Promise.all([checkout(), checkout(), checkout()])
		for (const { status, body } of during) {
			expect(status).toBe(200)
			expect(body.link).toMatch(/^http/)
		}

		await admin!.query('ROLLBACK')
		for (const answer of await Promise.all(payments)) {
			expect(answer.status).toBe(200)
			expect(await answer.json()).toMatchObject({ handled: true, changed: true })
		}
		// The webhook answers once the payment commits; each receipt follows by the queue (186).
		const orderRows = async () =>
			(
				await admin!.query<{ status: string; receipt: boolean }>(
					'SELECT status, receipt_sent_at IS NOT NULL AS receipt FROM orders WHERE id = ANY($1)',
					[orderIds],
				)
			).rows
		expect((await orderRows()).map((row) => row.status)).toEqual(['paid', 'paid'])
		await expect.poll(orderRows, { timeout: 15_000 }).toEqual([
			{ status: 'paid', receipt: true },
			{ status: 'paid', receipt: true },
		])
	})
})
