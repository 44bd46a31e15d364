/**
 * Unpaid checkouts cannot lock the sale (docs/decisions/033): a handful of addresses creating
 * checkouts as fast as the rate limit allows leave seats for a new visitor; a visitor's new
 * checkout replaces its older hold past its allowance; /api/course says how many seats are held.
 * Against the production build (`npm run build` first), the sandbox on PGlite and a fake Stripe.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeStripe } from '../../fakes/stripe'
import { paySandbox } from '../../support/sandbox'
import { type RunningServer, startServer } from '../../support/server'
import { startStripeSite, stopStripeSite } from '../../support/stripe-site'

const SEAT = 'ai-driven-dev-preorder'

type Counters = {
	sold: number
	actualSold: number
	slot: number
	actualSlot: number
	remaining: number
	held: number
	available: number
}

function visitor(server: RunningServer, address: string) {
	const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': address }
	return {
		async buy(quantity: number) {
			const response = await fetch(`${server.url}/checkout`, {
				method: 'POST',
				headers,
				body: JSON.stringify({ code: SEAT, quantity, region: 'GLOBAL' }),
			})
			const body = (await response.json().catch(() => ({}))) as { link?: string; error?: string }
			return { status: response.status, body, id: body.link?.split('/').pop() ?? '' }
		},
		async status(id: string) {
			const response = await fetch(`${server.url}/checkout/${id}`, { headers })
			return (await response.json()) as { status: string; link: string | null }
		},
		pay: (id: string) =>
			paySandbox(`${server.url}/checkout/sandbox/${id}`, {
				email: 'new@example.com',
				headers: { 'X-Forwarded-For': address },
			}),
	}
}

async function counters(server: RunningServer): Promise<Counters> {
	return ((await (await fetch(`${server.url}/api/course`)).json()) as { data: Counters }).data
}

describe('seat holds with the sandbox (PGlite)', () => {
	let server: RunningServer

	beforeAll(async () => {
		// The rate limit as shipped (RATE_LIMIT_MAX 30 per minute per address); one hundred seats.
		server = await startServer({ COURSE_SLOTS: '100', TRUST_PROXY: '1' })
	}, 120_000)
	afterAll(() => server?.stop())

	test('five addresses posting checkouts as fast as the rate limit allows leave seats for a new visitor', async () => {
		const attackers = [
			'198.51.100.1',
			'198.51.100.2',
			'198.51.100.3',
			'198.51.100.4',
			'2001:db8::1',
		]
		const results = await Promise.all(
			attackers.flatMap((address) =>
				Array.from({ length: 30 }, (_, i) => visitor(server, address).buy((i % 20) + 1)),
			),
		)
		// Every answer is a checkout, a clear 409, or the rate limit: never a 5xx.
		for (const result of results) expect([200, 409, 429]).toContain(result.status)
		const held = (await counters(server)).held
		expect(held).toBeGreaterThan(0)
		expect(held).toBeLessThanOrEqual(50)

		const newcomer = visitor(server, '203.0.113.7')
		const bought = await newcomer.buy(2)
		expect(bought.status).toBe(200)
		expect((await newcomer.pay(bought.id)).status).toBe(303)
		expect((await newcomer.status(bought.id)).status).toBe('paid')
	})

	test('one IPv6 /64 is one visitor', async () => {
		const first = await visitor(server, '2001:db8:0:42::1').buy(6)
		const second = await visitor(server, '2001:db8:0:42:ffff::2').buy(6)
		expect([first.status, second.status]).toEqual([200, 200])
		expect((await visitor(server, '2001:db8:0:42::1').status(first.id)).status).toBe('expired')
	})

	test('the same visitor’s second checkout replaces the first hold; small ones add up to the allowance', async () => {
		const same = visitor(server, '192.0.2.10')
		const first = await same.buy(7)
		const second = await same.buy(7)
		expect(second.status).toBe(200)
		expect((await same.status(first.id)).status).toBe('expired')
		expect((await same.status(second.id)).status).toBe('pending')
		// Two colleagues behind one address buying one seat each both keep theirs.
		const other = visitor(server, '192.0.2.11')
		const a = await other.buy(1)
		const b = await other.buy(1)
		expect((await other.status(a.id)).status).toBe('pending')
		expect((await other.status(b.id)).status).toBe('pending')
	})

	test('/api/course says how many seats are held, beside the SPEC counters', async () => {
		const data = await counters(server)
		expect(data).toMatchObject({ actualSlot: 100, slot: 91 })
		expect(data.remaining).toBe(100 - data.sold)
		expect(data.held).toBeGreaterThan(0)
		expect(data.available).toBe(data.actualSlot - data.actualSold - data.held)
	})
})

describe('seat holds with Stripe (a fake Stripe on loopback)', () => {
	let server: RunningServer
	let stripe: FakeStripe

	beforeAll(async () => {
		;({ server, stripe } = await startStripeSite({
			COURSE_SLOTS: '100',
			TRUST_PROXY: '1',
		}))
	}, 120_000)
	afterAll(() => stopStripeSite(server, stripe))

	test('a replaced hold’s Stripe session is expired there first, so it cannot be paid', async () => {
		const same = visitor(server, '192.0.2.20')
		const first = await same.buy(8)
		expect(first.status).toBe(200)
		const session = [...stripe.sessions.values()].find((s) => s.url === first.body.link)!
		const second = await same.buy(8)
		expect(second.status).toBe(200)
		expect(stripe.sessions.get(session.id)!.status).toBe('expired')
	})

	test('a replaced hold whose session was paid meanwhile is recorded as paid, not dropped', async () => {
		const same = visitor(server, '192.0.2.21')
		const first = await same.buy(8)
		const session = [...stripe.sessions.values()].find((s) => s.url === first.body.link)!
		stripe.complete(session.id)
		const second = await same.buy(8)
		expect(second.status).toBe(200)
		const orderId = session.metadata.order_id!
		const view = (await (await fetch(`${server.url}/checkout/${orderId}`)).json()) as {
			status: string
		}
		expect(view.status).toBe('paid')
	})
})
