/**
 * A crowd of buyers against Stripe's API rate limit (docs/decisions/134), through the production
 * build on PGlite and a fake Stripe creating at most ${PER_SECOND} sessions a second: each buyer gets a
 * payment link, or a 503 with Retry-After saying the provider is busy (a no-JavaScript form: a
 * page saying so), never a 502; a refused buyer's seats are free at once. Needs `npm run build`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { openDatabase } from '~/db/client.server'
import { orders } from '~/db/schema.server'
import { startStripeSite, stopStripeSite } from '../support/stripe-site'

const SEAT = 'ai-driven-dev-preorder'
const JSON_BUYERS = 60
const FORM_BUYERS = 20
const PER_SECOND = 5
const BUSY = 'Checkout failed: the payment provider is busy, please try again in a few seconds'

const ENV = {
	COURSE_SLOTS: '1000',
	RATE_LIMIT_MAX: '10000',
	// One address buys for every buyer here: the per-buyer hold limits (decision 033) stay out.
	CHECKOUT_HOLD_SEATS_PER_BUYER: '1000',
	CHECKOUT_HOLD_SHARE_PERCENT: '100',
	// A 1-second budget for Stripe's rate limit, so that this burst outlasts it.
	STRIPE_TIMEOUT_MS: '1000',
	// Without the fair queue (decision 161): what a site with PAYMENT_PROVIDER_RATE_PER_SECOND=0
	// does past Stripe's limit. With the queue, payment-queue.test.ts.
	PAYMENT_PROVIDER_RATE_PER_SECOND: '0',
	// On a loaded test machine a burst's last requests can wait long to be read; that is not
	// what this test is about.
	HEADERS_TIMEOUT_MS: '30000',
}

describe('a burst of buyers past Stripe’s rate limit', () => {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payment-rate-limit-'))
	afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

	test(`${JSON_BUYERS + FORM_BUYERS} buyers at once, ${PER_SECOND} sessions a second: each gets a link or a 503 with Retry-After, none a 502, no refused buyer holds a seat`, async () => {
		const { server, stripe } = await startStripeSite({ ...ENV, DATA_DIR: dataDir })
		try {
			// Stripe's limit is 25 a second; a busy test machine may not reach that, so the fake
			// allows fewer, and the burst still outruns it for longer than a request may wait.
			stripe.limitCreations({ perSecond: PER_SECOND })
			const jsonBuyer = async () => {
				const response = await fetch(`${server.url}/checkout`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify({ code: SEAT, quantity: 1 }),
				})
				const text = await response.text()
				let body: { link?: string; error?: string } = { error: text }
				try {
					body = JSON.parse(text)
				} catch {
					// Not JSON: kept as text, for the assertion's message.
				}
				return { status: response.status, retryAfter: response.headers.get('retry-after'), body }
			}
			const formBuyer = async () => {
				const response = await fetch(`${server.url}/checkout`, {
					method: 'POST',
					redirect: 'manual',
					headers: {
						'Content-Type': 'application/x-www-form-urlencoded',
						Origin: server.url,
					},
					body: new URLSearchParams({ code: SEAT, quantity: '1' }).toString(),
				})
				await response.arrayBuffer()
				return { status: response.status, location: response.headers.get('location') ?? '' }
			}
			const [jsonAnswers, formAnswers] = await Promise.all([
				Promise.all(Array.from({ length: JSON_BUYERS }, jsonBuyer)),
				Promise.all(Array.from({ length: FORM_BUYERS }, formBuyer)),
			])

			// The burst did run into the limit.
			expect(stripe.rateLimitedCount()).toBeGreaterThan(0)
			for (const answer of jsonAnswers) {
				if (answer.status === 200) {
					expect(answer.body.link).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\//)
					continue
				}
				expect(answer).toMatchObject({ status: 503, body: { error: BUSY } })
				expect(Number(answer.retryAfter)).toBeGreaterThan(0)
			}
			const refusedForms = formAnswers.filter((a) => !a.location.startsWith('https://'))
			for (const answer of formAnswers) {
				expect(answer.status).toBe(303)
				if (answer.location.startsWith('https://'))
					expect(answer.location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\//)
				else expect(answer.location).toBe('/checkout/processing?error=provider-busy')
			}
			// Without JavaScript: a page that says so, and when to come back.
			if (refusedForms.length > 0) {
				const page = await fetch(`${server.url}${refusedForms[0]!.location}`)
				expect(page.status).toBe(503)
				expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0)
				expect(await page.text()).toContain(BUSY)
			}
			const refused = jsonAnswers.filter((a) => a.status === 503).length + refusedForms.length
			expect(refused).toBeGreaterThan(0)
			const served = JSON_BUYERS + FORM_BUYERS - refused
			expect(served).toBeGreaterThanOrEqual(PER_SECOND)

			await server.stop()
			const database = await openDatabase({ dir: path.join(dataDir, 'pglite') })
			try {
				const rows = await database.db
					.select({ status: orders.status, link: orders.link })
					.from(orders)
					.where(inArray(orders.status, ['pending', 'failed']))
				// Only buyers with a link hold seats; every refused buyer's order failed at once.
				const holding = rows.filter((row) => row.status === 'pending')
				expect(holding).toHaveLength(served)
				for (const row of holding) expect(row.link).toMatch(/^https:\/\/checkout\.stripe\.com\//)
				expect(rows.filter((row) => row.status === 'failed')).toHaveLength(refused)
			} finally {
				await database.close()
			}
		} finally {
			await stopStripeSite(server, stripe)
		}
	}, 180_000)
})
