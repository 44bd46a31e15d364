/**
 * /admin: the owner's dashboard (docs/decisions/080-084). This layout draws the navigation;
 * every child route guards its own loader and action with `requireOwner` too, because Remix runs
 * a layout's loader beside its children's, not before them. To anyone but the signed-in owner,
 * every URL here is the unknown path's 404 (docs/decisions/068).
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from '@remix-run/react'
import { StepUpForm, stepUpOf } from '~/components/admin/step-up-form'
import { AdminNav, adminMeta } from '~/components/admin/ui'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { ownerTimeZone } from '~/content/owner-zone.server'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Overview')

export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	return data({ ownerName: owner.name, timeZone: ownerTimeZone() }, { headers: ADMIN_HEADERS })
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

/**
 * An action refused for want of a recent second factor (decision 136) is answered with the
 * step-up form; any other error is the site's error page.
 */
export function ErrorBoundary() {
	const error = useRouteError()
	const prompt = isRouteErrorResponse(error) ? stepUpOf(error.data) : null
	return prompt ? (
		<main id="main">
			<StepUpForm prompt={prompt} />
		</main>
	) : (
		<SiteErrorBoundary />
	)
}
