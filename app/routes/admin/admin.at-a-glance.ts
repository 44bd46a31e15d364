/**
 * /admin/at-a-glance: launch day at a glance as JSON (issue 27 item 1, docs/decisions/121), what
 * the overview's panel polls while its tab is visible. Owner-only like every /admin path (others
 * get the site's 404), never cached. Reads roll-ups and indexed ranges only (models/figures/launch-day).
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { getLaunchDay } from '~/models/figures/launch-day.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	return Response.json(await getLaunchDay(await getDb()), { headers: ADMIN_HEADERS })
}

export const action = ownerOnlyAction
