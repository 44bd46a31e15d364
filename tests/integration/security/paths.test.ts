/**
 * Checks run on the path the router sees (docs/decisions/069): a path that a URL parser would
 * rewrite (dot segments, encoded dots and slashes, backslashes, empty segments) is refused
 * before any rule or route looks at it, so `/webhooks/../checkout` cannot borrow the webhooks'
 * exemption from the Origin check and the rate limit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rawRequest } from '../../support/raw-http'
import { type RunningServer, startServer } from '../../support/server'

const DISGUISED_CHECKOUT = [
	'/webhooks/../checkout',
	'/webhooks/./../checkout',
	'/webhooks/%2e%2e/checkout',
	'/webhooks/%2E%2e/checkout',
	'/webhooks/.%2e/checkout',
	'/webhooks\\..\\checkout',
	'/webhooks/..\\checkout',
	'/webhooks/x/../../checkout',
]

describe('non-normalised paths', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ RATE_LIMIT_MAX: '2' })
	})
	afterAll(() => server?.stop())

	const checkoutBody = JSON.stringify({
		code: 'course',
		quantity: 1,
		type: 'course',
		region: 'GLOBAL',
	})

	test('a cross-site POST to /webhooks/../checkout never reaches the checkout', async () => {
		for (const path of DISGUISED_CHECKOUT) {
			const response = await rawRequest(server.port, {
				method: 'POST',
				path,
				headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
				body: checkoutBody,
			})
			expect([400, 403, 404], path).toContain(response.status)
			expect(response.body, path).not.toContain('Checkout failed')
			expect(response.body, path).not.toContain('"link"')
		}
	})

	test('the rate limit cannot be skipped through /webhooks/../checkout', async () => {
		const statuses: number[] = []
		for (let i = 0; i < 4; i++) {
			const response = await rawRequest(server.port, {
				method: 'POST',
				path: '/webhooks/../checkout',
				headers: { 'content-type': 'application/json' },
				body: checkoutBody,
			})
			statuses.push(response.status)
			expect(response.body).not.toContain('Checkout failed')
		}
		expect(statuses.every((status) => [400, 404, 429].includes(status))).toBe(true)
	})

	test('dot segments, encoded slashes, backslashes and empty segments are refused with 400', async () => {
		for (const path of [
			'/blog/../workshop',
			'/./workshop',
			'/%2e/workshop',
			'/blog%2f..%2fworkshop',
			'/blog%5cworkshop',
			'/blog\\workshop',
			'//workshop',
			'/blog//x',
		]) {
			const response = await rawRequest(server.port, { path })
			expect(response.status, path).toBe(400)
		}
	})

	test('normal paths, queries with dots and slashes, and a trailing slash still work', async () => {
		for (const path of ['/workshop', '/blog/', '/workshop?next=/a/../b&x=%2F']) {
			const response = await rawRequest(server.port, { path })
			expect(response.status, path).toBe(200)
		}
	})
})
