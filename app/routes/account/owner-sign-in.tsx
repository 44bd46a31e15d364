import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getDb } from '~/db/client.server'
import { commitSession, getSession } from '~/http/session.server'
import {
	checkOwnerSignInLink,
	OWNER_LINK_MINUTES,
	type OwnerLinkFailure,
	signInWithOwnerLink,
} from '~/models/owner-access/sign-in-link.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = () => [
	{ title: 'Sign in as the owner' },
	{ name: 'robots', content: 'noindex' },
]

/**
 * /owner-sign-in?token=…: the page the owner sign-in link opens (docs/decisions/151). Opening
 * it spends nothing (a chat's link preview must not use the link up); its button posts the token
 * and signs this browser in as the owner. A link that is not ours, used or expired gets a 4xx
 * that says which, and how to print a fresh one. Never cached, and nothing on it sends the
 * token on as a Referer.
 */
const HEADERS = {
	'Cache-Control': 'private, no-store',
	'Referrer-Policy': 'no-referrer',
	'X-Robots-Tag': 'noindex, nofollow',
} as const

export const headers = () => HEADERS

const FAILURES: Record<OwnerLinkFailure, { status: number; message: string }> = {
	invalid: { status: 403, message: 'This is not a sign-in link of this site.' },
	expired: {
		status: 410,
		message: `This sign-in link has expired (after ${OWNER_LINK_MINUTES} minutes).`,
	},
	used: { status: 410, message: 'This sign-in link has been used: each works once.' },
}

const readToken = (value: FormDataEntryValue | string | null) =>
	typeof value === 'string' && value.length <= 1024 ? value : null

export async function loader({ request }: LoaderFunctionArgs) {
	const token = readToken(new URL(request.url).searchParams.get('token'))
	const checked = await checkOwnerSignInLink(await getDb(), token)
	if (!checked.ok) {
		const failure = FAILURES[checked.reason]
		return data(
			{ token: null, error: failure.message },
			{ status: failure.status, headers: HEADERS },
		)
	}
	return data({ token, error: null }, { headers: HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await request.formData().catch(() => null)
	const signedIn = await signInWithOwnerLink(await getDb(), readToken(form?.get('token') ?? null))
	if (!signedIn.ok) {
		const failure = FAILURES[signedIn.reason]
		return data({ error: failure.message }, { status: failure.status, headers: HEADERS })
	}
	// A new identity: any earlier second-factor confirmation was someone else's.
	const session = await getSession(request, context)
	session.set('owner', signedIn.owner)
	session.unset('stepUp')
	return redirect('/admin', {
		status: 303,
		headers: { ...HEADERS, 'Set-Cookie': await commitSession(session, context) },
	})
}

export default function OwnerSignIn() {
	const { token, error } = useLoaderData<typeof loader>()
	const actionError = useActionData<typeof action>()?.error
	const message = actionError ?? error
	return (
		<LeadLayout>
			<PageHeading title="Sign in as the owner" />
			<div className="space-y-6">
				{message ? (
					<>
						<p
							role="alert"
							className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
						>
							{message}
						</p>
						<p>
							Print a fresh one on the server with <code>npm run owner-link</code>.
						</p>
					</>
				) : (
					<Form method="post" className="space-y-4">
						<p>
							This link signs this browser in as the site's owner, once. Sign in only if you printed
							it yourself.
						</p>
						<input type="hidden" name="token" value={token ?? ''} />
						<SubmitButton>Sign in as the owner</SubmitButton>
					</Form>
				)}
			</div>
		</LeadLayout>
	)
}
