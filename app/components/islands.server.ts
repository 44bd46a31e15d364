// The real island components for server rendering; empty in the browser build (see deferred.tsx).
export { CheckoutForm } from './checkout-form'
export { CourseOffer } from './course-offer'
export { ErrorPage } from './error-page'
export { EventDate } from './event-date'
export { People, Testimonials } from './landing/people'
export { ParticleBackground } from './particles/particle-background'
export { OneClickSignup, SignupForm } from './signup-form'
