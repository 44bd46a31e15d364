import { afterEach, describe, expect, test, vi } from 'vitest'
import { ANALYTICS_TIMING, backoffMs, settleWithin, withRetries } from './retry'

afterEach(() => vi.useRealTimers())

describe('analytics timing (SPEC §9)', () => {
	test('retries back off from 500 ms by a factor of 2', () => {
		expect([0, 1, 2, 3].map(backoffMs)).toEqual([500, 1000, 2000, 4000])
	})

	test('a failing call is tried again after 500, 1000 and 2000 ms, then given up', async () => {
		const waits: number[] = []
		const attempt = vi.fn(async () => {
			throw new Error('offline')
		})
		await expect(withRetries(attempt, { wait: async (ms) => void waits.push(ms) })).rejects.toThrow(
			'offline',
		)
		expect(attempt).toHaveBeenCalledTimes(ANALYTICS_TIMING.attempts)
		expect(waits).toEqual([500, 1000, 2000])
	})

	test('a call that succeeds on a retry stops retrying', async () => {
		let calls = 0
		const attempt = async () => {
			calls++
			if (calls < 2) throw new Error('flaky')
			return 'loaded'
		}
		const waits: number[] = []
		expect(await withRetries(attempt, { wait: async (ms) => void waits.push(ms) })).toBe('loaded')
		expect(waits).toEqual([500])
	})

	test('a caller waits for a callback 300 ms at most', async () => {
		vi.useFakeTimers()
		let settled = false
		void settleWithin(new Promise(() => {})).then(() => {
			settled = true
		})
		await vi.advanceTimersByTimeAsync(299)
		expect(settled).toBe(false)
		await vi.advanceTimersByTimeAsync(1)
		expect(settled).toBe(true)
	})

	test('a callback that comes sooner, or fails, ends the wait at once', async () => {
		vi.useFakeTimers()
		const order: string[] = []
		void settleWithin(Promise.resolve()).then(() => order.push('resolved'))
		void settleWithin(Promise.reject(new Error('x'))).then(() => order.push('rejected'))
		await vi.advanceTimersByTimeAsync(0)
		expect(order.sort()).toEqual(['rejected', 'resolved'])
	})
})
