import { describe, expect, test, vi } from 'vitest'
import { createTtlCache } from './ttl-cache'

describe('ttl cache', () => {
	test('a value lives for its lifetime, then is gone', () => {
		let time = 0
		const cache = createTtlCache<string>({ ttlMs: 100, now: () => time })
		cache.set('a', 'one')
		time = 99
		expect(cache.get('a')).toBe('one')
		time = 100
		expect(cache.get('a')).toBeUndefined()
	})

	test('the oldest entries go first past the size limit', () => {
		const cache = createTtlCache<number>({ ttlMs: 1_000, maxEntries: 2 })
		cache.set('a', 1)
		cache.set('b', 2)
		cache.set('c', 3)
		expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3])
	})

	test('concurrent loads of one key run the loader once', async () => {
		const cache = createTtlCache<number>({ ttlMs: 1_000 })
		const load = vi.fn(async () => 42)
		const values = await Promise.all([1, 2, 3].map(() => cache.getOrLoad('k', load)))
		expect(values).toEqual([42, 42, 42])
		expect(load).toHaveBeenCalledTimes(1)
		await cache.getOrLoad('k', load)
		expect(load).toHaveBeenCalledTimes(1)
	})

	test('a failed load is not cached', async () => {
		const cache = createTtlCache<number>({ ttlMs: 1_000 })
		await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow()
		await expect(cache.getOrLoad('k', async () => 7)).resolves.toBe(7)
	})

	test('invalidate forgets values, including a load already under way', async () => {
		const cache = createTtlCache<number>({ ttlMs: 1_000 })
		cache.set('a', 1)
		let finish: (value: number) => void = () => {}
		const slow = cache.getOrLoad('b', () => new Promise<number>((resolve) => (finish = resolve)))
		cache.invalidate()
		finish(2)
		await slow
		expect(cache.get('a')).toBeUndefined()
		expect(cache.get('b')).toBeUndefined()
		expect(cache.size).toBe(0)
	})
})
