import { beforeAll, describe, expect, test } from 'vitest'
import { getPreview, previewRedirect } from './preview.server'

const context = { secure: false }

beforeAll(() => {
	process.env.SESSION_SECRET ??= 'x'.repeat(40)
	process.env.DATA_DIR ??= '/tmp/preview-test-data'
})

/** The preview cookie among the response's cookies (the other one is the toast). */
function previewCookie(response: Response | null) {
	return response?.headers.getSetCookie().find((value) => value.startsWith('preview='))
}

describe('preview mode (SPEC §2, §9)', () => {
	test('?preview=true stores a preview token (SameSite=None; Secure) and drops the parameter', async () => {
		const response = await previewRedirect(
			new Request('http://localhost/blog?preview=true&page=2'),
			context,
		)
		expect(response?.status).toBe(302)
		expect(response?.headers.get('Location')).toBe('/blog?page=2')
		expect(response?.headers.getSetCookie().some((value) => value.startsWith('toast='))).toBe(true)
		expect(previewCookie(response)).toMatch(
			/^preview=live\.[0-9a-f]{32}; Path=\/; HttpOnly; Secure; SameSite=None$/,
		)
	})

	test('&staging=true marks the token as staging', async () => {
		const response = await previewRedirect(
			new Request('http://localhost/?preview=true&staging=true'),
			context,
		)
		expect(response?.headers.get('Location')).toBe('/')
		const value = previewCookie(response)?.split(';')[0]
		expect(value).toMatch(/^preview=staging\./)
		const request = new Request('http://localhost/', { headers: { cookie: value! } })
		expect(getPreview(request)).toEqual({ staging: true })
	})

	test('?preview=false clears the cookie', async () => {
		const response = await previewRedirect(
			new Request('http://localhost/workshop?preview=false'),
			context,
		)
		expect(response?.headers.get('Location')).toBe('/workshop')
		expect(previewCookie(response)).toMatch(/^preview=; Max-Age=0;/)
	})

	test('no parameter, no redirect; no cookie, no preview', async () => {
		expect(await previewRedirect(new Request('http://localhost/workshop'), context)).toBeNull()
		expect(getPreview(new Request('http://localhost/'))).toBeNull()
	})
})
