import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	logLines,
	type RunningServer,
	startServer,
	startServerExpectingFailure,
} from '../support/server'

describe('configuration at boot', () => {
	test('a bad value stops the server with a message naming the variable and the rule', async () => {
		const { code, messages } = await startServerExpectingFailure({ TRUST_PROXY: 'lots' })
		expect(code).toBe(1)
		expect(messages.join('\n')).toContain(
			'TRUST_PROXY: TRUST_PROXY must be a whole number (got "lots")',
		)
	})

	test('a released site refuses to start on the sandbox payment provider unless allowed', async () => {
		const { code, messages } = await startServerExpectingFailure({ SITE_STATUS: 'released' })
		expect(code).toBe(1)
		expect(messages.join('\n')).toContain(
			'ALLOW_SANDBOX_PAYMENTS: a released site (SITE_STATUS=released) needs STRIPE_SECRET_KEY, or ALLOW_SANDBOX_PAYMENTS=1',
		)
	})
})

describe('the production server', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer()
	})
	afterAll(() => server.stop())

	test('every response carries the security headers and no X-Powered-By', async () => {
		for (const path of ['/', '/favicon.ico', '/no-such-page', '/healthz']) {
			const response = await fetch(`${server.url}${path}`)
			const csp = response.headers.get('content-security-policy') ?? ''
			expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
			expect(csp, path).toContain("frame-ancestors 'none'")
			// One framing policy: the older header agrees with the CSP (no frames at all).
			expect(response.headers.get('x-frame-options'), path).toBe('DENY')
			expect(csp, path).toContain("object-src 'none'")
			expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
			expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
			expect(response.headers.get('x-powered-by'), path).toBeNull()
			// Plain HTTP: no HSTS, or a local run could lock a browser out of http://localhost.
			expect(response.headers.get('strict-transport-security'), path).toBeNull()
		}
	})

	test('inline scripts carry the nonce of the policy, which changes per request', async () => {
		const first = await fetch(server.url)
		const nonce = first.headers.get('content-security-policy')!.match(/'nonce-([^']+)'/)![1]
		const html = await first.text()
		const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []
		// Structured data for search engines is a data block the browser never runs, so the policy
		// does not govern it (decision 169); every other inline script is code and needs the nonce.
		const code = inlineScripts.filter((tag) => tag !== '<script type="application/ld+json">')
		expect(code.length).toBeGreaterThan(0)
		for (const tag of code) expect(tag).toContain(`nonce="${nonce}"`)
		const second = await fetch(server.url)
		expect(second.headers.get('content-security-policy')).not.toContain(nonce)
	})

	test('the stylesheet is inline in the head: the first paint waits for no other request', async () => {
		const html = await (await fetch(server.url)).text()
		const head = html.slice(0, html.indexOf('</head>'))
		expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/)
		const style = head.match(/<style id="site-styles">([\s\S]*?)<\/style>/)
		// The compiled Tailwind stylesheet: its utilities, not an empty element.
		expect(style?.[1]).toContain('.min-h-screen{')
	})

	test("the page's scripts are preloaded at low priority: the first paint never waits for them (decision 179)", async () => {
		for (const path of ['/', '/workshop']) {
			const html = await (await fetch(`${server.url}${path}`)).text()
			const preloads = html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? []
			expect(preloads.length, path).toBeGreaterThan(1)
			for (const link of preloads) expect(link, path).toContain('fetchpriority="low"')
		}
	})

	test('fingerprinted assets are cached for a year as immutable; other public files briefly', async () => {
		const html = await (await fetch(server.url)).text()
		const asset = html.match(/\/assets\/[^"]+\.js/)![0]
		const immutable = await fetch(`${server.url}${asset}`)
		expect(immutable.status).toBe(200)
		expect(immutable.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		const favicon = await fetch(`${server.url}/favicon.svg`)
		expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600')
		expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404)
	})

	test('a build file carries the security headers a file needs, the same for every answer, and none of a page’s (decision 160)', async () => {
		const html = await (await fetch(server.url)).text()
		const asset = html.match(/\/assets\/[^"]+\.js/)![0]
		const answers = await Promise.all([1, 2].map(() => fetch(`${server.url}${asset}`)))
		for (const response of answers) {
			expect(response.status).toBe(200)
			expect(response.headers.get('x-content-type-options')).toBe('nosniff')
			expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
			const csp = response.headers.get('content-security-policy')!
			expect(csp).toContain("default-src 'none'")
			expect(csp).toContain("frame-ancestors 'none'")
			expect(csp).not.toContain('nonce')
			for (const pageOnly of [
				'cross-origin-opener-policy',
				'origin-agent-cluster',
				'x-frame-options',
				'x-dns-prefetch-control',
				'x-download-options',
				'x-permitted-cross-domain-policies',
				'x-xss-protection',
				'referrer-policy',
			])
				expect(response.headers.get(pageOnly), pageOnly).toBeNull()
		}
		expect(answers[0]!.headers.get('content-security-policy')).toBe(
			answers[1]!.headers.get('content-security-policy'),
		)
		// A missing build file too; a page keeps every header, its nonce new per answer.
		const missing = await fetch(`${server.url}/assets/missing.js`)
		expect(missing.headers.get('content-security-policy')).not.toContain('nonce')
		expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
		const page = await fetch(server.url)
		expect(page.headers.get('content-security-policy')).toMatch(/'nonce-[A-Za-z0-9+/=]+'/)
		expect(page.headers.get('x-frame-options')).toBe('DENY')
		expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin')
	})

	test('responses are compressed when the client accepts it', async () => {
		const response = await rawGet(server.port, '/', { 'Accept-Encoding': 'gzip' })
		expect(response.headers['content-encoding']).toBe('gzip')
	})

	test('a small answer goes out whole, with its length and uncompressed; a larger one is gzipped (decision 183)', async () => {
		// Remix's adapter writes an action's answer after its headers: unless it is held,
		// compression() never learns its size and gzips 60 bytes with a zlib stream of their own.
		const small = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
			body: '{}',
		})
		expect(small.status).toBe(400)
		expect(small.headers.get('content-encoding')).toBeNull()
		expect(Number(small.headers.get('content-length'))).toBe((await small.arrayBuffer()).byteLength)
		// A page answering a form post (its error beside the field) streams and is gzipped.
		const page = await fetch(`${server.url}/workshop?index`, {
			method: 'POST',
			headers: { origin: server.url, 'accept-encoding': 'gzip' },
			body: new URLSearchParams({ email: 'not an address' }),
		})
		expect(page.status).toBe(400)
		expect(page.headers.get('content-type')).toMatch(/^text\/html/)
		expect(page.headers.get('content-encoding')).toBe('gzip')
	})

	test('GET /healthz answers 200', async () => {
		const response = await fetch(`${server.url}/healthz`)
		expect(response.status).toBe(200)
		expect(await response.json()).toMatchObject({ status: 'ok' })
	})

	test('a body over MAX_BODY_BYTES is refused with 413 before it is read', async () => {
		const response = await fetch(`${server.url}/resources/color-mode`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: `mode=light&pad=${'x'.repeat(200_000)}`,
		})
		expect(response.status).toBe(413)
		expect(await response.json()).toEqual({ error: 'Request body larger than 102400 bytes' })
	})

	test('an invalid Host header is a 400, not an error', async () => {
		const response = await rawGet(server.port, '/', { Host: 'bad host' })
		expect(response.statusCode).toBe(400)
	})

	test('malformed paths and methods never answer 500', async () => {
		for (const path of [
			'/%E0%A4%A',
			'/%',
			'/..%2f..%2fetc/passwd',
			'/blog/%ff/%fe',
			'/?friend=%',
		]) {
			const response = await rawGet(server.port, path)
			expect(response.statusCode, path).toBeLessThan(500)
		}
		const put = await fetch(`${server.url}/`, { method: 'PUT', body: 'x' })
		expect(put.status).toBeLessThan(500)
	})

	test('a body that is not a form, posted to any page with a form, is a 4xx', async () => {
		const pages = [
			'/',
			'/workshop',
			'/ai-driven-development-day',
			'/onboarding',
			'/post-insiders-survey',
			'/signup/one-click',
			'/email-preferences',
			'/unsubscribe',
			'/pass/not-a-pass',
			'/checkout/sandbox/not-an-order',
			'/resources/color-mode',
		]
		const bodies = [
			{ type: 'application/json', body: '{"email":{"a":1}' },
			{ type: 'multipart/form-data; boundary=zz', body: 'garbage' },
		]
		for (const path of pages) {
			for (const { type, body } of bodies) {
				const response = await fetch(`${server.url}${path}`, {
					method: 'POST',
					headers: { 'Content-Type': type },
					body,
					redirect: 'manual',
				})
				expect(response.status, `${path} with ${type}`).toBeGreaterThanOrEqual(300)
				expect(response.status, `${path} with ${type}`).toBeLessThan(500)
			}
		}
	})

	test('each request is logged on one JSON line with method, path, status, duration and its id', async () => {
		const response = await fetch(`${server.url}/workshop?email=someone@example.com`)
		const id = response.headers.get('x-request-id')
		expect(id).toMatch(/^[0-9a-f-]{36}$/)
		await new Promise((resolve) => setTimeout(resolve, 50))
		const line = logLines(server.output()).find((entry) => entry.req_id === id)
		expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/workshop', status: 200 })
		expect(line?.msg).toMatch(/^GET \/workshop 200 \d+\.\dms$/)
		// Query strings can carry personal data: they stay out of the log.
		expect(server.output()).not.toContain('someone@example.com')
	})

	test("every line logged while a request is handled carries its id, the framework's own included", async () => {
		// A bot's 404 logs a warning from the app; a malformed path one from Remix itself.
		for (const path of ['/no-such-page', '/%E0%A4%A']) {
			const response = await fetch(`${server.url}${path}`)
			const id = response.headers.get('x-request-id')
			await new Promise((resolve) => setTimeout(resolve, 50))
			const lines = logLines(server.output()).filter((entry) => entry.req_id === id)
			expect(lines.length, path).toBeGreaterThanOrEqual(2)
			expect(
				lines.some((entry) => entry.level === 'warn' || entry.level === 'error'),
				path,
			).toBe(true)
		}
		expect(logLines(server.output()).filter((entry) => entry.level === 'raw')).toEqual([])
	})

	test('each request gets its own id, and a client cannot choose it', async () => {
		const [first, second] = await Promise.all(
			[1, 2].map(() => fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': 'chosen' } })),
		)
		const ids = [first!.headers.get('x-request-id'), second!.headers.get('x-request-id')]
		expect(ids[0]).not.toBe(ids[1])
		expect(ids).not.toContain('chosen')
	})
})

