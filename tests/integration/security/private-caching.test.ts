/**
 * A page that carries one visitor's data is never stored by a shared cache (docs/decisions/068):
 * with a profile in the session (the root loader puts its e-mail address in every page), a flash
 * toast or preview, the document and the root's data answer `Cache-Control: private, no-store`;
 * anonymous pages keep their public caching. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { onboardingSession } from '../../support/raw-http'
import { type RunningServer, startServer } from '../../support/server'

const PREVIEW_SECRET = 'private-caching-preview-secret'
const POST = '/blog/workflow/the-review-loop'
const EMAIL = 'cached.visitor@example.com'

const firstCookie = (response: Response, name: string) =>
	response.headers
		.getSetCookie()
		.find((line) => line.startsWith(`${name}=`) && !/Max-Age=0/.test(line))
		?.split(';')[0]

describe('Cache-Control of pages with a visitor’s own data', () => {
	let server: RunningServer
	const get = (path: string, cookie?: string) =>
		fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} })

	/** A session holding a profile, saved through /onboarding as a visitor would. */
	const signedInSession = () => onboardingSession(server.url, EMAIL)

	beforeAll(async () => {
		server = await startServer({ PREVIEW_SECRET })
	}, 120_000)
	afterAll(() => server?.stop())

	test('an anonymous blog post stays publicly cacheable', async () => {
		const response = await get(POST)
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=2\b/)
	})

	test('a blog post carrying a signed-in visitor’s e-mail is private', async () => {
		const session = await signedInSession()
		const response = await get(POST, session)
		expect(response.status).toBe(200)
		expect(await response.text()).toContain(EMAIL)
		expect(response.headers.get('cache-control')).toBe('private, no-store')
		// The root's data, as a client-side navigation asks for it.
		const data = await get(`${POST}.data?_routes=root`, session)
		expect(await data.text()).toContain(EMAIL)
		expect(data.headers.get('cache-control')).toBe('private, no-store')
		// The whole page's data, the post's own public headers merged in: still this visitor's.
		const whole = await get(`${POST}.data`, session)
		expect(await whole.text()).toContain(EMAIL)
		expect(whole.headers.get('cache-control')).toBe('private, no-store')
		for (const path of ['/blog', '/cheatsheets', '/', '/workshop']) {
			const page = await get(path, session)
			expect(page.headers.get('cache-control'), path).toBe('private, no-store')
		}
	})

	test('a page showing a flash toast is private', async () => {
		const toast = firstCookie(await get('/blog?preview=true'), 'toast')
		expect(toast).toBeTruthy()
		const response = await get(POST, toast)
		expect(await response.text()).toContain('Preview needs the preview secret')
		expect(response.headers.get('cache-control')).toBe('private, no-store')
	})

	test('a page in preview is private', async () => {
		const on = await get(`/workshop?preview=true&secret=${PREVIEW_SECRET}`)
		const preview = firstCookie(on, 'preview')!
		const response = await get('/workshop', preview)
		expect(await response.text()).toContain('Preview mode')
		expect(response.headers.get('cache-control')).toBe('private, no-store')
	})
})
