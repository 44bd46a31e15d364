/**
 * The parts of the landing pages whose code the browser loads apart from the page's
 * (docs/decisions/141): the forms (conform and the validators), the course sections, people and
 * testimonials, and the footer. Each is React's `lazy` inside its own `Suspense` boundary.
 * - The server renders each part in full: entry.server.tsx sends a page once every boundary is
 *   ready, so the part is in the HTML itself and works without JavaScript.
 * - In the browser the page's first hydration leaves the parts out: React keeps a part's server
 *   HTML while its code loads (selective hydration). The code is requested once the page has
 *   loaded and the browser is idle (at most a second later), never on a sign from the visitor,
 *   and the part hydrates when it arrives. Until then a form submits natively (the route's
 *   action answers it, as with JavaScript off) and a link is a document load.
 * - A navigation or revalidation that re-renders a part still loading waits for it; its code is
 *   on its way by then, so that wait has an end.
 * - A part first rendered after the first hydration (a client-side navigation) loads at once.
 * The wrapper's `data-loaded` says whether the part has hydrated (what tests wait for).
 * A page that is a form (/waitlist, /onboarding) imports its form itself: it hydrates with it.
 */
import { type ComponentType, lazy, memo, Suspense, useEffect, useState } from 'react'
import { afterLoadWhenIdle } from './hydration'

export const SignupForm = loadedApart(() =>
	import('./signup-form').then((module) => module.SignupForm),
)
// On a signed sign-up link, where it submits itself once hydrated (SPEC §2).
export const OneClickSignup = loadedApart(() =>
	import('./signup-form').then((module) => module.OneClickSignup),
)
export const CheckoutForm = loadedApart(() =>
	import('./checkout-form').then((module) => module.CheckoutForm),
)
// A sold-out product's buy form (docs/decisions/120).
export const WaitlistForm = loadedApart(() =>
	import('./waitlist-form').then((module) => module.WaitlistForm),
)
// The course's prices, region switch and buy form.
export const CourseOffer = loadedApart(() =>
	import('./course-offer').then((module) => module.CourseOffer),
)
export const Outcomes = loadedApart(() =>
	import('./landing/course-sections').then((module) => module.Outcomes),
)
export const Curriculum = loadedApart(() =>
	import('./landing/course-sections').then((module) => module.Curriculum),
)
export const Audience = loadedApart(() =>
	import('./landing/course-sections').then((module) => module.Audience),
)
export const Included = loadedApart(() =>
	import('./landing/course-sections').then((module) => module.Included),
)
export const Faq = loadedApart(() =>
	import('./landing/course-sections').then((module) => module.Faq),
)
export const People = loadedApart(() => import('./landing/people').then((module) => module.People))
export const Testimonials = loadedApart(() =>
	import('./landing/people').then((module) => module.Testimonials),
)
export const SiteFooter = loadedApart(() =>
	import('./site-footer').then((module) => module.SiteFooter),
)

/** Resolves once the page has loaded and the browser is idle; at once after the first hydration. */
function wanted(): Promise<void> {
	if (import.meta.env.SSR || document.documentElement.dataset.hydrated === 'true')
		return Promise.resolve()
	return new Promise((resolve) => afterLoadWhenIdle(resolve))
}

function loadedApart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
	// Typed as the loaded component: `lazy` adds a ref prop these components do not take.
	const Lazy = lazy(async () => {
		await wanted()
		return { default: await load() }
	}) as unknown as ComponentType<P>
	// biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level
	function LoadedApart(props: P) {
		const [loaded, setLoaded] = useState(false)
		return (
			// A box-less wrapper, in the server's HTML and the browser's alike.
			<div data-loaded={loaded ? 'true' : 'false'} style={{ display: 'contents' }}>
				<Suspense fallback={null}>
					<Lazy {...props} />
					<Mounted onMount={() => setLoaded(true)} />
				</Suspense>
			</div>
		)
	}
	// A part still loading must not be re-rendered with props equal to its last ones: React
	// cannot hydrate it first (its code is not here yet), so it would throw the server's HTML
	// away and render the fallback (React error #421). A layout that re-renders on every
	// keystroke of a form beside the part (a page's own form state) must leave the part alone.
	return memo(LoadedApart) as unknown as ComponentType<P>
}

/** Calls `onMount` once the boundary it sits in has rendered in the browser. */
function Mounted({ onMount }: { onMount: () => void }) {
	// biome-ignore lint/correctness/useExhaustiveDependencies: once, when the boundary commits
	useEffect(onMount, [])
	return null
}
