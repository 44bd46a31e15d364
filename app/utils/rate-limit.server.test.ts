import { describe, expect, test } from 'vitest'
import { isAllowedOrigin, RateLimiter } from './rate-limit.server'

describe('rate limiter', () => {
	test('allows max hits per window per address, then answers with the seconds to wait', () => {
		let now = 1_000_000
		const limiter = new RateLimiter(3, 60_000, () => now)
		expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true])
		expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 60 })
		expect(limiter.hit('b').allowed).toBe(true)
		now += 30_500
		expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 30 })
		now += 30_000
		expect(limiter.hit('a').allowed).toBe(true)
	})
})

describe('origin check', () => {
	test('a missing Origin is allowed, the own origin too, a foreign one is not', () => {
		expect(isAllowedOrigin(undefined, ['https://site.test'])).toBe(true)
		expect(isAllowedOrigin('https://site.test', ['https://site.test'])).toBe(true)
		expect(isAllowedOrigin('https://evil.test', ['https://site.test'])).toBe(false)
		expect(isAllowedOrigin('null', ['https://site.test'])).toBe(false)
	})
})
