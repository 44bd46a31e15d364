import { beforeAll, describe, expect, test } from 'vitest'
import {
	contentHeaders,
	dataRequestCacheControl,
	documentCacheControl,
	PUBLIC_PAGE_CACHE_CONTROL,
	rootCacheControl,
} from './cache-control.server'

beforeAll(() => {
	process.env.SESSION_SECRET = 'c'.repeat(40)
	process.env.DATA_DIR = '/tmp/cache-control-test-data'
})

describe('caching of per-visitor data (docs/decisions/068)', () => {
	test('the root is private with a profile, a toast or preview, and says nothing otherwise', () => {
		const anonymous = { profile: null, toast: false, preview: null }
		expect(rootCacheControl(anonymous)).toEqual({})
		for (const carried of [
			{ ...anonymous, profile: { email: 'a@b.c' } },
			{ ...anonymous, toast: true },
			{ ...anonymous, preview: { staging: false } },
		])
			expect(rootCacheControl(carried)).toEqual({ 'Cache-Control': 'private, no-store' })
	})

	test('a document is as private as its most private loader', () => {
		const page = new Headers({ 'Cache-Control': 'public, max-age=300', Vary: 'Cookie' })
		documentCacheControl(page, {
			root: new Headers(),
			'routes/blog': new Headers({ 'Cache-Control': 'public, max-age=300' }),
		})
		expect(page.get('Cache-Control')).toBe('public, max-age=300')
		documentCacheControl(page, {
			root: new Headers({ 'Cache-Control': 'private, no-store' }),
			'routes/blog': new Headers({ 'Cache-Control': 'public, max-age=300' }),
		})
		expect(page.get('Cache-Control')).toBe('private, no-store')
		const status = new Headers()
		documentCacheControl(status, {
			'routes/checkout.processing': new Headers({ 'Cache-Control': 'no-store' }),
		})
		expect(status.get('Cache-Control')).toBe('private, no-store')
	})

	test('a public page varies on what its key reads; one that sets a cookie is private', () => {
		const page = new Headers({ 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL })
		documentCacheControl(page, { root: new Headers() })
		expect(page.get('Cache-Control')).toBe(
			'public, max-age=0, s-maxage=2, stale-while-revalidate=1',
		)
		expect(page.get('Vary')).toBe('Cookie, User-Agent')
		const withCookie = new Headers({ 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL })
		withCookie.append('Set-Cookie', 'toast=; Max-Age=0')
		documentCacheControl(withCookie, { root: new Headers() })
		expect(withCookie.get('Cache-Control')).toBe('private, no-store')
	})

	test('a data request is private whenever the visitor’s cookies could have put their data into it', () => {
		const publicAnswer = () => new Headers({ 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL })
		for (const cookie of [
			'session=abc',
			'toast=1',
			'preview=abc',
			'color-mode=dark; checkouts=x',
		]) {
			const answer = publicAnswer()
			dataRequestCacheControl(answer, cookie)
			expect(answer.get('Cache-Control'), cookie).toBe('private, no-store')
		}
		const settingCookie = publicAnswer()
		settingCookie.append('Set-Cookie', 'toast=; Max-Age=0')
		dataRequestCacheControl(settingCookie, null)
		expect(settingCookie.get('Cache-Control')).toBe('private, no-store')
		// Whatever the routes did not say public stays out of shared caches.
		const unsaid = new Headers()
		dataRequestCacheControl(unsaid, 'color-mode=dark')
		expect(unsaid.get('Cache-Control')).toBe('private, no-store')
		const anonymous = publicAnswer()
		dataRequestCacheControl(anonymous, 'color-mode=dark')
		expect(anonymous.get('Cache-Control')).toBe(PUBLIC_PAGE_CACHE_CONTROL)
		expect(anonymous.get('Vary')).toMatch(/^Cookie, User-Agent\b/)
	})
})

test('preview pages are never cached', () => {
	expect(contentHeaders(true)['Cache-Control']).toBe('private, no-store')
	expect(contentHeaders(false)).toMatchObject({ Vary: 'Cookie' })
})
