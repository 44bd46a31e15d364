import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { startOAuthState } from '~/http/oauth-state.server'
import { authorizeUrl } from '~/integrations/github/oauth.server'
import { getGitHubClient } from '~/integrations/github/settings.server'
import { notFound } from '~/utils/responses'

/**
 * GET /login/github?returnTo=/path: starts the sign-in (docs/decisions/040). Sends the browser
 * to GitHub's authorize page with our client id, the user:email scope and a fresh state bound
 * to this browser by a short-lived cookie. 404 when sign-in with GitHub is off.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const client = getGitHubClient(context.origin)
	if (!client) throw notFound(url.pathname)
	const { state, setCookie } = await startOAuthState(
		context,
		url.searchParams.get('returnTo') ?? '',
	)
	return redirect(
		authorizeUrl(client, { redirectUri: `${context.origin}/login/github/callback`, state }),
		{ headers: { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' } },
	)
}
