/**
 * SPEC §9's analytics timing, as plain functions: retries back off from 500 ms by a factor of 2,
 * and a caller waiting for an analytics callback (before leaving the page) waits 300 ms at most.
 * The customer-data library is given the same numbers for its own delivery queue (tracker.ts).
 */
export const ANALYTICS_TIMING = {
	/** The first retry waits this long… */
	retryMinMs: 500,
	/** …and each next one this many times longer. */
	retryFactor: 2,
	/** Attempts in all, the first included (the library's retry queue makes 4 too). */
	attempts: 4,
	/** How long a caller waits for an analytics callback before going on. */
	callbackTimeoutMs: 300,
} as const

/** The wait before retry number `retry` (0 for the first retry): 500, 1000, 2000 ms… */
export function backoffMs(retry: number): number {
	return ANALYTICS_TIMING.retryMinMs * ANALYTICS_TIMING.retryFactor ** retry
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Runs `attempt` until it resolves, at most `attempts` times, backing off between tries. */
export async function withRetries<T>(
	attempt: () => Promise<T>,
	{
		attempts = ANALYTICS_TIMING.attempts,
		wait = sleep,
	}: { attempts?: number; wait?: typeof sleep } = {},
): Promise<T> {
	for (let retry = 0; ; retry++) {
		try {
			return await attempt()
		} catch (error) {
			if (retry + 1 >= attempts) throw error
			await wait(backoffMs(retry))
		}
	}
}

/** Resolves when `promise` settles or after `ms`, whichever comes first; never rejects. */
export function settleWithin(
	promise: Promise<unknown>,
	ms: number = ANALYTICS_TIMING.callbackTimeoutMs,
): Promise<void> {
	return new Promise<void>((resolve) => {
		const timer = setTimeout(resolve, ms)
		const done = () => {
			clearTimeout(timer)
			resolve()
		}
		promise.then(done, done)
	})
}
