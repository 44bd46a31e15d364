import { describe, expect, test } from 'vitest'
import { documentCacheControl, rootCacheControl } from './cache-control.server'

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
})
