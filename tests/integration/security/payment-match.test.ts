/**
 * A payment confirms only the order it was made for (docs/decisions/030, 032): a signed
 * `checkout.session.completed`, or a payment verification, pays an order only when the session
 * is the one stored at creation and the amount, currency and mode are the order's. A mismatch
 * is logged as an ALERT (no e-mail address in it) and pays nothing. Against the production build
 * (`npm run build` first) and a fake Stripe on loopback.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeSession, FakeStripe } from '../../fakes/stripe'
import type { RunningServer } from '../../support/server'
import { startStripeSite, stopStripeSite } from '../../support/stripe-site'

const SEAT = 'ai-driven-dev-preorder'

describe('payments match their order', () => {
	let server: RunningServer
	let stripe: FakeStripe

	beforeAll(async () => {
		;({ server, stripe } = await startStripeSite({
			RATE_LIMIT_MAX: '1000',
		}))
	}, 120_000)
	afterAll(() => stopStripeSite(server, stripe))

	async function newOrder(quantity = 1) {
		const response = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: SEAT, quantity, region: 'GLOBAL' }),
		})
		expect(response.status).toBe(200)
		const { link } = (await response.json()) as { link: string }
		const session = [...stripe.sessions.values()].find((s) => s.url === link)!
		return { id: session.metadata.order_id!, session }
	}

	const statusOf = async (id: string) =>
		((await (await fetch(`${server.url}/checkout/${id}`)).json()) as { status: string }).status

	async function deliverCompleted(session: FakeSession) {
		const { payload, signature } = stripe.event('checkout.session.completed', session)
		const response = await fetch(`${server.url}/webhooks/stripe`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
			body: payload,
		})
		return { status: response.status, body: (await response.json()) as { changed?: boolean } }
	}

	/** The session as Stripe would have completed it, paid by an e-mail we look for in the log. */
	const paid = (session: FakeSession, changes: Partial<FakeSession>): FakeSession => ({
		...session,
		status: 'complete',
		payment_status: 'paid',
		payment_intent: `pi_${session.id}`,
		customer_details: { email: 'mallory@example.com', name: 'Mallory' },
		...changes,
	})

	test('a signed completion of another session naming the order pays nothing and raises an ALERT', async () => {
		const victim = await newOrder(3)
		const cheap = await newOrder(1)
		const before = server.output().length
		const forged = paid(cheap.session, {
			metadata: { order_id: victim.id },
			client_reference_id: victim.id,
		})
		const { status, body } = await deliverCompleted(forged)
		expect(status).toBe(200)
		expect(body.changed).toBe(false)
		expect(await statusOf(victim.id)).toBe('pending')
		await expect.poll(() => server.output().slice(before), { timeout: 5_000 }).toMatch(/ALERT/)
		expect(server.output().slice(before)).not.toContain('mallory@example.com')
	})

	test('a completion of the order’s own session for another amount, currency or mode pays nothing', async () => {
		for (const changes of [
			{ amount_total: 100 },
			{ currency: 'eur' },
			{ mode: 'setup' as 'payment' },
		]) {
			const order = await newOrder(2)
			const before = server.output().length
			const { body } = await deliverCompleted(paid(order.session, changes))
			expect(body.changed).toBe(false)
			expect(await statusOf(order.id)).toBe('pending')
			await expect.poll(() => server.output().slice(before), { timeout: 5_000 }).toMatch(/ALERT/)
		}
	})

	test('the genuine completion still pays', async () => {
		const order = await newOrder(2)
		const { body } = await deliverCompleted(paid(order.session, {}))
		expect(body.changed).toBe(true)
		expect(await statusOf(order.id)).toBe('paid')
	})

	test('payment verification: a session that reports another amount pays nothing', async () => {
		const order = await newOrder(1)
		const before = server.output().length
		stripe.complete(order.session.id, 'mallory@example.com')
		stripe.sessions.get(order.session.id)!.amount_total = 1
		expect(await statusOf(order.id)).toBe('pending')
		// The server's output reaches this process on its own pipe, maybe after the answer.
		await expect.poll(() => server.output().slice(before), { timeout: 5_000 }).toMatch(/ALERT/)
		expect(server.output().slice(before)).not.toContain('mallory@example.com')
	})
})
