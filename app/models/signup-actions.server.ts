/**
 * The action shared by the sign-up forms (workshop, day event, course interest): honeypot,
 * one schema (the same the browser validated with), store once, e-mail, flag cookie, redirect.
 */
import { parseWithZod } from '@conform-to/zod'
import { type AppLoadContext, json, redirect } from '@remix-run/node'
import type { z } from 'zod'
import { getDb } from '~/db/client.server'
import type { LeadList } from '~/db/schema-leads.server'
import { checkHoneypot } from '~/utils/honeypot.server'
import { signedUpCookie } from '~/utils/signup-flags.server'
import { getAttribution } from './attribution.server'
import { LIST_DESTINATIONS, signUp } from './leads.server'

export async function handleSignupForm({
	request,
	context,
	list,
	schema,
}: {
	request: Request
	context: AppLoadContext
	list: Exclude<LeadList, 'onboarding' | 'insiders_survey'>
	schema: z.ZodType<{ email: string; firstName?: string }>
}) {
	const formData = await request.formData()
	checkHoneypot(formData)
	const submission = parseWithZod(formData, { schema })
	if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
	await signUp(await getDb(), {
		email: submission.value.email,
		list,
		firstName: submission.value.firstName,
		attribution: getAttribution(request, context.origin),
		origin: context.origin,
	})
	const headers = new Headers()
	if (list === 'workshop' || list === 'day_event')
		headers.append('Set-Cookie', signedUpCookie(list, context))
	return redirect(LIST_DESTINATIONS[list], { headers })
}
