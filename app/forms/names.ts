/**
 * Names shared by the forms, the server and the analytics, defined once (docs/decisions/065):
 * the sign-up lists (also the `list` key of the analytics sign-up event) and which form each
 * list uses. The analytics event names live with the page-view recorder
 * (app/components/analytics.tsx), which is in the first load.
 */
import type { FormName } from './registry'

/** Sign-up lists (docs/decisions/062): one lead per e-mail address and list. */
export const LEAD_LISTS = [
	'course',
	'workshop',
	'day_event',
	'onboarding',
	'insiders_survey',
] as const
export type LeadList = (typeof LEAD_LISTS)[number]

/**
 * The lists a sign-up form adds to, and its form: course interest asks for the e-mail only, the
 * workshop for a session too.
 */
export const SIGNUP_FORMS = {
	course: 'interest',
	workshop: 'workshopSignup',
	day_event: 'signup',
} as const satisfies Partial<Record<LeadList, FormName>>
export type SignupList = keyof typeof SIGNUP_FORMS
