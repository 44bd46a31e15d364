import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { returnPath } from '~/http/oauth-state.server'
import { redirectWithinSite } from '~/http/redirect'
import { clearProfile } from '~/http/session.server'
import { endOwnerSessions } from '~/models/owner-access/role.server'

/** Nothing to show here: the profile card's "Sign out" button posts to it. */
export function loader() {
	return redirect('/')
}

/**
 * POST /sign-out: forgets the visitor profile and returns to the page they were on. The owner's
 * sign-out, from the profile card or the dashboard's "Sign out everywhere", ends every owner
 * session of theirs, copies of this cookie included (docs/decisions/102).
 */
export async function action({ request, context }: ActionFunctionArgs) {
	// Only our own pages sign visitors out; another site cannot do it for them.
	const origin = request.headers.get('origin')
	if (origin && origin !== context.origin) {
		return new Response('Sign-out must come from this site', { status: 403 })
	}
	const formData = await request.formData().catch(() => null)
	const returnTo = returnPath(formData?.get('returnTo')?.toString())
	if (context.owner) await endOwnerSessions(await getDb(), context.owner)
	return redirectWithinSite(returnTo, '/', {
		headers: { 'Set-Cookie': await clearProfile(request, context) },
	})
}
