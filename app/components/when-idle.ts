/**
 * Work that waits for the page: the deferred islands' `idle` trigger (deferred.tsx) and the
 * particle background's start (particles/particle-background.tsx).
 */

/** How long an idle callback may wait; decoration still starts within 2 s of load (SPEC §2). */
const IDLE_TIMEOUT_MS = 1_000

/**
 * Calls `run` when the browser is idle after the load event; the function returned cancels it.
 * An idle callback's id and a timer's are counted apart, so each is cancelled only by its own
 * kind: clearing a timer by an idle callback's id cancels whichever timer of the page has that
 * number (it stopped the payment page's first poll, docs/decisions/140).
 */
export function afterLoadWhenIdle(run: () => void): () => void {
	let cancel = () => {}
	const schedule = () => {
		if (typeof window.requestIdleCallback === 'function') {
			const idle = window.requestIdleCallback(() => run(), { timeout: IDLE_TIMEOUT_MS })
			cancel = () => window.cancelIdleCallback(idle)
		} else {
			const timer = window.setTimeout(run, 200)
			cancel = () => window.clearTimeout(timer)
		}
	}
	if (document.readyState === 'complete') schedule()
	else window.addEventListener('load', schedule, { once: true })
	return () => {
		window.removeEventListener('load', schedule)
		cancel()
	}
}
