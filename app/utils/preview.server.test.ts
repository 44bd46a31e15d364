import { describe, expect, test } from 'vitest'
import { getPreview, previewRedirect } from './preview.server'

describe('preview mode (SPEC §2, §9)', () => {
	test('?preview=true stores a preview token (SameSite=None; Secure) and drops the parameter', () => {
		const response = previewRedirect(new Request('http://localhost/blog?preview=true&page=2'))
		expect(response?.status).toBe(302)
		expect(response?.headers.get('Location')).toBe('/blog?page=2')
		expect(response?.headers.get('Set-Cookie')).toMatch(
			/^preview=live\.[0-9a-f]{32}; Path=\/; HttpOnly; Secure; SameSite=None$/,
		)
	})

	test('&staging=true marks the token as staging', () => {
		const response = previewRedirect(new Request('http://localhost/?preview=true&staging=true'))
		expect(response?.headers.get('Location')).toBe('/')
		const value = response?.headers.get('Set-Cookie')?.split(';')[0]
		expect(value).toMatch(/^preview=staging\./)
		const request = new Request('http://localhost/', { headers: { cookie: value! } })
		expect(getPreview(request)).toEqual({ staging: true })
	})

	test('?preview=false clears the cookie', () => {
		const response = previewRedirect(new Request('http://localhost/workshop?preview=false'))
		expect(response?.headers.get('Location')).toBe('/workshop')
		expect(response?.headers.get('Set-Cookie')).toMatch(/^preview=; Max-Age=0;/)
	})

	test('no parameter, no redirect; no cookie, no preview', () => {
		expect(previewRedirect(new Request('http://localhost/workshop'))).toBeNull()
		expect(getPreview(new Request('http://localhost/'))).toBeNull()
	})
})
