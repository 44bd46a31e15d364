/**
 * No redirect leaves the site (docs/decisions/069): every Location the site answers resolves,
 * the way a browser resolves it, to this origin.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rawRequest } from '../../support/raw-http'
import { type RunningServer, startServer } from '../../support/server'

/** Values a visitor can put where a return path is expected: each one means "go elsewhere". */
const OFF_SITE = [
	'//evil.example',
	'//evil.example/?preview=false',
	'/\\evil.example',
	'\\\\evil.example',
	'/\t/evil.example',
	'/\n/evil.example',
	' //evil.example',
	'/.//evil.example',
	'https://evil.example/',
	'HTTPS:evil.example',
	'javascript:alert(1)',
]

describe('redirects', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer()
	})
	afterAll(() => server?.stop())

	/** Where a browser goes with this Location: it resolves it against the page it asked for. */
	const resolvedOrigin = (location: string | undefined) =>
		new URL(location ?? '/', `${server.url}/somewhere`).origin

	test('the bare //evil.example path never answers an off-site Location', async () => {
		for (const path of [
			'//evil.example/?preview=false',
			'//evil.example/?preview=true',
			'//evil.example/',
		]) {
			const response = await rawRequest(server.port, { path })
			expect(response.status, path).toBeLessThan(500)
			expect(resolvedOrigin(response.headers.location), path).toBe(server.url)
		}
	})

	test('the colour-mode form sends the visitor back only to a page of this site', async () => {
		for (const redirectTo of OFF_SITE) {
			const response = await fetch(`${server.url}/resources/color-mode`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: new URLSearchParams({ mode: 'light', redirectTo }),
			})
			expect(response.status, JSON.stringify(redirectTo)).toBe(302)
			expect(
				resolvedOrigin(response.headers.get('location') ?? undefined),
				JSON.stringify(redirectTo),
			).toBe(server.url)
		}
		const back = await fetch(`${server.url}/resources/color-mode`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({ mode: 'light', redirectTo: '/blog?page=2#latest' }),
		})
		expect(back.headers.get('location')).toBe('/blog?page=2#latest')
	})

	test('sign-out returns only to a page of this site', async () => {
		for (const returnTo of OFF_SITE) {
			const response = await fetch(`${server.url}/sign-out`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: new URLSearchParams({ returnTo }),
			})
			expect(response.status, JSON.stringify(returnTo)).toBe(302)
			expect(
				resolvedOrigin(response.headers.get('location') ?? undefined),
				JSON.stringify(returnTo),
			).toBe(server.url)
		}
	})

	test('leaving preview mode keeps the visitor on this site', async () => {
		const response = await rawRequest(server.port, { path: '/blog?preview=false' })
		expect(response.status).toBe(302)
		expect(response.headers.location).toBe('/blog')
	})
})
