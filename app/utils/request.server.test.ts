import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isValidHost, requestFacts } from './request.server'

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

// requestFacts against a real Express app, so `trust proxy` is applied exactly as in server.ts.
function factsServer(trustProxy: number, siteUrl?: string) {
	const app = express()
	app.set('trust proxy', trustProxy)
	app.get('/', (req, res) => {
		res.json(requestFacts(req, siteUrl))
	})
	return app.listen(0, '127.0.0.1')
}

describe('request facts', () => {
	let servers: Record<'untrusted' | 'oneHop' | 'withSiteUrl', ReturnType<typeof factsServer>>
	const url = (server: ReturnType<typeof factsServer>) =>
		`http://127.0.0.1:${(server.address() as AddressInfo).port}/`
	const facts = async (
		server: ReturnType<typeof factsServer>,
		headers: Record<string, string> = {},
	) => (await fetch(url(server), { headers })).json()
	const forwarded = {
		'X-Forwarded-For': '203.0.113.7, 198.51.100.1',
		'X-Forwarded-Proto': 'https',
		'X-Forwarded-Host': 'aidrivendev.com',
	}

	beforeAll(async () => {
		servers = {
			untrusted: factsServer(0),
			oneHop: factsServer(1),
			withSiteUrl: factsServer(1, 'https://aidrivendev.com'),
		}
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
		const port = (servers.untrusted.address() as AddressInfo).port
		expect(await facts(servers.untrusted, forwarded)).toEqual({
			clientIp: '127.0.0.1',
			origin: `http://127.0.0.1:${port}`,
			secure: false,
		})
	})

	test('with TRUST_PROXY=1 the proxy-added address, protocol and host are believed', async () => {
		expect(await facts(servers.oneHop, forwarded)).toEqual({
			// One hop: the last address the trusted proxy appended, not the visitor-supplied first one.
			clientIp: '198.51.100.1',
			origin: 'https://aidrivendev.com',
			secure: true,
		})
	})

	test('SITE_URL wins over any request header', async () => {
		expect((await facts(servers.withSiteUrl, { 'X-Forwarded-Host': 'evil.example' })).origin).toBe(
			'https://aidrivendev.com',
		)
	})

	test('a malformed forwarded host falls back to the Host header', async () => {
		const port = (servers.oneHop.address() as AddressInfo).port
		expect((await facts(servers.oneHop, { 'X-Forwarded-Host': 'bad host/x' })).origin).toBe(
			`http://127.0.0.1:${port}`,
		)
	})
})
