/**
 * The owner's dashboard's door (docs/decisions/080): every /admin loader, action and export
 * starts with `requireOwner`, and to anyone who is not the signed-in owner the dashboard does
 * not exist — the same 404 as an unknown path, for GET and POST alike, so a stranger cannot even
 * learn which URLs are there. Admin answers are private and never indexed.
 */
import type { AppLoadContext } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { type OwnerSession, parseOwnerSession } from '~/models/admin/role'
import { ownerName, ownerStillHolds } from '~/models/admin/role.server'
import { pathNotFound } from '~/utils/responses'
import { canUseOperatorTools } from './operator-tools.server'
import { getSession } from './session.server'

export type Owner = OwnerSession & { name: string }

/** Headers of every admin answer (decision 068: personal data is `private, no-store`). */
export const ADMIN_HEADERS = {
	'Cache-Control': 'private, no-store',
	'X-Robots-Tag': 'noindex, nofollow',
} as const

/** The signed-in owner, or null: no role, an expired one, or one that no longer holds here. */
export async function getOwner(
	request: Request,
	context: Pick<AppLoadContext, 'secure' | 'clientIp'>,
): Promise<Owner | null> {
	const session = await getSession(request, context)
	const owner = parseOwnerSession(session.get('owner'))
	if (!owner) return null
	if (!(await ownerStillHolds(await getDb(), owner, canUseOperatorTools(context, request))))
		return null
	return { ...owner, name: ownerName(owner) }
}

/** The owner, or the 404 every stranger gets. */
export async function requireOwner(
	request: Request,
	context: Pick<AppLoadContext, 'secure' | 'clientIp'>,
): Promise<Owner> {
	const owner = await getOwner(request, context)
	if (!owner) throw pathNotFound(new URL(request.url).pathname)
	return owner
}

/**
 * The action of an admin page that takes no form: a stranger's POST gets the 404 (not Remix's
 * 405, which would tell them the page exists); the owner gets the 405.
 */
export async function ownerOnlyAction({
	request,
	context,
}: {
	request: Request
	context: Pick<AppLoadContext, 'secure' | 'clientIp'>
}): Promise<Response> {
	await requireOwner(request, context)
	return new Response('Method Not Allowed', {
		status: 405,
		headers: { ...ADMIN_HEADERS, Allow: 'GET, HEAD' },
	})
}
