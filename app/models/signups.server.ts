/**
 * What the sign-up forms do once the route has read the form and checked its honeypot
 * (docs/decisions/062, 065): validate with the form's schema (the one the browser validates
 * with), spend the form's token (one submission per token, docs/decisions/137), store once,
 * e-mail. Each returns what happened: `invalid` with conform's reply for
 * the form, or `ok` with where the visitor goes next. The routes turn that into a response and
 * set the cookies.
 */
import type { SubmissionResult } from '@conform-to/react'
import type { Db } from '~/db/client.server'
import type { AttributionFacts } from '~/domain/attribution'
import { MESSAGES } from '~/forms/messages'
import { type LeadList, SIGNUP_FORMS, type SignupList } from '~/forms/names'
import { parseForm } from '~/forms/parse.server'
import { spendFormToken, submissionFingerprint } from './form-tokens.server'
import { LIST_DESTINATIONS, saveLead, saveSurveyResponse, signUp } from './leads.server'
import { applyProfileData, type Profile } from './profile'
import { type SessionProblem, WorkshopSessionError } from './workshop-sessions.server'

export type FormOutcome<Extra = unknown> =
	| { status: 'invalid'; reply: SubmissionResult<string[]> }
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
const alreadySent = { formErrors: [MESSAGES.formAlreadySent] }

/** Workshop, day event (e-mail and optional first name) and course interest (e-mail only). */
export async function submitSignup(
	db: Db,
	input: {
		formData: FormData
		list: SignupList
		attribution: AttributionFacts
		origin: string
		/** The visitor's address: its network's share of unconfirmed workshop places (decision 131). */
		clientIp?: string
		/** The page's honeypot token, checked by the route: good for one submission (decision 137). */
		formToken?: string
	},
): Promise<FormOutcome> {
	const { formData, list, attribution, origin, clientIp } = input
	const submission = parseForm(SIGNUP_FORMS[list], formData)
	if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
	const value: { email: string; firstName?: string; session?: string } = submission.value
	if (!(await mayUseFormToken(db, input.formToken, `signup:${list}`, value.email)))
		return { status: 'invalid', reply: submission.reply(alreadySent) }
	try {
		const lead = await signUp(db, {
			email: value.email,
			list,
			firstName: value.firstName,
			attribution,
			origin,
			workshopSession: value.session,
			clientIp,
		})
		return { status: 'ok', redirectTo: destinationOf(list, lead.workshopSession) }
	} catch (error) {
		// A session that does not exist, has begun or is full: said next to the session field,
		// the rest of the form kept as sent (docs/decisions/110).
		if (!(error instanceof WorkshopSessionError)) throw error
		return {
			status: 'invalid',
			reply: submission.reply({ fieldErrors: { session: [SESSION_MESSAGES[error.problem]] } }),
		}
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
 * sign-in, through applyProfileData. An invalid value stores nothing; empty fields are ignored.
 * On success the route stores the returned profile in the session.
 */
export async function submitProfile(
	db: Db,
	input: {
		formData: FormData
		current: Profile
		attribution: AttributionFacts
		/** The page's honeypot token (decision 137). */
		formToken?: string
	},
): Promise<FormOutcome<{ profile: Profile }>> {
	const submission = parseForm('onboarding', input.formData)
	if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
	const applied = applyProfileData(input.current, submission.value)
	if (!applied.ok)
		return { status: 'invalid', reply: submission.reply({ formErrors: [applied.message] }) }
	const { profile } = applied
	if (!(await mayUseFormToken(db, input.formToken, 'onboarding', profile.email)))
		return { status: 'invalid', reply: submission.reply(alreadySent) }
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
		formData: FormData
		attribution: AttributionFacts
		/** The page's honeypot token (decision 137). */
		formToken?: string
	},
): Promise<FormOutcome> {
	const submission = parseForm('survey', input.formData)
	if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
	if (!(await mayUseFormToken(db, input.formToken, 'survey', submission.value.email)))
		return { status: 'invalid', reply: submission.reply(alreadySent) }
	await saveSurveyResponse(db, submission.value, input.attribution)
	return { status: 'ok', redirectTo: LIST_DESTINATIONS.insiders_survey }
}
