import { useFetchers, useNavigation } from '@remix-run/react'
import { type ComponentType, lazy, memo, Suspense, useEffect, useRef, useState } from 'react'
import { afterLoadWhenIdle } from './when-idle'

// biome-ignore lint/suspicious/noExplicitAny: each island's props are its own
type AnyComponent = ComponentType<any>
let serverComponents: Readonly<Record<string, AnyComponent>> | undefined

/** The islands' own components, for the server's render: called once by entry.server.tsx. */
export function provideIslandComponents(components: Readonly<Record<string, AnyComponent>>) {
	serverComponents = components
}

function serverComponent(name: string): AnyComponent {
	const component = serverComponents?.[name]
	if (!component) throw new Error(`Island ${name} has no server component (islands.server.ts)`)
	return component
}

/**
 * Deferred hydration for interactive islands (forms with client validation, the pricing switch,
 * decoration). The server renders the component as usual, so the HTML works without JavaScript.
 * In the browser its code is left out of the first load: the boundary keeps the server's HTML
 * (React's selective hydration) until the island is wanted, then loads the chunk and hydrates:
 * - `approach` (forms): when the visitor points at it, touches it or moves focus into it, or
 *   scrolls it into view. A visitor who only reads the top of the page
 *   never downloads the form code (docs/decisions/074); the form submits natively before that.
 * - `idle` (the one-click sign-up that submits itself): once the page has loaded and the
 *   browser is idle.
 * - `hydrated` (the particle background, whose own code waits for idle time, or a phone's
 *   first touch, before fetching three.js): as the page hydrates.
 * Either way the visitor's first click, tap or key press anywhere, and the page's first
 * navigation or fetcher, load every island still waiting (a navigation or fetcher would wait for
 * the dehydrated islands it re-renders: useHydrationMark). After the first hydration, islands
 * load at once (client-side navigations).
 *
 * `name` is the island's in islands.server.ts, whose components entry.server.tsx hands over at
 * start (`provideIslandComponents`): the server renders the island's own component at once, so
 * every visitor gets its HTML (a lazy component would suspend a page's first render), and the
 * browser's module graph reaches its module only through `load`, in its own chunk
 * (docs/decisions/098, 126).
 */
export function deferred<P extends object>(
	name: string,
	load: () => Promise<ComponentType<P>>,
	when: Trigger | ((props: P) => Trigger) = 'approach',
): ComponentType<P> {
	let want: () => void = () => undefined
	const wanted = new Promise<void>((resolve) => {
		want = resolve
	})
	// The chunk loads once the island is wanted, whenever React first asks for it: the island's
	// own trigger, the visitor's first interaction or the router's first navigation or fetcher
	// during the first hydration; at once after it (the island's effect wants it).
	const Lazy = lazy(async () => {
		await wanted
		return { default: await load() }
	})
	// biome-ignore lint/correctness/noComponentHookFactories: called once per island, at module level (islands.tsx)
	function Deferred(props: P) {
		const ref = useRef<HTMLDivElement>(null)
		const [ready, setReady] = useState(false)
		// Props may decide when it loads (see the Toaster).
		const trigger = typeof when === 'function' ? when(props) : when
		useEffect(() => {
			// Mounted after the first hydration (a client-side navigation), or wanted as soon as
			// the page hydrates: now.
			if (hydrated || trigger === 'hydrated') return want()
			// Until its trigger, the visitor's first interaction or the page's first navigation or
			// fetcher loads it (useHydrationMark).
			waiting.add(want)
			const stopTrigger =
				trigger === 'idle' ? afterLoadWhenIdle(want) : onApproach(ref.current!, want)
			return () => {
				waiting.delete(want)
				stopTrigger()
			}
		}, [trigger])
		const Component = (import.meta.env.SSR ? serverComponent(name) : Lazy) as ComponentType<P>
		return (
			// A box-less wrapper: something to watch, in the server's HTML and the browser's alike;
			// `data-island` says whether the island has hydrated (what tests and measures wait for).
			<div ref={ref} data-island={ready ? 'hydrated' : 'waiting'} style={{ display: 'contents' }}>
				<Suspense fallback={null}>
					<Component {...(props as P & JSX.IntrinsicAttributes)} />
					<Mounted onMount={() => setReady(true)} />
				</Suspense>
			</div>
		)
	}
	// A parent's render with equal props stops here: an update that reaches a boundary still
	// waiting to hydrate makes React throw its server HTML away and render it afresh (#421), as
	// the particle background's parent did once its media queries were read after hydration.
	return memo(Deferred) as unknown as ComponentType<P>
}

