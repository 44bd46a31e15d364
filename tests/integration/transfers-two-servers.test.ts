/**
 * Issue 37's "done when" for seats (docs/decisions/163, 031): two app servers of the production
 * build on one PostgreSQL, on the sandbox. More buyers than seats check out at once across both
 * servers; then at once, a third of them turn their checkout into a bank transfer, a third pay
 * by card and a third cancel, while strangers keep trying to buy. Seats are never oversold, the
 * transfers keep theirs past the card hold, and every seat the cancellations gave back is sold
 * or held again exactly once. Runs when TEST_DATABASE_URL is set (scripts/with-postgres.sh).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '~/db/client.server'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'
import { type RunningServer, startServer } from '../support/server'

const SEAT = 'ai-driven-dev-preorder'
const CAPACITY = 12

describe.skipIf(!TEST_DATABASE_URL)('bank transfers on two app servers and one PostgreSQL', () => {
	const servers: RunningServer[] = []
	let drop: () => Promise<void>
	let url: string

	beforeAll(async () => {
		;({ url, drop } = await createTestDatabase())
		const env = {
			DATABASE_URL: url,
			DATABASE_POOL_TIMEOUT_MS: '30000',
			COURSE_SLOTS: String(CAPACITY),
			SESSION_SECRET: 'two-servers-secret-0123456789abcdef',
			CHECKOUT_HOLD_SEATS_PER_BUYER: '1000',
			CHECKOUT_HOLD_SHARE_PERCENT: '100',
			BANK_TRANSFER_SEATS_PER_BUYER: '1000',
			RATE_LIMIT_MAX: '10000',
			TRUST_PROXY: '1',
			HOLDS_SWEEP_SECONDS: '1',
			JOBS_POLL_SECONDS: '1',
		}
		servers.push(await startServer(env))
		servers.push(await startServer(env))
	}, 180_000)

	afterAll(async () => {
		await Promise.all(servers.map((server) => server.stop()))
		await drop?.()
	})

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

	/** A checkout of one seat by a buyer of their own address; its order and its cookie. */
	async function checkout(n: number) {
		const response = await fetch(`${on(n).url}/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.2.0.${++buyer}` },
			body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL' }),
		})
		const body = (await response.json()) as { link?: string }
		const id = body.link?.split('/').pop()
		const cookie = response.headers
			.getSetCookie()
			.map((line) => line.split(';')[0])
			.join('; ')
		return { status: response.status, id, cookie }
	}

	/** A form posted by the buyer's browser to either server. */
	const post = (n: number, path: string, cookie: string, form: Record<string, string>) =>
		fetch(`${on(n).url}${path}`, {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				cookie,
				origin: on(n).url,
			},
			body: new URLSearchParams(form),
			redirect: 'manual',
		})

	const seats = async () =>
		(
			await query<{ status: string; provider: string; seats: number }>(
				sql`SELECT status, provider, coalesce(sum(quantity), 0)::int AS seats FROM orders
				WHERE status = 'paid' OR (status = 'pending' AND expires_at > now())
				GROUP BY status, provider`,
			)
		).map((row): [string, number] => [`${row.status}:${row.provider}`, row.seats])
	const seatsBy = async () => Object.fromEntries(await seats()) as Record<string, number>
	const taken = async () => (await seats()).reduce((sum, [, n]) => sum + n, 0)

	test('transfers, card payments, cancellations and strangers at once: never oversold, every seat counted once', async () => {
		const first = await Promise.all(Array.from({ length: CAPACITY + 4 }, (_, n) => checkout(n)))
		const holding = first.filter((result) => result.status === 200)
		expect(holding).toHaveLength(CAPACITY)
		expect(first.filter((result) => result.status === 409)).toHaveLength(4)
		expect(await taken()).toBe(CAPACITY)

		const actions = holding.map(({ id, cookie }, n) => {
			if (n % 3 === 0)
				return post(n, `/checkout/${id}/transfer`, cookie, {
					email: `company${n}@acme.example`,
					company: 'Acme GmbH',
					address: 'Hauptstraße 1',
					country: 'DE',
				})
			if (n % 3 === 1)
				return post(n + 1, `/checkout/sandbox/${id}`, cookie, {
					intent: 'pay',
					email: `card${n}@example.com`,
					cardNumber: '4242 4242 4242 4242',
					expiry: '12 / 40',
					cvc: '123',
				})
			return post(n, `/checkout/sandbox/${id}`, cookie, { intent: 'cancel' })
		})
		const strangers = Array.from({ length: 8 }, (_, n) => checkout(n))
		const [answers, stranger] = await Promise.all([Promise.all(actions), Promise.all(strangers)])
		for (const answer of answers) expect(answer.status).toBe(303)

		const transfers = holding.filter((_, n) => n % 3 === 0).length
		const cards = holding.filter((_, n) => n % 3 === 1).length
		const cancelled = holding.length - transfers - cards
		const after = await seatsBy()
		expect(after['pending:transfer']).toBe(transfers)
		expect(after['paid:sandbox']).toBe(cards)
		// The cancelled seats went to strangers, each once; no more than came back.
		const strangersHolding = stranger.filter((result) => result.status === 200).length
		expect(strangersHolding).toBeLessThanOrEqual(cancelled)
		expect(await taken()).toBe(transfers + cards + strangersHolding)
		expect(await taken()).toBeLessThanOrEqual(CAPACITY)

		// The card hold's end changes nothing for the transfers: still held, the count exact.
		await query(sql`UPDATE orders SET expires_at = now() - interval '1 second'
			WHERE status = 'pending' AND provider = 'sandbox'`)
		await new Promise((resolve) => setTimeout(resolve, 4_000))
		expect((await seatsBy())['pending:transfer']).toBe(transfers)
		expect(await taken()).toBe(transfers + cards)
	}, 120_000)
})
