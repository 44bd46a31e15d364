/**
 * Pay by bank transfer in Stripe mode (issue 37 item 1, docs/decisions/163): Stripe's payment
 * page offers no transfer, so the buy form does — "Pay by bank transfer (invoice)" beside the buy
 * button, once an account is configured — and its form post, JavaScript off, lands on the
 * transfer page instead of Stripe's. The production build against the fake Stripe.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeStripe } from '../fakes/stripe'
import type { RunningServer } from '../support/server'
import { startStripeSite, stopStripeSite } from '../support/stripe-site'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'
const TRANSFER_BUTTON =
	/<button[^>]*name="method"[^>]*value="transfer"[^>]*>[^<]*Pay by bank transfer \(invoice\)/

describe('pay by bank transfer with Stripe', () => {
	let server: RunningServer
	let stripe: FakeStripe

	beforeAll(async () => {
		;({ server, stripe } = await startStripeSite({
			BANK_TRANSFER_IBAN: 'DE89 3704 0044 0532 0130 00',
			BANK_TRANSFER_BIC: 'COBADEFFXXX',
			PAYMENT_PROVIDER_RATE_PER_SECOND: '0',
		}))
	}, 120_000)
	afterAll(() => stopStripeSite(server, stripe))

	test('the buy form offers the transfer beside the buy button, and its post lands on the transfer page', async () => {
		const page = await (await fetch(server.url, { headers: { 'User-Agent': BROWSER } })).text()
		expect(page).toMatch(TRANSFER_BUTTON)

		const response = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
			body: new URLSearchParams({
				code: 'ai-driven-dev-preorder',
				quantity: '5',
				region: 'GLOBAL',
				method: 'transfer',
			}).toString(),
		})
		await response.arrayBuffer()
		expect(response.status).toBe(303)
		expect(response.headers.get('location')).toMatch(
			new RegExp(`^${server.url}/checkout/[A-Za-z0-9_-]{22}/transfer$`),
		)
	}, 60_000)
})

describe('with Stripe and no account for transfers', () => {
	let server: RunningServer
	let stripe: FakeStripe

	beforeAll(async () => {
		;({ server, stripe } = await startStripeSite({ PAYMENT_PROVIDER_RATE_PER_SECOND: '0' }))
	}, 120_000)
	afterAll(() => stopStripeSite(server, stripe))

	test('the buy form offers no transfer', async () => {
		const page = await (await fetch(server.url, { headers: { 'User-Agent': BROWSER } })).text()
		expect(page).toContain('Pre-order your seat')
		expect(page).not.toContain('Pay by bank transfer')
	}, 60_000)
})
