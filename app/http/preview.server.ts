/**
 * Preview mode (SPEC §2, §9; docs/decisions/052, 068): `?preview=true&secret=PREVIEW_SECRET`
 * (with `&staging=true` for the staging variant) stores a signed preview token in the `preview`
 * cookie, which the content routes read to show drafts (`isPreview` below); `?preview=false` leaves. Without PREVIEW_SECRET, preview follows the operator
 * tools' rule (development, a loopback client, no SITE_URL). Any other cookie value, a token
 * signed with another SESSION_SECRET, or one issued under another PREVIEW_SECRET shows nothing.
 * The cookie is SameSite=None and Secure as the SPEC asks, so previews also work inside an
 * editor's frame.
 */
import crypto from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { getConfig } from '~/config.server'
import { cookies } from './cookies.server'
import { canUseOperatorTools } from './operator-tools.server'
import { redirectWithinSite } from './redirect'
import { createToastHeaders } from './toast.server'

export type Preview = { staging: boolean }

const tokenSchema = z.object({ staging: z.boolean(), key: z.string() })

/**
 * Which PREVIEW_SECRET a token was issued under (a digest, never the secret): changing the
 * secret ends every preview started with the old one.
 */
function secretKey(): string {
	const secret = getConfig().PREVIEW_SECRET ?? ''
	return crypto.createHash('sha256').update(`preview:${secret}`).digest('base64url').slice(0, 16)
}

/** The preview this request is in, or null. */
export async function getPreview(request: Request): Promise<Preview | null> {
	if (!request.headers.get('cookie')?.includes('preview=')) return null
	const token = tokenSchema.safeParse(await cookies.preview.read(request))
	if (!token.success || token.data.key !== secretKey()) return null
	return { staging: token.data.staging }
}

/** Whether `given` is the configured PREVIEW_SECRET, compared in constant time. */
function isPreviewSecret(given: string | null): boolean {
	const secret = getConfig().PREVIEW_SECRET
	if (!secret || !given) return false
	const a = crypto.createHash('sha256').update(secret).digest()
	const b = crypto.createHash('sha256').update(given).digest()
	return crypto.timingSafeEqual(a, b)
}

const isOn = (value: string | null) => value === 'true' || value === '1'

/**
 * When the URL carries `preview`, the response that stores (or clears) the cookie, says so in
 * a toast, and sends the visitor to the same address without the parameters; otherwise null.
 * Turning preview on needs the secret (or the operator tools' rule); leaving never does.
 */
export async function previewRedirect(
	request: Request,
	context: Pick<AppLoadContext, 'secure' | 'clientIp' | 'peerIp'>,
): Promise<Response | null> {
	const url = new URL(request.url)
	const param = url.searchParams.get('preview')
	if (param === null) return null
	const staging = isOn(url.searchParams.get('staging'))
	const allowed = isPreviewSecret(url.searchParams.get('secret')) || canUseOperatorTools(context)
	for (const name of ['preview', 'staging', 'secret']) url.searchParams.delete(name)
	const on = isOn(param)
	const headers = await createToastHeaders(
		!on
			? { title: 'Preview mode is off' }
			: allowed
				? {
						title: `${staging ? 'Staging preview' : 'Preview mode'} is on`,
						description: 'Drafts are visible.',
					}
				: { title: 'Preview needs the preview secret', type: 'error' },
		context,
	)
	if (!on) headers.append('Set-Cookie', await cookies.preview.clear(context))
	else if (allowed)
		headers.append(
			'Set-Cookie',
			await cookies.preview.serialize({ staging, key: secretKey() }, context),
		)
	headers.set('Cache-Control', 'no-store')
	// The path comes from the request: `//evil.example/?preview=false` must not become a
	// Location of `//evil.example/` (docs/decisions/069).
	return redirectWithinSite(`${url.pathname}${url.search}${url.hash}`, '/', { headers })
}

/**
 * Whether this request is in preview mode (`?preview=true` with the preview secret stores its
 * signed cookie: SPEC §2, docs/decisions/068).
 */
export async function isPreview(request: Request): Promise<boolean> {
	return (await getPreview(request)) !== null
}
