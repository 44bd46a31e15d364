import { isbot } from 'isbot'
import { describe, expect, test } from 'vitest'
import { hasPersonalCookie, uncachedCookieHeader } from './page-cache-key.server'
import { WARM_UP_USER_AGENT, warmUpOrigin } from './warm-up.server'

describe('the warm-up', () => {
	test('renders what visitors get, not the document crawlers wait for', () => {
		expect(isbot(WARM_UP_USER_AGENT)).toBe(false)
	})

	test('asks with a cookie the page cache renders alone and never stores', () => {
		expect(hasPersonalCookie(uncachedCookieHeader())).toBe(true)
	})

	test('asks a wildcard listen address on loopback, any other as it is', () => {
		expect(warmUpOrigin('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000')
		expect(warmUpOrigin('::', 3000)).toBe('http://[::1]:3000')
		expect(warmUpOrigin('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080')
		expect(warmUpOrigin('::1', 8080)).toBe('http://[::1]:8080')
		expect(warmUpOrigin('localhost', 8080)).toBe('http://localhost:8080')
	})
})
