/**
 * The owner's dashboard's door (docs/decisions/080, 102): server.ts decides each request's
 * owner once (`ownerGate`, owner-gate.server.ts) and serves anyone else an app without the
 * dashboard, where /admin is the unknown path's 404. Every /admin loader, action and export
 * still starts with `requireOwner`, which reads that decision from the load context. Admin
 * answers are private and never indexed.
 */
import type { AppLoadContext } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { type OwnerSession, parseOwnerSession } from '~/domain/owner-role'
import { ownerName, ownerStillHolds } from '~/models/owner-access/role.server'
import { pathNotFound } from '~/utils/responses'
import { canUseOperatorTools } from './operator-tools.server'
import { getSession } from './session.server'

declare module '@remix-run/node' {
	interface AppLoadContext {
		/** The signed-in owner, decided once per request by server.ts; absent or null: none. */
		owner?: Owner | null
	}
}

export type Owner = OwnerSession & { name: string }

/** Headers of every admin answer (decision 068: personal data is `private, no-store`). */
export const ADMIN_HEADERS = {
	'Cache-Control': 'private, no-store',
	'X-Robots-Tag': 'noindex, nofollow',
} as const

/**
 * The signed-in owner, or null: no role, an expired one, one signed out since, or one that no
 * longer holds here. server.ts asks once per request; routes read `context.owner`.
 */
export async function getOwner(
	request: Request,
	context: Pick<AppLoadContext, 'secure' | 'clientIp' | 'peerIp'>,
): Promise<Owner | null> {
	const session = await getSession(request, context)
	const owner = parseOwnerSession(session.get('owner'))
	if (!owner) return null
	if (!(await ownerStillHolds(await getDb(), owner, canUseOperatorTools(context)))) return null
	return { ...owner, name: ownerName(owner) }
}

/** The owner, or the 404 every stranger gets. */
export async function requireOwner(
	request: Request,
	context: Pick<AppLoadContext, 'owner'>,
): Promise<Owner> {
	if (!context.owner) throw pathNotFound(new URL(request.url).pathname)
	return context.owner
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
	context: Pick<AppLoadContext, 'owner'>
}): Promise<Response> {
	await requireOwner(request, context)
	return new Response('Method Not Allowed', {
		status: 405,
		headers: { ...ADMIN_HEADERS, Allow: 'GET, HEAD' },
	})
}
