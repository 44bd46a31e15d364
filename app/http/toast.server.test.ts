import { beforeAll, describe, expect, test } from 'vitest'
import { createToastHeaders, readToast, redirectWithToast } from './toast.server'

const context = { secure: false }

beforeAll(() => {
	process.env.SESSION_SECRET = 'x'.repeat(40)
	process.env.DATA_DIR = '/tmp/toast-test-data'
})

function requestWith(setCookie: string | null) {
	const cookie = setCookie?.split(';')[0] ?? ''
	return new Request('http://localhost/', { headers: { cookie } })
}

describe('flash toasts', () => {
	test('an action raises a toast that the next request reads once', async () => {
		const headers = await createToastHeaders(
			{ title: 'You are signed up', type: 'success' },
			context,
		)
		const setCookie = headers.get('Set-Cookie')
		expect(setCookie).toMatch(/^toast=.+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/)
		const { toast, headers: clear } = await readToast(requestWith(setCookie), context)
		expect(toast).toMatchObject({ title: 'You are signed up', type: 'success' })
		expect(toast?.id).toMatch(/^[0-9a-f-]{36}$/)
		expect(clear?.get('Set-Cookie')).toMatch(/^toast=; Max-Age=0;/)
	})

	test('redirectWithToast redirects and sets the cookie', async () => {
		const response = await redirectWithToast('/enrolled', { title: 'Thanks' }, context)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/enrolled')
		expect(response.headers.get('Set-Cookie')).toMatch(/^toast=/)
	})

	test('a forged cookie is ignored and cleared', async () => {
		const forged = `toast=${btoa(JSON.stringify({ id: '1', title: 'Hacked' }))}`
		const { toast, headers } = await readToast(requestWith(forged), context)
		expect(toast).toBeNull()
		expect(headers?.get('Set-Cookie')).toMatch(/^toast=;/)
	})

	test('no cookie, no toast and no header', async () => {
		expect(await readToast(requestWith(null), context)).toEqual({ toast: null, headers: null })
	})
})