describe('behind a proxy', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ TRUST_PROXY: '1' })
	})
	afterAll(() => server.stop())

	const viaProxy = {
		'X-Forwarded-Proto': 'https',
		'X-Forwarded-Host': 'aidrivendev.com',
		'X-Forwarded-For': '203.0.113.9',
	}

	test('HSTS is sent when the visitor came over HTTPS', async () => {
		const response = await fetch(server.url, { headers: viaProxy })
		expect(response.headers.get('strict-transport-security')).toBe(
			'max-age=31536000; includeSubDomains',
		)
	})

	// The origin comes from configuration, never from a forwarded host (docs/decisions/069).
	test('canonical links keep the configured origin, whatever the forwarded host', async () => {
		const html = await (await fetch(`${server.url}/workshop?index`, { headers: viaProxy })).text()
		expect(html).toContain(`<link rel="canonical" href="${server.url}/workshop"/>`)
		expect(html).not.toContain('aidrivendev.com/workshop')
	})

	test('cookies are Secure over HTTPS', async () => {
		const response = await fetch(`${server.url}/resources/color-mode`, {
			method: 'POST',
			headers: { ...viaProxy, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'mode=light',
			redirect: 'manual',
		})
		expect(response.headers.get('set-cookie')).toMatch(/; Secure/)
	})

	test("the proxy's request id is kept, so one id follows the request through both logs", async () => {
		const response = await fetch(`${server.url}/healthz`, {
			headers: { 'X-Request-Id': 'edge-42.a' },
		})
		expect(response.headers.get('x-request-id')).toBe('edge-42.a')
		await new Promise((resolve) => setTimeout(resolve, 50))
		expect(logLines(server.output()).some((line) => line.req_id === 'edge-42.a')).toBe(true)
		// Not a plain token: a new id instead (nothing else can ride into the log as an id).
		const odd = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': 'a b"c' } })
		expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
	})
})