/** Calls `onMount` once the Suspense boundary it sits in has rendered in the browser. */
function Mounted({ onMount }: { onMount: () => void }) {
	// biome-ignore lint/correctness/useExhaustiveDependencies: once, when the boundary commits
	useEffect(onMount, [])
	return null
}

/** When an island's code loads (see `deferred`). */
type Trigger = 'approach' | 'idle' | 'hydrated'

let hydrated = false

/** The `want` of every island on the page still waiting for its trigger. */
const waiting = new Set<() => void>()

/**
 * Loads every island still waiting. A navigation or a fetcher re-renders the page in a
 * transition, which React holds until every dehydrated island it touches has hydrated: an
 * island left waiting for its own trigger would hold it for ever (the root layout's toaster is
 * touched by every navigation). So the first interaction (which may start one) and the first
 * navigation or fetcher of the router (started by code too: polling, a redirect) load them all.
 */
function loadAllWaiting() {
	for (const want of waiting) want()
	waiting.clear()
}

/**
 * React's answer to a hydration error (say, a node a browser extension added to the document)
 * is to render the page, or a boundary of it, afresh in the browser: there is no server HTML
 * left to keep, so every island loads now rather than showing nothing until its trigger.
 * entry.client.tsx calls this from `hydrateRoot`'s `onRecoverableError`.
 */
export function loadIslandsNow() {
	hydrated = true
	loadAllWaiting()
}

/**
 * Rendered once by the root's layout, whose effects run after those of everything in the page:
 * marks the end of the first hydration, and loads the waiting islands at the visitor's first
 * interaction and at the router's first navigation or fetcher (started by code too: polling, a
 * redirect), as soon as it is under way.
 */
export function useHydrationMark() {
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = navigation.state !== 'idle' || fetchers.length > 0
	useEffect(() => {
		hydrated = true
		// The page outside its islands is interactive: a User Timing mark for measures, and an
		// attribute for tests (a test's fake clock replaces the User Timing API).
		performance.mark('hydrated')
		document.documentElement.dataset.hydrated = 'true'
		return onFirstInteraction(loadAllWaiting)
	}, [])
	useEffect(() => {
		if (busy) loadAllWaiting()
	}, [busy])
}

const APPROACH_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const

/**
 * Calls `run` once the visitor reaches for the island (pointer, touch, focus) or scrolls it into
 * view. An island already in view at load waits for the pointer or focus: reading the page is
 * not using the form, and the form works natively until then. A page already scrolled when it
 * hydrates (the visitor scrolled while the scripts loaded, which start after the first paint, or
 * the browser restored a position or followed a #fragment) watches the view at once: the scroll
 * that brought an island into view came before this listener.
 */
function onApproach(wrapper: HTMLElement, run: () => void): () => void {
	let observer: IntersectionObserver | undefined
	const stop = () => {
		for (const type of APPROACH_EVENTS) wrapper.removeEventListener(type, go, true)
		window.removeEventListener('scroll', watchView)
		observer?.disconnect()
	}
	function go() {
		stop()
		run()
	}
	function watchView() {
		if (observer || typeof IntersectionObserver !== 'function') return
		observer = new IntersectionObserver((entries) => {
			if (entries.some((entry) => entry.isIntersecting)) go()
		})
		// The wrapper has no box of its own: its children have.
		for (const child of wrapper.children) observer.observe(child)
	}
	for (const type of APPROACH_EVENTS)
		wrapper.addEventListener(type, go, { capture: true, passive: true })
	window.addEventListener('scroll', watchView, { once: true, passive: true })
	if (window.scrollX !== 0 || window.scrollY !== 0) watchView()
	return stop
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const

/** Calls `run` at the visitor's first click, tap or key press anywhere on the page. */
function onFirstInteraction(run: () => void): () => void {
	const stop = () => {
		for (const type of INTERACTIONS) window.removeEventListener(type, go, true)
	}
	function go() {
		stop()
		run()
	}
	for (const type of INTERACTIONS)
		window.addEventListener(type, go, { capture: true, passive: true })
	return stop
}
