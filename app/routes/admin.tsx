/**
 * /admin: the owner's dashboard (docs/decisions/080-084). This layout draws the navigation;
 * every child route guards its own loader and action with `requireOwner` too, because Remix runs
 * a layout's loader beside its children's, not before them. To anyone but the signed-in owner,
 * every URL here is the unknown path's 404 (docs/decisions/068).
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { AdminNav, adminMeta } from '~/components/admin/ui'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { ownerTimeZone } from '~/models/admin/owner-zone.server'

export const meta = adminMeta('Overview')

export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	return json({ ownerName: owner.name, timeZone: ownerTimeZone() }, { headers: ADMIN_HEADERS })
}

export const action = ownerOnlyAction

export default function AdminLayout() {
	const { ownerName, timeZone } = useLoaderData<typeof loader>()
	return (
		<div className="min-h-screen">
			<AdminNav ownerName={ownerName} timeZone={timeZone} />
			<main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
				<Outlet />
			</main>
		</div>
	)
}

export const ErrorBoundary = SiteErrorBoundary
