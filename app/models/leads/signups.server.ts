/**
 * What the sign-up forms do with values the route has parsed (docs/decisions/062, 065): spend
 * the form's token (one submission per token, docs/decisions/137), store once, e-mail. A model
 * knows no form library: a refusal of valid values comes back as plain messages, for the form
 * or for a field, so that the route's reply shows them where a schema's own messages appear,
 * with the visitor's values kept. The routes turn an outcome into a response and set the cookies.
 */
import type { Db } from '~/db/client.server'
import type { AttributionFacts } from '~/domain/attribution'
import type { Locale } from '~/domain/locale'
import { MESSAGES } from '~/forms/messages'
import type { LeadList, SignupList } from '~/forms/names'
import type { FormValue } from '~/forms/registry'
import { type SessionProblem, WorkshopSessionError } from '~/models/events/sessions.server'
import { spendFormToken, submissionFingerprint } from './form-tokens.server'
import { LIST_DESTINATIONS, saveLead, saveSurveyResponse, signUp } from './leads.server'
import { applyProfileData, type Profile } from './profile'

/** Valid values the model will not take, with what to tell the visitor and where. */
type SignupRefusal = {
	status: 'refused'
	formErrors?: string[]
	fieldErrors?: Record<string, string[]>
}

export type SignupOutcome<Extra = unknown> =
	| SignupRefusal
	| ({ status: 'ok'; redirectTo: string } & Extra)

/**
 * Whether the submission of `form` for `email` may go on with the page's token (decision 137):
 * its first use or the same submission again. No token: not sent from a page (tests, tools).
 */
export async function mayUseFormToken(
	db: Db,
	formToken: string | undefined,
	form: string,
	email: string,
): Promise<boolean> {
	if (formToken === undefined) return true
	return spendFormToken(db, { token: formToken, fingerprint: submissionFingerprint(form, email) })
}

/** The form's message when its token was used for another address; the values stay as sent. */
const alreadySent: SignupRefusal = { status: 'refused', formErrors: [MESSAGES.formAlreadySent] }

/**
 * Workshop, day event (e-mail and optional first name) and course interest (e-mail only): the
 * workshop form's value covers the other two.
 */
export async function submitSignup(
	db: Db,
	input: {
		value: FormValue<'workshopSignup'>
		list: SignupList
		attribution: AttributionFacts
		origin: string
		/** The visitor's address: its network's share of unconfirmed workshop places (decision 131). */
		clientIp?: string
		/** The page's honeypot token, checked by the route: good for one submission (decision 137). */
		formToken?: string
		/** The language of the page signed up on (decision 173): stored, the e-mails' language. */
		locale?: Locale
	},
): Promise<SignupOutcome> {
	const { value, list, attribution, origin, clientIp, locale } = input
	if (!(await mayUseFormToken(db, input.formToken, `signup:${list}`, value.email)))
		return alreadySent
	try {
		const lead = await signUp(db, {
			email: value.email,
			list,
			firstName: value.firstName,
			attribution,
			origin,
			workshopSession: value.session,
			clientIp,
			locale,
		})
		return { status: 'ok', redirectTo: destinationOf(list, lead.workshopSession) }
	} catch (error) {
		// A session that does not exist, has begun or is full: said next to the session field,
		// the rest of the form kept as sent (docs/decisions/110).
		if (!(error instanceof WorkshopSessionError)) throw error
		return { status: 'refused', fieldErrors: { session: [SESSION_MESSAGES[error.problem]] } }
	}
}

const SESSION_MESSAGES: Record<SessionProblem, string> = {
	unknown: MESSAGES.workshopSessionUnknown,
	begun: MESSAGES.workshopSessionBegun,
	full: MESSAGES.workshopSessionFull,
	none: MESSAGES.workshopSessionNone,
}

/** A session's problem as the visitor reads it (the form, a one-click link's page). */
export function sessionMessage(problem: SessionProblem): string {
	return SESSION_MESSAGES[problem]
}

/** Where a sign-up lands: a workshop sign-up's page names its session. */
export function destinationOf(list: SignupList | LeadList, session: string | null): string {
	const page = LIST_DESTINATIONS[list]
	return list === 'workshop' && session ? `${page}?session=${encodeURIComponent(session)}` : page
}

/**
 * The profile form (SPEC §5): the same rules, messages and name normalisation as the GitHub
 * sign-in, through applyProfileData, which refuses with the first message for the whole form.
 * A refused value stores nothing; empty fields are ignored. On success the route stores the
 * returned profile in the session.
 */
export async function submitProfile(
	db: Db,
	input: {
		value: FormValue<'onboarding'>
		current: Profile
		attribution: AttributionFacts
		/** The page's honeypot token (decision 137). */
		formToken?: string
	},
): Promise<SignupOutcome<{ profile: Profile }>> {
	const applied = applyProfileData(input.current, input.value)
	if (!applied.ok) return { status: 'refused', formErrors: [applied.message] }
	const { profile } = applied
	if (!(await mayUseFormToken(db, input.formToken, 'onboarding', profile.email))) return alreadySent
	if (profile.email) {
		await saveLead(db, {
			email: profile.email,
			list: 'onboarding',
			firstName: profile.firstName,
			lastName: profile.lastName,
			avatarUrl: profile.avatar,
			attribution: input.attribution,
		})
	}
	return { status: 'ok', redirectTo: LIST_DESTINATIONS.onboarding, profile }
}

/** The insiders survey: the answers, and the insider joins the `insiders_survey` list. */
export async function submitSurvey(
	db: Db,
	input: {
		value: FormValue<'survey'>
		attribution: AttributionFacts
		/** The page's honeypot token (decision 137). */
		formToken?: string
	},
): Promise<SignupOutcome> {
	if (!(await mayUseFormToken(db, input.formToken, 'survey', input.value.email))) return alreadySent
	await saveSurveyResponse(db, input.value, input.attribution)
	return { status: 'ok', redirectTo: LIST_DESTINATIONS.insiders_survey }
}
