/**
 * The Origin check of form posts compares scheme, host and port (docs/decisions/063, 069): an
 * Origin that differs from the site's in any of the three is a cross-site post, refused 403.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../../support/server'

function postFrom(server: RunningServer, origin: string) {
	return fetch(`${server.url}/workshop?index`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
		body: new URLSearchParams({ email: 'bad' }),
	})
}

describe('the Origin check', () => {
	let server: RunningServer
	let siteServer: RunningServer
	beforeAll(async () => {
		;[server, siteServer] = await Promise.all([
			startServer({ RATE_LIMIT_MAX: '1000' }),
			startServer({ RATE_LIMIT_MAX: '1000', SITE_URL: 'https://aidrivendev.com' }),
		])
	})
	afterAll(async () => {
		await Promise.all([server?.stop(), siteServer?.stop()])
	})

	test('another scheme or port on the same host is refused with 403', async () => {
		const { port } = server
		for (const origin of [
			`https://127.0.0.1:${port}`,
			`http://127.0.0.1:${port + 1}`,
			'http://127.0.0.1',
			`http://localhost:${port}`,
		]) {
			expect((await postFrom(server, origin)).status, origin).toBe(403)
		}
		// The site's own origin gets through to the form (which refuses the bad address).
		expect((await postFrom(server, server.url)).status).toBe(400)
	})

	test('with SITE_URL, its scheme and port count too', async () => {
		for (const origin of [
			'http://aidrivendev.com',
			'https://aidrivendev.com:8443',
			'https://www.aidrivendev.com',
		]) {
			expect((await postFrom(siteServer, origin)).status, origin).toBe(403)
		}
		expect((await postFrom(siteServer, 'https://aidrivendev.com')).status).toBe(400)
	})

	test('only the payment webhook is exempt: a cross-site post to any other /webhooks/ path is refused 403, not 500', async () => {
		for (const path of [
			'/webhooks/other',
			'/webhooks/stripe/extra',
			'/webhooks/',
			'/webhooks/Stripe',
		]) {
			const response = await fetch(`${server.url}${path}`, {
				method: 'POST',
				redirect: 'manual',
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
					origin: 'https://evil.example',
				},
				body: 'a=1',
			})
			expect(response.status, path).toBe(403)
		}
	})
})
