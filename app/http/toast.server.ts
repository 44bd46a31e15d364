/**
 * Toasts raised by server actions (SPEC §4): the action stores the toast in a short-lived,
 * signed flash cookie and redirects; the next page's root loader reads it, clears it and
 * renders it, with or without JavaScript in the browser.
 */
import crypto from 'node:crypto'
import { type AppLoadContext, redirect } from '@remix-run/node'
import { z } from 'zod'
import type { ToastInput } from '~/utils/toast'
import { cookies } from './cookies.server'

const toastSchema = z.object({
	id: z.string().max(64),
	title: z.string().min(1).max(200),
	description: z.string().max(500).optional(),
	type: z.enum(['info', 'success', 'error']).default('info'),
	duration: z.number().int().min(0).max(60_000).optional(),
})

export type FlashToast = z.infer<typeof toastSchema>

/** The Set-Cookie header that raises a toast on the next page. */
export async function createToastHeaders(
	input: ToastInput,
	context: Pick<AppLoadContext, 'secure'>,
): Promise<Headers> {
	const value: FlashToast = toastSchema.parse({ id: crypto.randomUUID(), ...input })
	return new Headers({ 'Set-Cookie': await cookies.toast.serialize(value, context) })
}

/** Redirects and raises a toast there: `throw await redirectWithToast('/x', { title }, context)`. */
export async function redirectWithToast(
	url: string,
	input: ToastInput,
	context: Pick<AppLoadContext, 'secure'>,
	init?: ResponseInit,
) {
	const headers = new Headers(init?.headers)
	headers.append('Set-Cookie', (await createToastHeaders(input, context)).get('Set-Cookie')!)
	return redirect(url, { ...init, headers })
}

/**
 * The toast waiting in this request's flash cookie, and the header that clears it. A tampered
 * or malformed cookie is ignored (and cleared).
 */
export async function readToast(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
): Promise<{ toast: FlashToast | null; headers: Headers | null }> {
	const header = request.headers.get('cookie')
	if (!header?.includes('toast=')) return { toast: null, headers: null }
	const parsed = toastSchema.safeParse(await cookies.toast.read(request))
	const headers = new Headers({ 'Set-Cookie': await cookies.toast.clear(context) })
	return { toast: parsed.success ? parsed.data : null, headers }
}
