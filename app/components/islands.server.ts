/**
 * The islands' own components, for the server's render (islands.tsx, deferred.tsx). Only
 * entry.server.tsx imports this module: in the browser an island's code is reachable only
 * through its `import()`, so the build keeps it out of every page's static graph and the site's
 * first-load code can be one chunk (docs/decisions/126).
 */
import { CheckoutForm } from './checkout-form'
import { CourseOffer } from './course-offer'
import { ErrorPage } from './error-page'
import { EventDate } from './event-date'
import { ParticleBackground } from './particles/particle-background'
import { PreviewBar } from './preview-bar'
import { OneClickSignup, SignupForm } from './signup-form'
import { Toaster } from './toaster'
import { WaitlistForm } from './waitlist-form'

export const islandComponents = {
	CheckoutForm,
	CourseOffer,
	ErrorPage,
	EventDate,
	OneClickSignup,
	ParticleBackground,
	PreviewBar,
	SignupForm,
	Toaster,
	WaitlistForm,
}
