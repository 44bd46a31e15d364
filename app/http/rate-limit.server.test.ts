import { describe, expect, test } from 'vitest'
import { createRateLimiter } from './rate-limit.server'

describe('rate limiter (in memory, without DATABASE_URL)', () => {
	test('allows max hits per window per address, then answers with the seconds to wait', async () => {
		const limiter = await createRateLimiter({ max: 3, windowMs: 60_000 })
		const first = await Promise.all([1, 2, 3].map(() => limiter.hit('a')))
		expect(first.map((result) => result.allowed)).toEqual([true, true, true])
		const refused = await limiter.hit('a')
		expect(refused.allowed).toBe(false)
		expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(55)
		expect((await limiter.hit('b')).allowed).toBe(true)
	})

	test('a new window starts once the last one has passed', async () => {
		const limiter = await createRateLimiter({ max: 1, windowMs: 1_000 })
		expect((await limiter.hit('a')).allowed).toBe(true)
		expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 })
		await new Promise((resolve) => setTimeout(resolve, 1_100))
		expect((await limiter.hit('a')).allowed).toBe(true)
	})

	test('an IPv6 client counts by its /64: another address in it shares the limit', async () => {
		const limiter = await createRateLimiter({ max: 2, windowMs: 60_000 })
		expect((await limiter.hit('2001:db8:0:42::1')).allowed).toBe(true)
		expect((await limiter.hit('2001:db8:0:42:ffff::9')).allowed).toBe(true)
		expect((await limiter.hit('2001:db8:0:42::abcd')).allowed).toBe(false)
		expect((await limiter.hit('2001:db8:0:43::1')).allowed).toBe(true)
	})
})
