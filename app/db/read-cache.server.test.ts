import { afterEach, describe, expect, test, vi } from 'vitest'
import { cachedRead, invalidateSalesCache } from './read-cache.server'

afterEach(() => invalidateSalesCache())

describe('read cache', () => {
	test('concurrent reads of one key load once, and later reads are served from the cache', async () => {
		const load = vi.fn(async () => 42)
		const values = await Promise.all([1, 2, 3].map(() => cachedRead('course', load)))
		expect(values).toEqual([42, 42, 42])
		expect(await cachedRead('course', load)).toBe(42)
		expect(load).toHaveBeenCalledTimes(1)
	})

	test('a null answer is cached like any other', async () => {
		const load = vi.fn(async () => null)
		expect(await cachedRead('missing', load)).toBeNull()
		expect(await cachedRead('missing', load)).toBeNull()
		expect(load).toHaveBeenCalledTimes(1)
	})

	test('a failed load is not cached', async () => {
		await expect(cachedRead('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
		await expect(cachedRead('k', async () => 7)).resolves.toBe(7)
	})

	test('a sale forgets every read, and a read under way answers but is not kept', async () => {
		await cachedRead('counters', async () => 1)
		let finish: (value: number) => void = () => {}
		const slow = cachedRead('catalog', () => new Promise<number>((resolve) => (finish = resolve)))
		invalidateSalesCache()
		finish(2)
		expect(await slow).toBe(2)
		expect(await cachedRead('counters', async () => 10)).toBe(10)
		expect(await cachedRead('catalog', async () => 20)).toBe(20)
	})
})
