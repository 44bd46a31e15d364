import { type ComponentType, lazy, Suspense, useEffect } from 'react'

/**
 * Deferred hydration for interactive islands below the fold (forms with client validation).
 * The server renders the component as usual, so the HTML works without JavaScript. In the
 * browser its code is left out of the first load: the boundary keeps the server's HTML
 * (React's selective hydration) until the browser is idle or the visitor first interacts, then
 * loads the chunk and hydrates it. After the first hydration, islands load at once.
 *
 * `serverComponent` reads a `.server` re-export, which the compiler empties in the browser
 * build: the real module is then only reachable through `load`, in its own chunk. It is read at
 * render time, so import cycles between islands and layouts cannot catch it undefined.
 * See docs/decisions/004-first-load-budget.md.
 */
export function deferred<P extends object>(
	serverComponent: () => ComponentType<P> | undefined,
	load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
	const Lazy = lazy(async () => {
		if (!hydrated) await idleOrInteraction()
		return { default: await load() }
	})
	// biome-ignore lint/correctness/noComponentHookFactories: called once per island, at module level (islands.tsx)
	function Deferred(props: P) {
		const Component = (serverComponent() ?? Lazy) as ComponentType<P>
		return (
			<Suspense fallback={null}>
				<Component {...(props as P & JSX.IntrinsicAttributes)} />
			</Suspense>
		)
	}
	return Deferred
}

let hydrated = false

/** Rendered once by the root: marks the end of the first hydration. */
export function useHydrationMark() {
	useEffect(() => {
		hydrated = true
	}, [])
}

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const
const IDLE_TIMEOUT_MS = 3_000

let waiting: Promise<void> | undefined

function idleOrInteraction(): Promise<void> {
	waiting ??= new Promise<void>((resolve) => {
		const done = () => {
			for (const type of INTERACTIONS) window.removeEventListener(type, done, true)
			resolve()
		}
		for (const type of INTERACTIONS)
			window.addEventListener(type, done, { capture: true, passive: true })
		if ('requestIdleCallback' in window) requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS })
		else setTimeout(done, IDLE_TIMEOUT_MS)
	})
	return waiting
}
