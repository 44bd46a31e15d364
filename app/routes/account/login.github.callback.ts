import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import {
	clearOAuthState,
	DEFAULT_RETURN_TO,
	readOAuthState,
	stateMatches,
} from '~/http/oauth-state.server'
import { canUseOperatorTools } from '~/http/operator-tools.server'
import { redirectWithinSite } from '~/http/redirect'
import { storeProfile } from '~/http/session.server'
import { getGitHubClient } from '~/integrations/github/settings.server'
import {
	completeGitHubSignIn,
	paidOrderHashIdFor,
	SIGN_IN_FAILURES,
	type SignInResult,
} from '~/models/leads/github-sign-in.server'
import { grantOwnerRole } from '~/models/owner-access/role.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { notFound } from '~/utils/responses'

/** A client that asked for JSON (SPEC §7) rather than a page. */
const wantsJson = (request: Request) => {
	const accept = request.headers.get('accept') ?? ''
	return accept.includes('application/json') && !accept.includes('text/html')
}

/**
 * GET /login/github/callback (SPEC §7): GitHub sends the visitor back here with `code` and
 * `state`, or with `error` when they declined. Checks the state against this browser's cookie,
 * completes the sign-in on the server and stores the profile in the session.
 * - A JSON client gets `{ data, order_hashid }`, or `{ error }` with the failure's status.
 * - A browser goes back to where it started, or to /login/github/failed, which explains what
 *   went wrong and offers to try again. Never a 500.
 * A resource route, so it can answer JSON: a page route always renders a document.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const client = getGitHubClient(context.origin)
	if (!client) throw notFound(url.pathname)
	const stored = await readOAuthState(request)
	const returnTo = stored?.returnTo ?? DEFAULT_RETURN_TO
	// Whatever happens next, this state has been used.
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	headers.append('Set-Cookie', await clearOAuthState(context))
	const db = await getDb()

	const query = url.searchParams
	const code = query.get('code')
	const result: SignInResult =
		query.get('error') === 'access_denied'
			? { ok: false, reason: 'denied' }
			: !stateMatches(stored, query.get('state'))
				? { ok: false, reason: 'badState' }
				: query.get('error') || !code
					? { ok: false, reason: 'missingCode' }
					: await completeGitHubSignIn(
							client,
							{ code, redirectUri: `${context.origin}/login/github/callback` },
							(email) => paidOrderHashIdFor(db, email),
						)

	if (!result.ok) {
		const failure = SIGN_IN_FAILURES[result.reason]
		if (wantsJson(request)) {
			return Response.json({ error: failure.message }, { status: failure.status, headers })
		}
		const page = new URLSearchParams({ reason: result.reason, returnTo })
		// In the language of the page the sign-in started from (decision 178).
		const failed = localePath('/login/github/failed', localeOfPath(returnTo))
		return redirect(`${failed}?${page}`, { headers })
	}
	// The owner role (docs/decisions/080) is decided now and checked again on every request.
	const owner = await grantOwnerRole(db, result.account, canUseOperatorTools(context))
	headers.append('Set-Cookie', await storeProfile(request, context, result.profile, owner))
	if (wantsJson(request)) return Response.json(result.result, { headers })
	return redirectWithinSite(returnTo, DEFAULT_RETURN_TO, { headers })
}
