/**
 * Operator tools are not public (DESIGN.md "Embedded defaults", docs/decisions/068): the outbox
 * viewer lists every address, confirmation link and receipt, so it answers only in development,
 * to a loopback client of a fresh clone (no SITE_URL); everyone else gets a 404, whatever
 * SITE_STATUS says. Needs `npm run build`.
 */
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readAnswer } from '../../support/not-found'
import { type RunningServer, startServer } from '../../support/server'

const outbox = (server: RunningServer, headers: Record<string, string> = {}) =>
	fetch(`${server.url}/__outbox`, { headers })

/** `/__outbox` and an unknown path of its length answer alike, byte for byte (105). */
async function expectUnknownPath(server: RunningServer, headers: Record<string, string> = {}) {
	const send = (path: string) =>
		fetch(`${server.url}${path}`, {
			headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', ...headers },
		})
	const paths = ['/__outbox', '/__xobtuo']
	const tool = await readAnswer(await send(paths[0]!), ...paths)
	const unknown = await readAnswer(await send(paths[1]!), ...paths)
	expect(tool.status).toBe(404)
	expect(tool).toEqual(unknown)
}

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

	test('answers exactly as an unknown path: nothing tells it exists', async () => {
		await expectUnknownPath(server)
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
		await expectUnknownPath(server, { 'X-Forwarded-For': '203.0.113.7' })
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

/** An address of this machine that is not loopback, if it has one: a client "from elsewhere". */
const otherAddress = Object.values(os.networkInterfaces())
	.flat()
	.find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address

describe.skipIf(!otherAddress)(
	'the outbox viewer in development under TRUST_PROXY, reached from another address (decision 132)',
	() => {
		let server: RunningServer
		beforeAll(async () => {
			server = await startServer({
				NODE_ENV: 'development',
				SITE_URL: '',
				TRUST_PROXY: '1',
				HOST: '0.0.0.0',
			})
		}, 120_000)
		afterAll(() => server?.stop())

		const fromElsewhere = (headers: Record<string, string>) =>
			fetch(`http://${otherAddress}:${server.port}/__outbox`, { headers })

		test('X-Forwarded-For: 127.0.0.1 does not make a client on another address local', async () => {
			for (const forwarded of ['127.0.0.1', '::1', '203.0.113.7, 127.0.0.1']) {
				const response = await fromElsewhere({ 'X-Forwarded-For': forwarded })
				expect(response.status, forwarded).toBe(404)
				expect(await response.text()).not.toContain('The latest e-mails')
			}
		})

		test('the same server still answers a client on this machine', async () => {
			expect((await outbox(server)).status).toBe(200)
		})
	},
)
