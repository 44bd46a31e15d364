/**
 * Step-up before what cannot be undone (docs/decisions/136, ASVS 5.0 6.3.3 and 7.5.1): refunds,
 * erasing a person, sends to many, opening the course and coupon changes run only within a few
 * minutes (OWNER_STEP_UP_SECONDS) of the owner confirming with a second factor, in this
 * session. Without that, the action's POST changes nothing and answers 403 with the step-up form
 * (rendered by the dashboard's error boundary), which carries the post's fields: confirming
 * resumes the same post (a 307 from /admin/step-up), with JavaScript or without.
 */
import { type AppLoadContext, data } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import {
	parseStepUpGrant,
	STEP_UP_FIELD_PREFIX,
	type StepUpPrompt,
	stepUpGrant,
	stepUpHolds,
} from '~/domain/step-up'
import { hasPasskey } from '~/models/owner-access/passkeys.server'
import { hasTotp } from '~/models/owner-access/totp.server'
import { ADMIN_HEADERS, type Owner } from './owner.server'
import { sameSitePath } from './redirect'
import { commitSession, getSession } from './session.server'

/** Whether this session's owner confirmed a second factor recently enough. */
async function hasFreshStepUp(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
	owner: Owner,
	now = Date.now(),
): Promise<boolean> {
	const session = await getSession(request, context)
	return stepUpHolds(parseStepUpGrant(session.get('stepUp')), owner, now)
}

/** The step-up form for `owner`, resuming at `returnTo`. */
export async function stepUpPrompt(
	owner: Owner,
	resume: Pick<StepUpPrompt, 'returnTo' | 'resume' | 'fields'>,
	error: string | null = null,
): Promise<StepUpPrompt> {
	const db = await getDb()
	const [totp, passkey] = await Promise.all([hasTotp(db, owner), hasPasskey(db, owner)])
	return { ...resume, factors: { totp, passkey }, error }
}

/** An admin path to come back to, or the overview. */
export function adminReturnPath(value: unknown): string {
	const path = sameSitePath(value, '/admin')
	return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?')
		? path
		: '/admin'
}

/**
 * Where a refused post resumes: its page's URL, not single fetch's data request for it (Remix
 * hands actions the URL without `.data`; `_routes` names loaders to run), and its text fields.
 */
function resumeOf(
	request: Request,
	form: FormData,
): Pick<StepUpPrompt, 'returnTo' | 'resume' | 'fields'> {
	const url = new URL(request.url)
	url.pathname = url.pathname.replace(/\.data$/, '')
	url.searchParams.delete('_routes')
	const fields: [string, string][] = []
	for (const [name, value] of form.entries())
		if (typeof value === 'string' && !name.startsWith(STEP_UP_FIELD_PREFIX))
			fields.push([name, value])
	return { returnTo: adminReturnPath(`${url.pathname}${url.search}`), resume: 'post', fields }
}

/**
 * Throws the step-up form (403) unless the owner confirmed a second factor within
 * OWNER_STEP_UP_SECONDS in this session. Call before anything changes.
 */
export async function requireStepUp(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
	owner: Owner,
	form: FormData,
): Promise<void> {
	if (await hasFreshStepUp(request, context, owner)) return
	throw data(
		{ stepUp: await stepUpPrompt(owner, resumeOf(request, form)) },
		{ status: 403, headers: ADMIN_HEADERS },
	)
}

/** The Set-Cookie header value remembering a confirmation made now, for this session. */
export async function grantStepUp(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
	owner: Owner,
	now = Date.now(),
): Promise<string> {
	const session = await getSession(request, context)
	session.set('stepUp', stepUpGrant(owner, now, getConfig().OWNER_STEP_UP_SECONDS))
	return commitSession(session, context)
}
