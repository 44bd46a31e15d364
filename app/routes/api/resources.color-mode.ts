import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { colorModeSchema } from '~/forms/color-mode'
import { MESSAGES } from '~/forms/messages'
import { cookies } from '~/http/cookies.server'
import { redirectWithinSite } from '~/http/redirect'

/** Nothing to show at this address: the toggle posts here. */
export function loader() {
	return redirect('/')
}

/**
 * Stores the colour mode (SPEC §4; its schema is app/forms/color-mode.ts). Without JavaScript the form
 * carries `redirectTo` and the visitor is sent back to the page they were on; with JavaScript a
 * fetcher posts without it (no reload).
 */
export async function action({ request, context }: ActionFunctionArgs) {
	const formData = await request.formData().catch(() => new FormData())
	const submission = parseWithZod(formData, { schema: colorModeSchema })
	if (submission.status !== 'success') {
		const [message] = Object.values(submission.error ?? {}).flat()
		return Response.json({ error: message ?? MESSAGES.colorMode }, { status: 400 })
	}
	const { mode, redirectTo } = submission.value
	const headers = { 'Set-Cookie': cookies.colorMode.serialize(mode, context) }
	// Back to a page of this site only (docs/decisions/069).
	if (redirectTo !== undefined) return redirectWithinSite(redirectTo, '/', { headers })
	return Response.json({ mode }, { headers })
}
