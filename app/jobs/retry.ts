/**
 * When a failed job runs again (docs/decisions/076): exponential backoff from a first delay,
 * doubling per attempt up to a ceiling, with a little jitter so that jobs which failed together
 * (every e-mail while the mail server was down) do not all come back in the same second. Pure.
 */
export type RetryPolicy = {
	/** The delay after the first failure. */
	firstDelayMs: number
	/** No delay grows past this. */
	maxDelayMs: number
	/** ± this share of the delay, at random (0.1: ±10 %). */
	jitter: number
}

/** The delay before the attempt after `attempts` failed ones (attempts ≥ 1), without jitter. */
export function backoffMs(
	policy: Pick<RetryPolicy, 'firstDelayMs' | 'maxDelayMs'>,
	attempts: number,
) {
	const doublings = Math.max(0, attempts - 1)
	// 2^40 ms is 35 years: past any ceiling, and still an exact number.
	return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(doublings, 40))
}

/**
 * When to try again after `attempts` failed attempts, or null to stop: the attempts are used up,
 * or `giveUpAt` has passed. A retry scheduled before `giveUpAt` still runs after it, so retries
 * span at least until `giveUpAt`. `random` is Math.random in production.
 */
export function nextAttemptAt(input: {
	policy: RetryPolicy
	attempts: number
	maxAttempts: number
	now: Date
	giveUpAt: Date | null
	random?: () => number
}): Date | null {
	if (input.attempts >= input.maxAttempts) return null
	if (input.giveUpAt && input.now.getTime() >= input.giveUpAt.getTime()) return null
	const base = backoffMs(input.policy, input.attempts)
	const spread = (((input.random ?? Math.random)() * 2 - 1) * input.policy.jitter * base) | 0
	return new Date(input.now.getTime() + base + spread)
}

/** The e-mail policy: first retry after `firstSeconds` (under a minute), then doubling to an hour. */
export function emailRetryPolicy(firstSeconds: number): RetryPolicy {
	return { firstDelayMs: firstSeconds * 1000, maxDelayMs: 60 * 60_000, jitter: 0.1 }
}
