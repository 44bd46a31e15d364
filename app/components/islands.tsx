/**
 * Interactive parts of the landing pages as deferred islands: server-rendered (they work without
 * JavaScript), their code (conform, validators, the API client) loaded when the visitor reaches
 * for them or scrolls them into view (deferred.tsx).
 * Pages import forms, the pricing switch and the error page from here.
 */
import { deferred } from './deferred'

// The server renders each island's own component, by name (islands.server.ts); the browser
// reaches its module only through the `import()` (deferred.tsx).
export const CheckoutForm = deferred('CheckoutForm', () =>
	import('./checkout-form').then((module) => module.CheckoutForm),
)
// A sold-out product's buy form (docs/decisions/120).
export const WaitlistForm = deferred('WaitlistForm', () =>
	import('./waitlist-form').then((module) => module.WaitlistForm),
)
export const SignupForm = deferred('SignupForm', () =>
	import('./signup-form').then((module) => module.SignupForm),
)
// Only on a signed sign-up link, where it submits itself (SPEC §2): wanted as soon as possible.
export const OneClickSignup = deferred(
	'OneClickSignup',
	() => import('./signup-form').then((module) => module.OneClickSignup),
	'idle',
)
export const CourseOffer = deferred('CourseOffer', () =>
	import('./course-offer').then((module) => module.CourseOffer),
)
// Rarely shown, fully server-rendered, and its one button is a plain GET form.
export const ErrorPage = deferred('ErrorPage', () =>
	import('./error-page').then((module) => module.ErrorPage),
)
// Decoration: nothing to server-render. Its small loader comes as the page hydrates, so the
// background starts within 2 s of load (SPEC §2); the loader fetches three.js when the browser
// is idle, or on a phone at the first touch or after 4 s (decision 074).
export const ParticleBackground = deferred(
	'ParticleBackground',
	() => import('./particles/particle-background').then((module) => module.ParticleBackground),
	'hydrated',
)
// Only in preview mode (SPEC §2): its one control is a plain link.
export const PreviewBar = deferred('PreviewBar', () =>
	import('./preview-bar').then((module) => module.PreviewBar),
)
// The notifications region (SPEC §9) and its toast store: with a toast from the server's flash
// cookie, when idle (its countdown starts then); without one, at the visitor's first
// interaction, which is what raises a toast in the browser.
export const Toaster = deferred(
	'Toaster',
	() => import('./toaster').then((module) => module.Toaster),
	({ flash }) => (flash ? 'idle' : 'approach'),
)
// The visitor's own time zone is added to a date once its chunk is there (docs/decisions/086).
export const EventDate = deferred('EventDate', () =>
	import('./event-date').then((module) => module.EventDate),
)
