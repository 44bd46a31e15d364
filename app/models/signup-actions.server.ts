/**
 * The actions of the sign-up forms (workshop, day event, course interest, onboarding, survey):
 * honeypot, one schema (the same the browser validates with, app/models/signup-forms.ts),
 * store once, e-mail, flag cookie, redirect. Kept in a .server module so that route bundles
 * never import the schemas (and zod) for the browser's first load.
 */
import { parseWithZod } from '@conform-to/zod'
import { type AppLoadContext, json, redirect } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import type { LeadList } from '~/db/schema-leads.server'
import { signedUpCookie } from '~/utils/cookies.server'
import { checkHoneypot } from '~/utils/honeypot.server'
import { readForm } from '~/utils/http'
import { getProfile, storeProfile } from '~/utils/session.server'
import { getAttribution } from './attribution.server'
import { LIST_DESTINATIONS, saveLead, saveSurveyResponse, signUp } from './leads.server'
import { applyProfileData, EMPTY_PROFILE, hasProfile, type Profile } from './profile'
import { interestSchema, onboardingSchema, signupSchema, surveySchema } from './signup-forms'

type ActionArgs = { request: Request; context: AppLoadContext }

const schemas = { signup: signupSchema, interest: interestSchema }

export async function handleSignupForm({
	request,
	context,
	list,
	schema,
}: ActionArgs & {
	list: Exclude<LeadList, 'onboarding' | 'insiders_survey'>
	schema: keyof typeof schemas
}) {
	const formData = await readForm(request)
	checkHoneypot(formData)
	const submission = parseWithZod(formData, { schema: schemas[schema] })
	if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
	const value = submission.value as { email: string; firstName?: string }
	await signUp(await getDb(), {
		email: value.email,
		list,
		firstName: value.firstName,
		attribution: getAttribution(request, context.origin),
		origin: context.origin,
	})
	const headers = new Headers()
	if (list === 'workshop' || list === 'day_event')
		headers.append('Set-Cookie', signedUpCookie(list, context))
	return redirect(LIST_DESTINATIONS[list], { headers })
}

/** The visitor's stored profile, or null when nothing is known yet. */
export async function loadProfile(
	request: Request,
	context: AppLoadContext,
): Promise<Profile | null> {
	const profile = await getProfile(request, context)
	return hasProfile(profile) ? profile : null
}

/**
 * The profile form (SPEC §5): the same rules, messages and name normalisation as the GitHub
 * sign-in, through applyProfileData. An invalid value stores nothing; empty fields are ignored.
 */
export async function handleOnboardingForm({ request, context }: ActionArgs) {
	const formData = await readForm(request)
	checkHoneypot(formData)
	const submission = parseWithZod(formData, { schema: onboardingSchema })
	if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
	const current = (await getProfile(request, context)) ?? EMPTY_PROFILE
	const applied = applyProfileData(current, submission.value)
	if (!applied.ok) return json(submission.reply({ formErrors: [applied.message] }), { status: 400 })
	const { profile } = applied
	if (profile.email) {
		await saveLead(await getDb(), {
			email: profile.email,
			list: 'onboarding',
			firstName: profile.firstName,
			lastName: profile.lastName,
			avatarUrl: profile.avatar,
			attribution: getAttribution(request, context.origin),
		})
	}
	return redirect('/onboarding?saved=1', {
		headers: { 'Set-Cookie': await storeProfile(request, context, profile) },
	})
}

export async function handleSurveyForm({ request, context }: ActionArgs) {
	const formData = await readForm(request)
	checkHoneypot(formData)
	const submission = parseWithZod(formData, { schema: surveySchema })
	if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
	await saveSurveyResponse(await getDb(), submission.value, getAttribution(request, context.origin))
	return redirect('/post-insiders-survey?thanks=1')
}
