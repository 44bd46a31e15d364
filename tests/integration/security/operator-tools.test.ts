/**
 * Operator tools are not public (DESIGN.md "Embedded defaults", docs/decisions/068): the outbox
 * viewer lists every address, confirmation link and receipt, so it answers only in development,
 * to a loopback client of a fresh clone (no SITE_URL); everyone else gets a 404, whatever
 * SITE_STATUS says. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../../support/server'

const outbox = (server: RunningServer, headers: Record<string, string> = {}) =>
	fetch(`${server.url}/__outbox`, { headers })

describe('the outbox viewer on a public, pre-release site (production, the default)', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ SITE_STATUS: 'pre_release' })
	}, 120_000)
	afterAll(() => server?.stop())

	test('is a 404, even from the machine itself', async () => {
		const response = await outbox(server)
		expect(response.status).toBe(404)
		expect(await response.text()).not.toContain('The latest e-mails')
	})
})

describe('the outbox viewer in development, on a fresh clone (no SITE_URL)', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ NODE_ENV: 'development', SITE_URL: '', TRUST_PROXY: '1' })
	}, 120_000)
	afterAll(() => server?.stop())

	test('answers a loopback client', async () => {
		const response = await outbox(server)
		expect(response.status).toBe(200)
		expect(await response.text()).toContain('The latest e-mails')
	})

	test('preview works without PREVIEW_SECRET for a loopback client only', async () => {
		const local = await fetch(`${server.url}/blog?preview=true`, { redirect: 'manual' })
		const cookie = local.headers.getSetCookie().find((line) => line.startsWith('preview='))
		expect(cookie).toMatch(/; Secure; SameSite=None$/)
		const draft = await fetch(`${server.url}/blog/tooling/project-context-files`, {
			headers: { cookie: cookie!.split(';')[0]! },
		})
		expect(draft.status).toBe(200)
		const remote = await fetch(`${server.url}/blog?preview=true`, {
			redirect: 'manual',
			headers: { 'X-Forwarded-For': '203.0.113.7' },
		})
		expect(remote.headers.getSetCookie().some((line) => line.startsWith('preview=live'))).toBe(
			false,
		)
		expect(remote.headers.getSetCookie().some((line) => /^preview=[^;]/.test(line))).toBe(false)
	})

	test('is a 404 to a visitor from elsewhere behind a trusted proxy', async () => {
		const response = await outbox(server, { 'X-Forwarded-For': '203.0.113.7' })
		expect(response.status).toBe(404)
		expect(await response.text()).not.toContain('The latest e-mails')
	})
})

describe('the outbox viewer in development once SITE_URL is set', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ NODE_ENV: 'development', SITE_URL: 'https://example.com' })
	}, 120_000)
	afterAll(() => server?.stop())

	test('is a 404, even to a loopback client', async () => {
		expect((await outbox(server)).status).toBe(404)
	})
})
