import { beforeAll, describe, expect, test } from 'vitest'
import { getPreview, isPreview, previewRedirect } from './preview.server'

const SECRET = 'unit-preview-secret-0123'
// A visitor from elsewhere, on a production site: only the secret turns preview on.
const context = { secure: false, clientIp: '203.0.113.7' }

beforeAll(() => {
	process.env.SESSION_SECRET ??= 'x'.repeat(40)
	process.env.DATA_DIR ??= '/tmp/preview-test-data'
	process.env.PREVIEW_SECRET = SECRET
})

/** The preview cookie among the response's cookies (the other one is the toast). */
function previewCookie(response: Response | null) {
	return response?.headers.getSetCookie().find((value) => value.startsWith('preview='))
}

const withCookie = (setCookie: string | undefined) =>
	new Request('http://localhost/', { headers: { cookie: setCookie?.split(';')[0] ?? '' } })

describe('preview mode (SPEC §2, §9; docs/decisions/068)', () => {
	test('?preview=true with the secret stores a signed token (SameSite=None; Secure) and drops the parameters', async () => {
		const response = await previewRedirect(
			new Request(`http://localhost/blog?preview=true&secret=${SECRET}&page=2`),
			context,
		)
		expect(response?.status).toBe(302)
		expect(response?.headers.get('Location')).toBe('/blog?page=2')
		expect(response?.headers.getSetCookie().some((value) => value.startsWith('toast='))).toBe(true)
		const cookie = previewCookie(response)
		expect(cookie).toMatch(/^preview=[^;]+; Path=\/; HttpOnly; Secure; SameSite=None$/)
		expect(cookie).not.toContain(SECRET)
		expect(await getPreview(withCookie(cookie))).toEqual({ staging: false })
	})

	test('&staging=true marks the token as staging', async () => {
		const response = await previewRedirect(
			new Request(`http://localhost/?preview=true&staging=true&secret=${SECRET}`),
			context,
		)
		expect(response?.headers.get('Location')).toBe('/')
		expect(await getPreview(withCookie(previewCookie(response)))).toEqual({ staging: true })
	})

	test('without the secret, or with a wrong one, nothing is stored and the parameters go', async () => {
		for (const query of [
			'?preview=true',
			'?preview=true&secret=wrong',
			`?preview=true&secret=${SECRET}x`,
		]) {
			const response = await previewRedirect(new Request(`http://localhost/blog${query}`), context)
			expect(response?.headers.get('Location'), query).toBe('/blog')
			expect(previewCookie(response), query).toBeUndefined()
		}
	})

	test('a plain or tampered cookie is no preview', async () => {
		expect(await getPreview(withCookie('preview=live.0123456789abcdef'))).toBeNull()
		expect(await getPreview(withCookie('preview=1'))).toBeNull()
		const response = await previewRedirect(
			new Request(`http://localhost/?preview=true&secret=${SECRET}`),
			context,
		)
		const cookie = previewCookie(response)!.split(';')[0]!
		expect(await getPreview(withCookie(`${cookie.slice(0, -3)}abc`))).toBeNull()
	})

	test('?preview=false clears the cookie, no secret needed', async () => {
		const response = await previewRedirect(
			new Request('http://localhost/workshop?preview=false'),
			context,
		)
		expect(response?.headers.get('Location')).toBe('/workshop')
		expect(previewCookie(response)).toMatch(/^preview=; Max-Age=0;/)
	})

	test('no parameter, no redirect; no cookie, no preview', async () => {
		expect(await previewRedirect(new Request('http://localhost/workshop'), context)).toBeNull()
		expect(await getPreview(new Request('http://localhost/'))).toBeNull()
	})
})

test('preview mode is on with a signed preview token only (docs/decisions/068)', async () => {
	const request = (cookie?: string) =>
		new Request('http://x/', { headers: cookie ? { cookie } : {} })
	expect(await isPreview(request())).toBe(false)
	expect(await isPreview(request('preview='))).toBe(false)
	expect(await isPreview(request('color-mode=dark; preview=token123'))).toBe(false)
	const on = await previewRedirect(new Request(`http://x/?preview=true&secret=${SECRET}`), context)
	const token = on!.headers
		.getSetCookie()
		.find((line) => line.startsWith('preview='))!
		.split(';')[0]
	expect(await isPreview(request(`color-mode=dark; ${token}`))).toBe(true)
})
