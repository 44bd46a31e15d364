/**
 * /admin/step-up: the owner confirms with a second factor (docs/decisions/136) — a code from
 * their authenticator app (no JavaScript needed) or a passkey — before what cannot be undone.
 * A confirmation covers this session for OWNER_STEP_UP_SECONDS; then the refused post resumes
 * with its fields (307: the browser posts them again) or the page asked for opens (303). Wrong
 * codes are limited per owner and each try is in the audit log.
 */
import {
	type ActionFunctionArgs,
	data,
	type HeadersFunction,
	type LoaderFunctionArgs,
	redirect,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { StepUpForm } from '~/components/admin/step-up-form'
import { adminMeta } from '~/components/admin/ui'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { STEP_UP_FIELD_PREFIX } from '~/domain/step-up'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { adminReturnPath, grantStepUp, stepUpPrompt } from '~/http/step-up.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { spendPasskey } from '~/models/owner-access/passkeys.server'
import { type CodeOutcome, spendTotpCode } from '~/models/owner-access/totp.server'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Confirm it’s you')
// A refusal's Retry-After (too many wrong codes) must reach the browser with the page.
export const headers: HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { ...ADMIN_HEADERS, 'Retry-After': retryAfter } : ADMIN_HEADERS
}

export async function loader({ request, context }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	const returnTo = adminReturnPath(new URL(request.url).searchParams.get('returnTo'))
	return data(
		{ stepUp: await stepUpPrompt(owner, { returnTo, resume: 'get', fields: [] }) },
		{ headers: ADMIN_HEADERS },
	)
}

const REFUSALS: Record<Exclude<CodeOutcome, { ok: true }>['reason'] | 'passkey', string> = {
	wrong: 'That code is not right, or was used already: type the code your app shows now.',
	none: 'Set up an authenticator app on the Security page first.',
	limited: 'Too many wrong codes: wait a few minutes, then try again.',
	passkey: 'The passkey’s answer did not check out: try again.',
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text)
	} catch {
		return null
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const form = await readForm(request)
	const returnTo = adminReturnPath(form.get('stepUpReturn'))
	const resume = form.get('stepUpResume') === 'post' ? 'post' : 'get'
	const fields: [string, string][] = []
	for (const [name, value] of form.entries())
		if (typeof value === 'string' && !name.startsWith(STEP_UP_FIELD_PREFIX))
			fields.push([name, value])
	const db = await getDb()
	const passkey = form.get('stepUpPasskey')
	const code = form.get('stepUpCode')
	const factor = typeof passkey === 'string' && passkey !== '' ? 'passkey' : 'totp'
	const outcome: CodeOutcome | { ok: false; reason: 'passkey' } =
		factor === 'passkey'
			? (await spendPasskey(
					db,
					owner,
					{ origin: context.origin, secret: getConfig().SESSION_SECRET },
					parseJson(String(passkey)) as Parameters<typeof spendPasskey>[3],
				))
				? { ok: true }
				: { ok: false, reason: 'passkey' }
			: await spendTotpCode(db, owner, typeof code === 'string' ? code : '', { pending: false })
	await recordOwnerAction(db, {
		actor: owner.name,
		action: outcome.ok ? 'step-up' : 'step-up-refused',
		target: `github:${owner.githubId}`,
		after: { factor, ...(outcome.ok ? {} : { reason: outcome.reason }) },
	})
	if (!outcome.ok) {
		const prompt = await stepUpPrompt(owner, { returnTo, resume, fields }, REFUSALS[outcome.reason])
		return data(
			{ stepUp: prompt },
			{
				status: outcome.reason === 'limited' ? 429 : 400,
				headers: {
					...ADMIN_HEADERS,
					...(outcome.reason === 'limited'
						? { 'Retry-After': String(outcome.retryAfterSeconds) }
						: {}),
				},
			},
		)
	}
	// 307 keeps the method and body: the refused post is sent again, now confirmed.
	return redirect(returnTo, {
		status: resume === 'post' ? 307 : 303,
		headers: { ...ADMIN_HEADERS, 'Set-Cookie': await grantStepUp(request, context, owner) },
	})
}

export default function AdminStepUp() {
	const { stepUp } = useLoaderData<typeof loader>()
	const refused = useActionData<typeof action>()
	return <StepUpForm prompt={refused?.stepUp ?? stepUp} />
}
