import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { EMULATOR_PATH, getEmbeddedEmulator } from '~/integrations/github/settings.server'
import { notFound } from '~/utils/responses'

/**
 * The embedded GitHub emulator's API (docs/decisions/041): POST /login/oauth/access_token,
 * GET /user, GET /user/emails and the sample users' avatars, under /__github-emulator.
 * Mounted only before release and without a GITHUB_CLIENT_ID; otherwise 404.
 */
async function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
	const url = new URL(request.url)
	const emulator = getEmbeddedEmulator(context.origin)
	const answer = emulator
		? await emulator.handle(request, url.pathname.slice(EMULATOR_PATH.length))
		: null
	if (!answer) throw notFound(url.pathname)
	return answer
}

export const loader = handle
export const action = handle
