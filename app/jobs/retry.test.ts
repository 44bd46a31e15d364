import { describe, expect, test } from 'vitest'
import { backoffMs, emailRetryPolicy, nextAttemptAt } from './retry'

const HOUR = 60 * 60_000
const policy = emailRetryPolicy(30)
const noJitter = () => 0.5

describe('the retry schedule (docs/decisions/076)', () => {
	test('the first retry of an e-mail comes within a minute, then each wait doubles', () => {
		expect(backoffMs(policy, 1)).toBe(30_000)
		expect(backoffMs(policy, 2)).toBe(60_000)
		expect(backoffMs(policy, 3)).toBe(120_000)
		expect(backoffMs(policy, 7)).toBe(1_920_000)
	})

	test('waits stop growing at one hour, however many attempts failed', () => {
		expect(backoffMs(policy, 8)).toBe(HOUR)
		expect(backoffMs(policy, 30)).toBe(HOUR)
		expect(backoffMs(policy, 10_000)).toBe(HOUR)
	})

	test('jitter moves a retry by at most a tenth of its wait, both ways', () => {
		const now = new Date('2026-01-01T00:00:00Z')
		const at = (random: number) =>
			nextAttemptAt({
				policy,
				attempts: 2,
				maxAttempts: 100,
				now,
				giveUpAt: null,
				random: () => random,
			})!.getTime() - now.getTime()
		expect(at(0)).toBe(54_000)
		expect(at(0.5)).toBe(60_000)
		expect(at(0.999999)).toBeLessThanOrEqual(66_000)
		expect(at(0.999999)).toBeGreaterThan(65_000)
	})

	test('an e-mail that keeps failing is retried for at least 24 hours, then given up', () => {
		const start = new Date('2026-01-01T00:00:00Z')
		const giveUpAt = new Date(start.getTime() + 24 * HOUR)
		let now = start
		let attempts = 1
		const tries = [start]
		for (;;) {
			const next = nextAttemptAt({
				policy,
				attempts,
				maxAttempts: 1000,
				now,
				giveUpAt,
				random: noJitter,
			})
			if (!next) break
			tries.push(next)
			now = next
			attempts += 1
		}
		const last = tries.at(-1)!
		expect(last.getTime() - start.getTime()).toBeGreaterThanOrEqual(24 * HOUR)
		expect(last.getTime() - start.getTime()).toBeLessThan(25 * HOUR)
		expect(tries[1]!.getTime() - start.getTime()).toBeLessThan(60_000)
		// About 30 tries in a day: hourly once the waits stop growing.
		expect(tries.length).toBeGreaterThan(25)
		expect(tries.length).toBeLessThan(35)
	})

	test('no retry once the attempts are used up', () => {
		const now = new Date()
		expect(nextAttemptAt({ policy, attempts: 5, maxAttempts: 5, now, giveUpAt: null })).toBeNull()
		expect(
			nextAttemptAt({ policy, attempts: 4, maxAttempts: 5, now, giveUpAt: null }),
		).not.toBeNull()
	})
})
