/**
 * A held event loop degrades, never fails (issue 35 item 4, docs/decisions/162): while the
 * server's loop has been held past OVERLOAD_EVENT_LOOP_LAG_MS, pages come from the page cache
 * (200) and form posts answer 503 with Retry-After and a page that says when to try again, with
 * JavaScript off (an HTML form post) and on (JSON); once the loop runs freely, forms answer
 * again. The loop is held from outside: the server's process is stopped (SIGSTOP) for longer
 * than the threshold, with requests waiting, then continued. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../support/server'

const HELD_MS = 2_000

describe('a held event loop', () => {
	let server: RunningServer | undefined
	beforeAll(async () => {
		server = await startServer({ OVERLOAD_EVENT_LOOP_LAG_MS: '500', RATE_LIMIT_MAX: '1000' })
	})
	afterAll(async () => {
		server?.process.kill('SIGCONT')
		await server?.stop()
	})

	const page = () => fetch(`${server!.url}/`)
	const formPost = () =>
		fetch(`${server!.url}/workshop?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				accept: 'text/html',
				origin: server!.url,
			},
			body: new URLSearchParams({ email: 'ada@example.com', firstName: 'Ada' }),
		})
	const checkoutPost = () =>
		fetch(`${server!.url}/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: server!.url },
			body: JSON.stringify({ code: 'ai-driven-dev-preorder', quantity: 1, region: 'GLOBAL' }),
		})

	test('pages come from the cache while form posts answer 503 with Retry-After and when to try again', async () => {
		// The page in the cache before the loop is held.
		for (let i = 0; i < 2; i++) await (await page()).arrayBuffer()
		expect((await page()).headers.get('x-page-cache')).toBe('hit')
		// Forms are answered while the loop runs freely (a form without its honeypot fields: 400).
		const before = await formPost()
		expect(before.status).toBe(400)
		await before.arrayBuffer()

		server!.process.kill('SIGSTOP')
		const answers = Promise.all([page(), formPost(), checkoutPost()])
		await new Promise((resolve) => setTimeout(resolve, HELD_MS))
		server!.process.kill('SIGCONT')
		const [cached, form, checkout] = await answers

		expect(cached.status).toBe(200)
		// From the cache: as it was, or past its freshness and refreshed behind it (decision 070).
		expect(cached.headers.get('x-page-cache')).toMatch(/^(hit|stale)$/)
		await cached.arrayBuffer()

		expect(form.status).toBe(503)
		expect(form.headers.get('retry-after')).toBe('5')
		expect(form.headers.get('content-type')).toMatch(/^text\/html/)
		expect(await form.text()).toContain('please try again in 5 seconds')

		expect(checkout.status).toBe(503)
		expect(checkout.headers.get('retry-after')).toBe('5')
		expect(await checkout.json()).toEqual({
			error: 'The site is very busy right now: please try again in 5 seconds.',
		})
		expect(server!.output()).toMatch(/Event loop held \d+ ms: answering form posts 503/)

		// The loop runs freely again: within a couple of its windows, forms are answered.
		const until = Date.now() + 15_000
		let status = 503
		while (status === 503 && Date.now() < until) {
			await new Promise((resolve) => setTimeout(resolve, 250))
			const again = await formPost()
			status = again.status
			await again.arrayBuffer()
		}
		expect(status).not.toBe(503)
		expect(server!.output()).toMatch(/Event loop recovered: form posts answered again/)
	})
})
