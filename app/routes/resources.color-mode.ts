import { type ActionFunctionArgs, json, redirect } from '@remix-run/node'
import { safeRedirect } from 'remix-utils/safe-redirect'
import { z } from 'zod'
import { colorModes } from '~/utils/color-mode'
import { cookies } from '~/utils/cookies.server'

const ColorModeSchema = z.object({
	mode: z.enum(colorModes, { message: 'Choose dark, light or system' }),
	redirectTo: z.string().optional(),
})

/** Nothing to show at this address: the toggle posts here. */
export function loader() {
	return redirect('/')
}

/**
 * Stores the colour mode. Without JavaScript the form carries `redirectTo` and the visitor is
 * sent back to the page they were on; with JavaScript a fetcher posts without it (no reload).
 */
export async function action({ request, context }: ActionFunctionArgs) {
	const formData = await request.formData().catch(() => null)
	const parsed = ColorModeSchema.safeParse(formData ? Object.fromEntries(formData) : {})
	if (!parsed.success) {
		return json(
			{ error: parsed.error.issues[0]?.message ?? 'Invalid colour mode' },
			{ status: 400 },
		)
	}
	const { mode, redirectTo } = parsed.data
	const headers = { 'Set-Cookie': cookies.colorMode.serialize(mode, context) }
	if (redirectTo !== undefined) return redirect(safeRedirect(redirectTo, '/'), { headers })
	return json({ mode }, { headers })
}