describe('without a trusted proxy', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer()
	})
	afterAll(() => server.stop())

	test('forwarded headers cannot change the origin, HSTS or cookie security', async () => {
		const headers = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' }
		const response = await fetch(`${server.url}/workshop?index`, { headers })
		expect(response.headers.get('strict-transport-security')).toBeNull()
		expect(await response.text()).toContain(`<link rel="canonical" href="${server.url}/workshop"/>`)
		const cookie = await fetch(`${server.url}/resources/color-mode`, {
			method: 'POST',
			headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'mode=light',
			redirect: 'manual',
		})
		expect(cookie.headers.get('set-cookie')).not.toMatch(/Secure/)
	})
})

describe('SITE_URL and SITE_STATUS', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({
			SITE_URL: 'https://aidrivendev.com',
			SITE_STATUS: 'released',
			// Released without Stripe keys: the sandbox must be allowed explicitly (DESIGN.md, embedded defaults).
			ALLOW_SANDBOX_PAYMENTS: '1',
		})
	})
	afterAll(() => server.stop())

	test('the canonical origin is SITE_URL: bare for the home page, with the path elsewhere', async () => {
		const home = await (await fetch(server.url)).text()
		expect(home).toContain('<link rel="canonical" href="https://aidrivendev.com"/>')
		expect(home).toContain(
			'<meta property="og:image" content="https://aidrivendev.com/social.png"/>',
		)
		const blog = await (await fetch(`${server.url}/blog`)).text()
		expect(blog).toContain('<link rel="canonical" href="https://aidrivendev.com/blog"/>')
	})

	test('a released site shows the legal links in the footer', async () => {
		const html = await (await fetch(`${server.url}/workshop`)).text()
		expect(html).toContain('href="/legal/privacy-policy"')
		expect(html).toContain('href="/legal/terms-conditions"')
	})
})

