/**
 * The fair queue in front of the payment provider (docs/decisions/161), through the production
 * build on PGlite and the fake Stripe: buyers past the pace wait on a waiting page with their
 * place (a page that refreshes itself, and the JSON status `queued`), then land on the payment
 * page; a 429 is tried again under the same idempotency key, the seats held meanwhile; a buyer
 * who leaves frees their seats. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeStripe } from '../fakes/stripe'
import type { RunningServer } from '../support/server'
import { startStripeSite, stopStripeSite } from '../support/stripe-site'

const SEAT = 'ai-driven-dev-preorder'
const STRIPE_PAGE = /^https:\/\/checkout\.stripe\.com\/c\/pay\//

describe('the fair queue in front of Stripe', () => {
	let server: RunningServer
	let stripe: FakeStripe
	let buyer = 0

	beforeAll(async () => {
		;({ server, stripe } = await startStripeSite({
			COURSE_SLOTS: '100',
			RATE_LIMIT_MAX: '10000',
			TRUST_PROXY: '1',
			PAYMENT_PROVIDER_RATE_PER_SECOND: '1',
			JOBS_POLL_SECONDS: '1',
		}))
	}, 120_000)
	afterAll(() => stopStripeSite(server, stripe))

	/** A no-JavaScript buyer's form post, from an address of their own; their cookie. */
	async function formCheckout() {
		const response = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Origin: server.url,
				'X-Forwarded-For': `10.9.0.${++buyer}`,
			},
			body: new URLSearchParams({ code: SEAT, quantity: '1', region: 'GLOBAL' }).toString(),
		})
		await response.arrayBuffer()
		const cookie = response.headers
			.getSetCookie()
			.find((line) => line.startsWith('checkouts='))
			?.split(';')[0]
		return { status: response.status, location: response.headers.get('location') ?? '', cookie }
	}

	const get = (path: string, cookie?: string) =>
		fetch(`${server.url}${path}`, {
			redirect: 'manual',
			headers: cookie ? { Cookie: cookie } : {},
		})

	async function until<T>(check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
		const end = Date.now() + ms
		while (Date.now() < end) {
			const value = await check()
			if (value !== undefined) return value
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
		throw new Error('timed out')
	}

	test('buyers past the pace wait with their place on a page that refreshes itself, then land on the payment page', async () => {
		const buyers = await Promise.all(Array.from({ length: 5 }, formCheckout))
		for (const b of buyers) expect(b.status).toBe(303)
		const queued = buyers.filter((b) => /^\/checkout\/[^/]+\/queue$/.test(b.location))
		expect(queued.length).toBeGreaterThanOrEqual(3)
		for (const b of buyers.filter((x) => !queued.includes(x)))
			expect(b.location).toMatch(STRIPE_PAGE)

		const last = queued.at(-1)!
		const id = last.location.split('/')[2]!
		const page = await get(last.location, last.cookie)
		expect(page.status).toBe(200)
		const html = await page.text()
		expect(html).toMatch(/You are (number \d+ in the queue|next)\./)
		expect(html).toContain(`<meta http-equiv="refresh" content="2;url=/checkout/${id}/queue"`)
		expect(html).toContain('Leave the queue')

		const status = (await (await get(`/checkout/${id}`, last.cookie)).json()) as {
			status: string
			link: string | null
			queue: { place: number; waitSeconds: number }
		}
		expect(status.status).toBe('queued')
		expect(status.link).toBeNull()
		expect(status.queue.place).toBeGreaterThanOrEqual(1)
		expect(status.queue.waitSeconds).toBeGreaterThanOrEqual(1)

		// Its turn comes: the same page now leads to the payment page, for its buyer only.
		const location = await until(async () => {
			const next = await get(last.location, last.cookie)
			await next.arrayBuffer()
			return next.status === 302 ? (next.headers.get('location') ?? '') : undefined
		})
		expect(location).toMatch(STRIPE_PAGE)
		const stranger = await get(last.location)
		await stranger.arrayBuffer()
		expect(stranger.headers.get('location')).toBe(`/checkout/processing?id=${id}`)
	}, 60_000)

	test('a 429 past the pace is tried again with the same idempotency key, the seats held meanwhile, and every buyer reaches the payment page', async () => {
		// Stripe allows less than the site's pace: one session in any 2 seconds.
		stripe.limitCreations({ perSecond: 1, windowMs: 2_000 })
		try {
			const before = stripe.rateLimitedCount()
			const buyers = await Promise.all(Array.from({ length: 2 }, formCheckout))
			const ids = buyers.map((b) =>
				STRIPE_PAGE.test(b.location)
					? stripe.orderOfSession(b.location.split('/').pop()!)!
					: b.location.split('/')[2]!,
			)
			for (const [i, id] of ids.entries())
				await until(async () => {
					const view = (await (await get(`/checkout/${id}`, buyers[i]!.cookie)).json()) as {
						status: string
						link: string | null
					}
					expect(['queued', 'pending']).toContain(view.status)
					return view.link ?? undefined
				})
			expect(stripe.rateLimitedCount()).toBeGreaterThan(before)
			for (const id of ids) {
				const creations = stripe.requests.filter(
					(r) => r.path === '/v1/checkout/sessions' && r.params['metadata[order_id]'] === id,
				)
				expect(creations.length).toBeGreaterThanOrEqual(1)
				for (const r of creations) expect(r.headers['idempotency-key']).toBe(`checkout-${id}`)
			}
		} finally {
			stripe.limitCreations(null)
		}
	}, 60_000)

	test('a buyer who leaves the queue frees their seat, and no payment page is made for them', async () => {
		// Enough buyers at once that the last ones wait several seconds.
		const buyers = await Promise.all(Array.from({ length: 6 }, formCheckout))
		const leaving = buyers.filter((b) => b.location.endsWith('/queue')).at(-1)!
		const id = leaving.location.split('/')[2]!
		const left = await fetch(`${server.url}${leaving.location}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Cookie: leaving.cookie!, Origin: server.url },
		})
		expect(left.status).toBe(303)
		expect(left.headers.get('location')).toBe(`${leaving.location}?left=1`)
		const page = await get(`${leaving.location}?left=1`, leaving.cookie)
		expect(await page.text()).toContain('You left the queue')
		const view = (await (await get(`/checkout/${id}`)).json()) as { status: string }
		expect(view.status).toBe('expired')
		// Every other buyer's page is made; none for the one who left.
		await new Promise((resolve) => setTimeout(resolve, 4_000))
		expect(stripe.sessionOrderIds()).not.toContain(id)
	}, 60_000)
})
