/**
 * The end of the first hydration, and decoration that waits for an idle browser. A page hydrates
 * in one pass, all but its forms, whose code loads apart and hydrates when it arrives
 * (page-parts.tsx, docs/decisions/141).
 */
import { useEffect } from 'react'

/**
 * Rendered once by the root's layout, whose effects run after those of everything in the page:
 * marks the end of the first hydration, as a User Timing mark for measures and an attribute for
 * tests (a test's fake clock replaces the User Timing API).
 */
export function useHydrationMark() {
	useEffect(() => {
		performance.mark('hydrated')
		document.documentElement.dataset.hydrated = 'true'
	}, [])
}

/** How long an idle callback may wait; decoration still starts within 2 s of load (SPEC §2). */
const IDLE_TIMEOUT_MS = 1_000

/**
 * Calls `run` when the browser is idle after the load event; the function returned cancels it.
 * An idle callback's id and a timer's are counted apart, so each is cancelled only by its own
 * kind: clearing a timer by an idle callback's id cancels whichever timer of the page has that
 * number (it stopped the payment page's polling).
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
