/**
 * /admin/passkey-options?for=register|authenticate: the WebAuthn options the owner's browser
 * needs to create a passkey or sign a step-up with one (docs/decisions/136), with a challenge
 * signed for this owner and session. The relying party is the site's configured origin.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import {
	passkeyAuthenticationOptions,
	passkeyRegistrationOptions,
} from '~/models/owner-access/passkeys.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	const purpose = new URL(request.url).searchParams.get('for')
	const site = { origin: context.origin, secret: getConfig().SESSION_SECRET }
	const db = await getDb()
	if (purpose === 'register')
		return Response.json(
			await passkeyRegistrationOptions(db, owner, { ...site, name: new URL(site.origin).host }),
			{ headers: ADMIN_HEADERS },
		)
	if (purpose === 'authenticate')
		return Response.json(await passkeyAuthenticationOptions(db, owner, site), {
			headers: ADMIN_HEADERS,
		})
	return Response.json(
		{ error: 'Ask for=register or for=authenticate' },
		{ status: 400, headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction
