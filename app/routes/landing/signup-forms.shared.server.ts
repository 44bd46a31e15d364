/**
 * The sign-up routes' side of a submission (docs/decisions/063, 065): read the form (the body
 * must be a form and its honeypot untouched, else a 400 is thrown and nothing is stored), parse
 * it with the form's schema, the one the browser validates with, and hand the value and what the
 * request says about the visitor to the model (app/models/leads/signups.server.ts). An invalid form
 * never reaches the model. A model's refusal comes back as the same conform reply as a schema's
 * messages, so it is shown beside the form or its field, with or without JavaScript, and the
 * visitor's values are kept. The route turns the outcome into a response and sets cookies.
 *
 * One module for the sign-up routes because they read, check and answer alike, not to save
 * bytes: the Vite build leaves a route's `.server` imports out of its browser bundle.
 */
import type { Submission, SubmissionResult } from '@conform-to/react'
import { type AppLoadContext, data } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { SIGNUP_FORMS, type SignupList } from '~/forms/names'
import { parseForm } from '~/forms/parse.server'
import { getAttribution } from '~/http/attribution.server'
import { checkHoneypot } from '~/http/honeypot.server'
import { redirectWithinSite } from '~/http/redirect'
import { getProfile } from '~/http/session.server'
import { EMPTY_PROFILE, type Profile } from '~/models/leads/profile'
import {
	type SignupOutcome,
	submitProfile,
	submitSignup,
	submitSurvey,
} from '~/models/leads/signups.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { readForm } from '~/utils/responses'

type FormOutcome<Extra = unknown> =
	| { status: 'invalid'; reply: SubmissionResult<string[]> }
	| ({ status: 'ok'; redirectTo: string } & Extra)

/** The form, and its honeypot token for the model to spend (one submission, decision 137). */
async function readHumanForm(request: Request): Promise<{ formData: FormData; formToken: string }> {
	const formData = await readForm(request)
	return { formData, formToken: checkHoneypot(formData) }
}

/** What the model said, in the form's terms: a refusal is replied to like invalid values. */
function answerOf<Extra>(
	submission: Pick<Submission<unknown>, 'reply'>,
	outcome: SignupOutcome<Extra>,
): FormOutcome<Extra> {
	if (outcome.status !== 'refused') return outcome
	const { formErrors, fieldErrors } = outcome
	return { status: 'invalid', reply: submission.reply({ formErrors, fieldErrors }) }
}

export async function submitSignupForm(
	request: Request,
	context: AppLoadContext,
	list: SignupList,
): Promise<FormOutcome> {
	const { formData, formToken } = await readHumanForm(request)
	const submission = parseForm(SIGNUP_FORMS[list], formData)
	if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
	// The page's language is the sign-up's: stored for its e-mails, kept for the answer page.
	const locale = localeOfPath(new URL(request.url).pathname)
	const outcome = await submitSignup(await getDb(), {
		value: submission.value,
		list,
		attribution: getAttribution(request, context.origin),
		origin: context.origin,
		clientIp: context.clientIp,
		formToken,
		locale,
	})
	return inPageLocale(request, answerOf(submission, outcome))
}

export async function submitProfileForm(
	request: Request,
	context: AppLoadContext,
): Promise<FormOutcome<{ profile: Profile }>> {
	const { formData, formToken } = await readHumanForm(request)
	const submission = parseForm('onboarding', formData)
	if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
	const outcome = await submitProfile(await getDb(), {
		value: submission.value,
		current: (await getProfile(request, context)) ?? EMPTY_PROFILE,
		attribution: getAttribution(request, context.origin),
		formToken,
	})
	return inPageLocale(request, answerOf(submission, outcome))
}

export async function submitSurveyForm(
	request: Request,
	context: AppLoadContext,
): Promise<FormOutcome> {
	const { formData, formToken } = await readHumanForm(request)
	const submission = parseForm('survey', formData)
	if (submission.status !== 'success') return { status: 'invalid', reply: submission.reply() }
	const outcome = await submitSurvey(await getDb(), {
		value: submission.value,
		attribution: getAttribution(request, context.origin),
		formToken,
	})
	return inPageLocale(request, answerOf(submission, outcome))
}

/** The next page in the language of the page the form was sent from (decision 178). */
function inPageLocale<Extra>(request: Request, answer: FormOutcome<Extra>): FormOutcome<Extra> {
	if (answer.status !== 'ok') return answer
	const locale = localeOfPath(new URL(request.url).pathname)
	return { ...answer, redirectTo: localePath(answer.redirectTo, locale) }
}

/**
 * A sign-up form's response: 400 with the form's errors (shown next to the fields, with or
 * without JavaScript), or on to the next page, setting `setCookie` on the way.
 */
export function signupResponse(outcome: FormOutcome, setCookie?: string) {
	if (outcome.status === 'invalid') return data(outcome.reply, { status: 400 })
	return redirectWithinSite(
		outcome.redirectTo,
		'/',
		setCookie ? { headers: { 'Set-Cookie': setCookie } } : {},
	)
}
