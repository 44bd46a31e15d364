/**
 * Preview is not a public switch (SPEC §2, §9; docs/decisions/068): drafts show only to a
 * browser that turned preview on with PREVIEW_SECRET (or, without a secret, through the operator
 * tools' rule: tests/integration/security/operator-tools.test.ts). The cookie carries a signed
 * token; any other value shows nothing. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../../support/server'

const SECRET = 'preview-secret-for-tests-0123'
const DRAFT = '/blog/tooling/project-context-files'
const DRAFT_TITLE = 'Project context files for coding assistants'

const get = (server: RunningServer, path: string, cookie?: string) =>
	fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })

const previewCookie = (response: Response) =>
	response.headers
		.getSetCookie()
		.find((line) => line.startsWith('preview=') && !/Max-Age=0/.test(line))

describe('preview on a site with PREVIEW_SECRET', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ PREVIEW_SECRET: SECRET })
	}, 120_000)
	afterAll(() => server?.stop())

	test('?preview=true without the secret, or with a wrong one, stores no preview cookie', async () => {
		for (const query of [
			'?preview=true',
			'?preview=1&staging=true',
			'?preview=true&secret=guess',
		]) {
			const response = await get(server, `/blog${query}`)
			expect(previewCookie(response), query).toBeUndefined()
		}
	})

	test('a hand-made preview cookie shows no draft', async () => {
		for (const cookie of [
			'preview=1',
			'preview=live.0123456789abcdef0123456789abcdef',
			`preview=${SECRET}`,
		]) {
			expect((await get(server, DRAFT, cookie)).status, cookie).toBe(404)
			expect(await (await get(server, '/blog', cookie)).text(), cookie).not.toContain(DRAFT)
		}
	})

	test('the secret turns preview on: a signed, SameSite=None, Secure cookie that shows drafts', async () => {
		const response = await get(server, `/blog?preview=true&secret=${encodeURIComponent(SECRET)}`)
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/blog')
		const line = previewCookie(response)!
		expect(line).toMatch(/; HttpOnly; Secure; SameSite=None$/)
		expect(line).not.toContain(SECRET)
		const cookie = line.split(';')[0]!
		const draft = await get(server, DRAFT, cookie)
		expect(draft.status).toBe(200)
		expect(await draft.text()).toContain(DRAFT_TITLE)
		// Tampering with the signed value shows nothing.
		expect((await get(server, DRAFT, `${cookie.slice(0, -2)}xx`)).status).toBe(404)
	})
})

describe('preview on a public site without PREVIEW_SECRET (production)', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({})
	}, 120_000)
	afterAll(() => server?.stop())

	test('?preview=true stores nothing and shows no draft', async () => {
		const response = await get(server, '/blog?preview=true')
		expect(previewCookie(response)).toBeUndefined()
		expect((await get(server, DRAFT, 'preview=1')).status).toBe(404)
	})
})
