/**
 * A waiting-list offer's links, and paying it while Stripe refuses for its rate limit
 * (docs/decisions/134, 132, 120), through the production build, a fake Stripe and a real SMTP
 * peer. The confirmation and offer links show no one else's address (decision 132's table). The
 * offer's page answers 503 with the `Retry-After` Stripe named, as POST /checkout does, and a
 * visitor without JavaScript reads in how many seconds to try again. Needs `npm run build`. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodedMail, startSmtp } from '../fakes/smtp'
import type { FakeStripe } from '../fakes/stripe'
import type { RunningServer } from '../support/server'
import { decodeSingleFetch } from '../support/single-fetch'
import { startStripeSite, stopStripeSite } from '../support/stripe-site'

const SEAT = 'ai-driven-dev-preorder'
const EMAIL = 'waiting-busy@example.com'
/** Someone else waiting behind: their address is on none of the first person's pages. */
const OTHER = 'waiting-behind@example.com'
const RETRY_AFTER = 30

describe('a waiting-list offer while the payment provider is busy', () => {
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let server: RunningServer
	let stripe: FakeStripe
	let offerPath: string
	let confirmPath: string

	/** The path of the first link under `prefix` in the latest e-mail to EMAIL with `subject`. */
	async function linkInMail(subject: string, prefix: string, count: number) {
		const mail = (await smtp.waitFor(EMAIL, count)).map((each) => decodedMail(each.raw))
		const found = mail.reverse().find((raw) => raw.includes(subject))
		const path = found?.match(new RegExp(`${prefix}[\\w.%-]+`))?.[0]
		if (!path) throw new Error(`No ${prefix} link in the e-mail "${subject}"`)
		return path
	}

	beforeAll(async () => {
		smtp = await startSmtp()
		;({ server, stripe } = await startStripeSite({
			COURSE_SLOTS: '10',
			CHECKOUT_HOLD_SHARE_PERCENT: '100',
			RATE_LIMIT_MAX: '1000',
			SMTP_URL: smtp.url,
			JOBS_POLL_SECONDS: '1',
			// Stripe's limit outlasts what the request may wait at once.
			STRIPE_TIMEOUT_MS: '1000',
		}))
		// One buyer holds every seat; a visitor joins the list and confirms from the e-mail.
		const held = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: server.url },
			body: JSON.stringify({ code: SEAT, quantity: 10, region: 'GLOBAL' }),
		})
		expect(held.status).toBe(200)
		const sessionId = ((await held.json()) as { link: string }).link.split('/').pop()!
		const joined = await fetch(`${server.url}/api/waitlist`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: server.url },
			body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL', email: EMAIL }),
		})
		expect(joined.status).toBe(200)
		confirmPath = await linkInMail('Confirm your place', '/waitlist/confirm/', 1)
		expect((await fetch(`${server.url}${confirmPath}`)).status).toBe(200)
		const behind = await fetch(`${server.url}/api/waitlist`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: server.url },
			body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL', email: OTHER }),
		})
		expect(behind.status).toBe(200)
		// The holder's Stripe page expires: a seat goes to the visitor as an offer.
		const event = stripe.event('checkout.session.expired', stripe.expire(sessionId))
		const expired = await fetch(`${server.url}/webhooks/stripe`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
			body: event.payload,
		})
		expect(expired.status).toBe(200)
		offerPath = await linkInMail('Your turn', '/waitlist/offer/', 2)
		stripe.limitCreations({ perSecond: 0, retryAfterSeconds: RETRY_AFTER })
	}, 120_000)
	afterAll(async () => {
		await stopStripeSite(server, stripe)
		await smtp?.close()
	})

	test('the waiting-list confirmation link says the place is kept, and shows no one else’s address', async () => {
		const response = await fetch(`${server.url}${confirmPath}`)
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toContain('on the waiting list')
		expect(html).not.toContain(OTHER)
	})

	test('the offer link shows the product, quantity and price held, and no address', async () => {
		const response = await fetch(`${server.url}${offerPath}`)
		expect(response.status).toBe(200)
		const html = (await response.text()).replaceAll('<!-- -->', '')
		expect(html).toContain('1 × AI Driven Dev: pre-order seat is held for you until')
		expect(html).toMatch(/Total: [^<]*\d/)
		expect(html).not.toContain(EMAIL)
		expect(html).not.toContain(OTHER)
	})

	test('paying without JavaScript answers 503 with Retry-After and a page that says when to try again', async () => {
		const response = await fetch(`${server.url}${offerPath}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: '',
		})
		expect(response.status).toBe(503)
		expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER))
		expect(await response.text()).toContain(
			`Checkout failed: the payment provider is busy, please try again in ${RETRY_AFTER} seconds`,
		)
	})

	test('with JavaScript, the form’s data request gets the same 503, Retry-After and message', async () => {
		// What Remix's <Form> sends when the page is hydrated: the action's data, not the page
		// (single fetch's data request, docs/decisions/143).
		const response = await fetch(`${server.url}${offerPath}.data`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: '',
		})
		expect(response.status).toBe(503)
		expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER))
		expect(decodeSingleFetch(await response.text())).toEqual({
			data: {
				error: `the payment provider is busy, please try again in ${RETRY_AFTER} seconds`,
			},
		})
	})

	test('once the provider answers again, the same offer leads to payment', async () => {
		stripe.limitCreations(null)
		const response = await fetch(`${server.url}${offerPath}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: '',
		})
		expect(response.status).toBe(303)
		// Through the queue page, which makes the order this browser's (decision 182).
		const handedOver = await fetch(`${server.url}${response.headers.get('location')}`, {
			redirect: 'manual',
		})
		const cookie = handedOver.headers.getSetCookie()[0]!.split(';')[0]!
		const onward = await fetch(`${server.url}${handedOver.headers.get('location')}`, {
			redirect: 'manual',
			headers: { cookie },
		})
		expect(onward.headers.get('location')).toMatch(/cs_test_/)
	})
})