describe('graceful shutdown', () => {
	test('SIGTERM lets an in-flight request finish, then the process exits 0 well within 10 s', async () => {
		const server = await startServer()
		const started = Date.now()
		expect(await requestAcrossSigterm(server)).toBe(302)
		expect(await server.exited).toBe(0)
		// Keep-alive connections are closed as soon as they go idle, not at their timeout.
		expect(Date.now() - started).toBeLessThan(3_000)
		expect(server.output()).toContain('Shut down cleanly')
		await server.stop()
	})

	test('npm start stops the same way when a process manager sends SIGTERM to npm, twice', async () => {
		const server = await startServer({}, { command: ['npm', 'start', '--silent'] })
		expect(await requestAcrossSigterm(server, 2)).toBe(302)
		expect(await server.exited).toBe(0)
		expect(server.output()).toContain('Shut down cleanly')
		// Nothing is left listening (the server was not orphaned by npm's shell).
		await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
		await server.stop()
	})
})

/**
 * A form post whose body is still arriving when the server's process gets SIGTERM (`times`
 * times, 100 ms apart): resolves with its answer's status once the body has been sent in full.
 */
function requestAcrossSigterm(server: RunningServer, times = 1) {
	const body = 'mode=light&redirectTo=%2Fworkshop'
	return new Promise<number>((resolve, reject) => {
		const request = http.request(
			{
				host: '127.0.0.1',
				port: server.port,
				path: '/resources/color-mode',
				method: 'POST',
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					'Content-Length': Buffer.byteLength(body),
				},
			},
			(response) => {
				response.resume()
				resolve(response.statusCode!)
			},
		)
		request.on('error', reject)
		request.write(body.slice(0, 5))
		for (let signal = 0; signal < times; signal++) {
			setTimeout(() => server.process.kill('SIGTERM'), 200 + signal * 100)
		}
		setTimeout(() => request.end(body.slice(5)), 700)
	})
}

function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
	return new Promise<http.IncomingMessage>((resolve, reject) => {
		http
			.get({ host: '127.0.0.1', port, path, headers }, (response) => {
				response.resume()
				resolve(response)
			})
			.on('error', reject)
	})
}
