/**
 * Preview mode (SPEC §2, §9): `?preview=true` (with `&staging=true` for the staging variant)
 * stores a preview token in the `preview` cookie, which the content layer reads to show drafts
 * (app/content/content.server.ts, isPreview); `?preview=false` leaves. The cookie is
 * SameSite=None and Secure as the SPEC asks, so previews also work inside an editor's frame.
 */
import crypto from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { cookies } from './cookies.server'
import { redirectWithinSite } from './redirect'
import { createToastHeaders } from './toast.server'

export type Preview = { staging: boolean }

/** The token: `staging.` or `live.` and random hex, so it is never empty (content reads any value). */
function previewToken(staging: boolean): string {
	return `${staging ? 'staging' : 'live'}.${crypto.randomBytes(16).toString('hex')}`
}

/** The preview this request is in, or null. */
export function getPreview(request: Request): Preview | null {
	const value = cookies.preview.read(request)
	if (!value) return null
	return { staging: value.startsWith('staging.') }
}

const isOn = (value: string | null) => value === 'true' || value === '1'

/**
 * When the URL carries `preview`, the response that stores (or clears) the cookie, says so in
 * a toast, and sends the visitor to the same address without the parameters; otherwise null.
 */
export async function previewRedirect(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
): Promise<Response | null> {
	const url = new URL(request.url)
	const param = url.searchParams.get('preview')
	if (param === null) return null
	const staging = isOn(url.searchParams.get('staging'))
	url.searchParams.delete('preview')
	url.searchParams.delete('staging')
	const on = isOn(param)
	const headers = await createToastHeaders(
		on
			? {
					title: `${staging ? 'Staging preview' : 'Preview mode'} is on`,
					description: 'Drafts are visible.',
				}
			: { title: 'Preview mode is off' },
		context,
	)
	headers.append(
		'Set-Cookie',
		on ? cookies.preview.serialize(previewToken(staging), context) : cookies.preview.clear(context),
	)
	headers.set('Cache-Control', 'no-store')
	// The path comes from the request: `//evil.example/?preview=false` must not become a
	// Location of `//evil.example/` (docs/decisions/069).
	return redirectWithinSite(`${url.pathname}${url.search}${url.hash}`, '/', { headers })
}
