/**
 * The sign-up routes' side of a submission (docs/decisions/063, 065): read the form (the body
 * must be a form and its honeypot untouched, else a 400 is thrown and nothing is stored) and
 * what the request says about the visitor, then hand plain values to the model
 * (app/models/signups.server.ts). The route turns the outcome into a response and sets cookies.
 *
 * One module for these routes on purpose: every `.server` import a route makes stays in its
 * browser bundle as an empty module, and the first load of `/` has no bytes to spare
 * (docs/decisions/004).
 */
import { type AppLoadContext, json } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import type { SignupList } from '~/forms/names'
import { getAttribution } from '~/http/attribution.server'
import { checkHoneypot } from '~/http/honeypot.server'
import { redirectWithinSite } from '~/http/redirect'
import { getProfile } from '~/http/session.server'
import { EMPTY_PROFILE } from '~/models/profile'
import {
	type FormOutcome,
	submitProfile,
	submitSignup,
	submitSurvey,
} from '~/models/signups.server'
import { readForm } from '~/utils/responses'

/** The form, and its honeypot token for the model to spend (one submission, decision 137). */
async function readHumanForm(request: Request): Promise<{ formData: FormData; formToken: string }> {
	const formData = await readForm(request)
	return { formData, formToken: checkHoneypot(formData) }
}

export async function submitSignupForm(
	request: Request,
	context: AppLoadContext,
	list: SignupList,
) {
	return submitSignup(await getDb(), {
		...(await readHumanForm(request)),
		list,
		attribution: getAttribution(request, context.origin),
		origin: context.origin,
		clientIp: context.clientIp,
	})
}

export async function submitProfileForm(request: Request, context: AppLoadContext) {
	const form = await readHumanForm(request)
	return submitProfile(await getDb(), {
		...form,
		current: (await getProfile(request, context)) ?? EMPTY_PROFILE,
		attribution: getAttribution(request, context.origin),
	})
}

export async function submitSurveyForm(request: Request, context: AppLoadContext) {
	return submitSurvey(await getDb(), {
		...(await readHumanForm(request)),
		attribution: getAttribution(request, context.origin),
	})
}

/**
 * A sign-up form's response: 400 with the form's errors (shown next to the fields, with or
 * without JavaScript), or on to the next page, setting `setCookie` on the way.
 */
export function signupResponse(outcome: FormOutcome, setCookie?: string) {
	if (outcome.status === 'invalid') return json(outcome.reply, { status: 400 })
	return redirectWithinSite(
		outcome.redirectTo,
		'/',
		setCookie ? { headers: { 'Set-Cookie': setCookie } } : {},
	)
}
