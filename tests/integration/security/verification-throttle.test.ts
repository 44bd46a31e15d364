/**
 * GET /checkout/{id} asks the payment provider about an order at most once per
 * CHECKOUT_VERIFY_INTERVAL_SECONDS (docs/decisions/033), however many polls arrive, so nobody can
 * turn our Stripe quota against us. Against the production build and a fake Stripe that records
 * its requests.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeStripe } from '../../fakes/stripe'
import type { RunningServer } from '../../support/server'
import { startStripeSite, stopStripeSite } from '../../support/stripe-site'

describe('payment verification is throttled per order', () => {
	let server: RunningServer
	let stripe: FakeStripe

	beforeAll(async () => {
		;({ server, stripe } = await startStripeSite({
			CHECKOUT_VERIFY_INTERVAL_SECONDS: '2',
		}))
	}, 120_000)
	afterAll(() => stopStripeSite(server, stripe))

	test('fifty polls, ten at a time, make at most one Stripe retrieve per window; a payment shows within one', async () => {
		const response = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: 'ai-driven-dev-preorder', quantity: 1 }),
		})
		const { link } = (await response.json()) as { link: string }
		const session = [...stripe.sessions.values()].find((s) => s.url === link)!
		const id = session.metadata.order_id!
		const retrieves = () =>
			stripe.requests.filter(
				(r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${session.id}`,
			).length
		const poll = async () => {
			const answer = await fetch(`${server.url}/checkout/${id}`)
			expect(answer.status).toBe(200)
			return ((await answer.json()) as { status: string }).status
		}
		// At most one retrieve per started window of 2 s, however many polls arrive meanwhile.
		const started = Date.now()
		for (let round = 0; round < 5; round++)
			expect(await Promise.all(Array.from({ length: 10 }, poll))).toEqual(Array(10).fill('pending'))
		const windows = Math.floor((Date.now() - started) / 2000) + 1
		expect(retrieves()).toBeGreaterThanOrEqual(1)
		expect(retrieves()).toBeLessThanOrEqual(windows)

		// The payment shows within one window, looked up once more.
		const before = retrieves()
		stripe.complete(session.id)
		const paidBy = Date.now() + 2500
		let status = await poll()
		while (status === 'pending' && Date.now() < paidBy) {
			await Promise.all(Array.from({ length: 5 }, poll))
			status = await poll()
		}
		expect(status).toBe('paid')
		expect(retrieves()).toBe(before + 1)
		// A paid order is not looked up again.
		await Promise.all(Array.from({ length: 10 }, poll))
		expect(retrieves()).toBe(before + 1)
	})
})
