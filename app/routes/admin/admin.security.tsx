/**
 * /admin/security: the owner's second factors (docs/decisions/136), asked for before what cannot
 * be undone. A passkey (WebAuthn, needs JavaScript) or an authenticator app (TOTP: the secret
 * shown as text and as an otpauth:// URI to paste or type, confirmed with a first code; works
 * without JavaScript). The first factor needs only the owner's session; adding another once one
 * exists needs a fresh confirmation with an existing one, so a stolen session cannot add its own.
 * Confirming a new factor is itself a step-up.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useRef, useState } from 'react'
import { Time } from '~/components/admin/time'
import { AdminHeading, adminMeta } from '~/components/admin/ui'
import { Button } from '~/components/button'
import { buttonClasses } from '~/components/button-classes'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { adminReturnPath, grantStepUp, requireStepUp } from '~/http/step-up.server'
import { redirectWithToast } from '~/http/toast.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { hasPasskey, listPasskeys, registerPasskey } from '~/models/owner-access/passkeys.server'
import { hasTotp, spendTotpCode, totpSetUp } from '~/models/owner-access/totp.server'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Security')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	const url = new URL(request.url)
	const db = await getDb()
	const [totp, passkeys] = await Promise.all([hasTotp(db, owner), listPasskeys(db, owner)])
	const settingUp = url.searchParams.get('set-up') === 'totp'
	return data(
		{
			totp,
			passkeys: passkeys.map((passkey) => ({
				id: passkey.id,
				createdAt: passkey.createdAt.toISOString(),
				lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
			})),
			setUp: settingUp ? await totpSetUp(db, owner, false) : null,
			returnTo: url.searchParams.has('returnTo')
				? adminReturnPath(url.searchParams.get('returnTo'))
				: null,
		},
		{ headers: ADMIN_HEADERS },
	)
}

type Refusal = { field: 'code' | 'passkey'; message: string }

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const form = await readForm(request)
	const intent = form.get('intent')
	const db = await getDb()
	if (intent !== 'totp-confirm' && intent !== 'passkey-register')
		return data<Refusal>(
			{ field: 'code', message: 'Pick a form on this page.' },
			{ status: 400, headers: ADMIN_HEADERS },
		)
	// Once a factor exists, adding one is as irreversible as the rest: it needs a step-up.
	if ((await hasTotp(db, owner)) || (await hasPasskey(db, owner)))
		await requireStepUp(request, context, owner, form)
	let added: boolean
	if (intent === 'totp-confirm') {
		const code = form.get('code')
		const outcome = await spendTotpCode(db, owner, typeof code === 'string' ? code : '', {
			pending: true,
		})
		if (!outcome.ok)
			return data<Refusal>(
				{
					field: 'code',
					message:
						outcome.reason === 'limited'
							? 'Too many wrong codes: wait a few minutes, then try again.'
							: outcome.reason === 'none'
								? 'Start the set-up again: open “Set up an authenticator app”.'
								: 'That code is not right: type the code your app shows now.',
				},
				{ status: outcome.reason === 'limited' ? 429 : 400, headers: ADMIN_HEADERS },
			)
		added = true
	} else {
		const response = form.get('response')
		let parsed: unknown = null
		try {
			parsed = JSON.parse(typeof response === 'string' ? response : '')
		} catch {}
		added = await registerPasskey(
			db,
			owner,
			{ origin: context.origin, secret: getConfig().SESSION_SECRET },
			parsed as Parameters<typeof registerPasskey>[3],
		)
		if (!added)
			return data<Refusal>(
				{ field: 'passkey', message: 'The new passkey did not check out: try again.' },
				{ status: 400, headers: ADMIN_HEADERS },
			)
	}
	const kind = intent === 'totp-confirm' ? 'authenticator app' : 'passkey'
	await recordOwnerAction(db, {
		actor: owner.name,
		action: 'second-factor-added',
		target: `github:${owner.githubId}`,
		after: { factor: intent === 'totp-confirm' ? 'totp' : 'passkey' },
	})
	const returnTo = form.get('returnTo')
	return redirectWithToast(
		typeof returnTo === 'string' && returnTo ? adminReturnPath(returnTo) : '/admin/security',
		{ title: `Your ${kind} is set up`, type: 'success' },
		context,
		{
			status: 303,
			headers: { ...ADMIN_HEADERS, 'Set-Cookie': await grantStepUp(request, context, owner) },
		},
	)
}

const inputClasses =
	'mt-1 block w-40 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100'

function AddPasskey({ returnTo, refusal }: { returnTo: string | null; refusal: string | null }) {
	const form = useRef<HTMLFormElement>(null)
	const field = useRef<HTMLInputElement>(null)
	const [error, setError] = useState<string | null>(null)
	const add = async () => {
		setError(null)
		try {
			const { startRegistration } = await import('@simplewebauthn/browser')
			const options = await fetch('/admin/passkey-options?for=register').then((response) =>
				response.json(),
			)
			const answer = await startRegistration({ optionsJSON: options })
			if (field.current) field.current.value = JSON.stringify(answer)
			form.current?.submit()
		} catch {
			setError('No passkey was made. Try again, or set up an authenticator app.')
		}
	}
	const message = error ?? refusal
	return (
		<form ref={form} method="post" className="mt-2">
			<input type="hidden" name="intent" value="passkey-register" />
			<input ref={field} type="hidden" name="response" defaultValue="" />
			{returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
			<Button type="button" onClick={add}>
				Add a passkey
			</Button>
			<noscript>
				<p className="mt-1 text-sm">A passkey needs JavaScript; an authenticator app does not.</p>
			</noscript>
			{message ? (
				<p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
					{message}
				</p>
			) : null}
		</form>
	)
}

export default function AdminSecurity() {
	const { totp, passkeys, setUp, returnTo } = useLoaderData<typeof loader>()
	const refusal = useActionData<typeof action>()
	const back = returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''
	const codeError =
		refusal && 'field' in refusal && refusal.field === 'code' ? refusal.message : null
	return (
		<>
			<AdminHeading title="Security" />
			<p className="mb-6 max-w-prose">
				Refunds, erasing a person, messages to many people, opening the course and coupon changes
				cannot be undone: before them you confirm it is you with a second factor — a passkey, or a
				code from an authenticator app. One confirmation covers the next few minutes in this
				browser.
			</p>
			<section aria-labelledby="passkeys" className="mb-8">
				<h2 id="passkeys" className="font-semibold">
					Passkeys
				</h2>
				{passkeys.length === 0 ? (
					<p className="text-sm">None yet.</p>
				) : (
					<ul className="text-sm">
						{passkeys.map((passkey) => (
							<li key={passkey.id}>
								Added <Time value={passkey.createdAt} />
								{passkey.lastUsedAt ? (
									<>
										{' '}
										· last used <Time value={passkey.lastUsedAt} />
									</>
								) : null}
							</li>
						))}
					</ul>
				)}
				<AddPasskey
					returnTo={returnTo}
					refusal={
						refusal && 'field' in refusal && refusal.field === 'passkey' ? refusal.message : null
					}
				/>
			</section>
			<section aria-labelledby="totp" className="mb-8">
				<h2 id="totp" className="font-semibold">
					Authenticator app
				</h2>
				<p className="text-sm">{totp ? 'Set up.' : 'Not set up.'}</p>
				{setUp ? (
					<form method="post" className="mt-2 max-w-prose space-y-2">
						<input type="hidden" name="intent" value="totp-confirm" />
						{returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
						<p>
							In your authenticator app, add an account with this key (time-based, 6 digits, every
							30 seconds):
						</p>
						<p>
							<code className="font-mono text-lg" data-testid="totp-secret">
								{setUp.secret}
							</code>
						</p>
						<p className="text-sm">
							Or paste this link into an app that takes one:{' '}
							<code className="font-mono [overflow-wrap:anywhere]">{setUp.uri}</code>
						</p>
						<label htmlFor="totp-code" className="block font-medium">
							The code your app shows now
						</label>
						<input
							id="totp-code"
							name="code"
							inputMode="numeric"
							autoComplete="one-time-code"
							maxLength={9}
							className={inputClasses}
							aria-invalid={codeError ? true : undefined}
							aria-describedby={codeError ? 'totp-code-error' : undefined}
						/>
						{codeError ? (
							<p id="totp-code-error" className="text-sm text-red-700 dark:text-red-400">
								{codeError}
							</p>
						) : null}
						<Button type="submit">Confirm the app</Button>
					</form>
				) : (
					<Link to={`?set-up=totp${back}`} className={buttonClasses('secondary', 'mt-2')}>
						{totp ? 'Replace the authenticator app…' : 'Set up an authenticator app…'}
					</Link>
				)}
			</section>
		</>
	)
}
