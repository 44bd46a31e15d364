import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listenOrigin } from '~/site-origin.server'
import { isAllowedOrigin, isNormalPath, isValidHost, requestFacts } from './request.server'

describe('host validation', () => {
	test.each(['example.com', 'localhost:3000', '127.0.0.1:80', '[::1]:3000', 'a-b.example.co.uk'])(
		'%s is a valid host',
		(host) => expect(isValidHost(host)).toBe(true),
	)
	test.each(['', 'bad host', 'evil.com/path', 'a@b', '-x.com', undefined])(
		'%s is not a valid host',
		(host) => expect(isValidHost(host)).toBe(false),
	)
})

describe('the origin without SITE_URL: the address the server was started on', () => {
	test.each([
		['127.0.0.1', 3000, 'http://127.0.0.1:3000'],
		['0.0.0.0', 3000, 'http://localhost:3000'],
		['::', 8080, 'http://localhost:8080'],
		['::1', 3000, 'http://[::1]:3000'],
		['site.internal', 80, 'http://site.internal'],
	])('HOST=%s PORT=%i is %s', (host, port, origin) => {
		expect(listenOrigin(host, port)).toBe(origin)
	})
})

describe('normal paths (docs/decisions/069)', () => {
	test.each([
		'/',
		'/blog',
		'/blog/',
		'/blog/a-post',
		'/x?y=/../z//%2f',
		'/caf%C3%A9',
		'/a.b/c..d/...',
	])('%s is normal', (path) => expect(isNormalPath(path)).toBe(true))
	test.each([
		'/webhooks/../checkout',
		'/./x',
		'/x/.',
		'/x/..',
		'/%2e%2e/x',
		'/.%2E/x',
		'/%2E/x',
		'//evil.example/',
		'/a//b',
		'/a\\b',
		'/a%2fb',
		'/a%5Cb',
		'http://evil.example/x',
		'*',
		'',
	])('%s is not', (path) => expect(isNormalPath(path)).toBe(false))
})

describe('origin check', () => {
	test('a missing Origin is allowed, the own origin too, any other scheme, host or port not', () => {
		const own = ['https://site.test']
		expect(isAllowedOrigin(undefined, own)).toBe(true)
		expect(isAllowedOrigin('https://site.test', own)).toBe(true)
		expect(isAllowedOrigin('https://evil.test', own)).toBe(false)
		expect(isAllowedOrigin('http://site.test', own)).toBe(false)
		expect(isAllowedOrigin('https://site.test:8443', own)).toBe(false)
		expect(isAllowedOrigin('null', own)).toBe(false)
	})

	test('without an Origin, the Referer decides when there is one (docs/decisions/132)', () => {
		const own = ['https://site.test']
		expect(isAllowedOrigin(undefined, own, 'https://site.test/admin/coupons')).toBe(true)
		expect(isAllowedOrigin(undefined, own, 'https://evil.test/page')).toBe(false)
		expect(isAllowedOrigin(undefined, own, 'http://site.test/admin')).toBe(false)
		expect(isAllowedOrigin(undefined, own, 'not a url')).toBe(false)
		expect(isAllowedOrigin('', own, 'https://evil.test/')).toBe(false)
		expect(isAllowedOrigin(undefined, own, undefined)).toBe(true)
		// An Origin, when sent, is the browser's own word: the Referer cannot overrule it.
		expect(isAllowedOrigin('https://site.test', own, 'https://evil.test/')).toBe(true)
	})
})

// requestFacts against a real Express app, so `trust proxy` is applied exactly as in server.ts.
function factsServer(trustProxy: number) {
	const app = express()
	app.set('trust proxy', trustProxy)
	app.get('/', (req, res) => {
		res.json(requestFacts(req, 'https://aidrivendev.com'))
	})
	return app.listen(0, '127.0.0.1')
}

describe('request facts', () => {
	let servers: Record<'untrusted' | 'oneHop', ReturnType<typeof factsServer>>
	const url = (server: ReturnType<typeof factsServer>) =>
		`http://127.0.0.1:${(server.address() as AddressInfo).port}/`
	const facts = async (
		server: ReturnType<typeof factsServer>,
		headers: Record<string, string> = {},
	) => (await fetch(url(server), { headers })).json()
	const forwarded = {
		'X-Forwarded-For': '203.0.113.7, 198.51.100.1',
		'X-Forwarded-Proto': 'https',
		'X-Forwarded-Host': 'evil.example',
	}

	beforeAll(async () => {
		servers = { untrusted: factsServer(0), oneHop: factsServer(1) }
		await Promise.all(
			Object.values(servers).map(
				(server) => new Promise((resolve) => server.on('listening', resolve)),
			),
		)
	})
	afterAll(() => {
		for (const server of Object.values(servers)) server.close()
	})

	test('with TRUST_PROXY=0 forwarded headers are ignored', async () => {
		expect(await facts(servers.untrusted, forwarded)).toEqual({
			clientIp: '127.0.0.1',
			peerIp: '127.0.0.1',
			origin: 'https://aidrivendev.com',
			secure: false,
		})
	})

	test('with TRUST_PROXY=1 the proxy-added address and protocol are believed', async () => {
		expect(await facts(servers.oneHop, forwarded)).toEqual({
			// One hop: the last address the trusted proxy appended, not the visitor-supplied first one.
			clientIp: '198.51.100.1',
			// The socket's peer stays what it is: the proxy, here on this machine.
			peerIp: '127.0.0.1',
			origin: 'https://aidrivendev.com',
			secure: true,
		})
	})

	test('the origin is the configured one whatever Host and X-Forwarded-Host say', async () => {
		for (const server of Object.values(servers)) {
			expect((await facts(server, forwarded)).origin).toBe('https://aidrivendev.com')
		}
	})
})
