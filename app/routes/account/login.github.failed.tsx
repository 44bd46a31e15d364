import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { signInHref } from '~/components/github-sign-in'
import { Icon } from '~/components/icons'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { returnPath } from '~/http/oauth-state.server'
import { getGitHubClient } from '~/integrations/github/settings.server'
import { isSignInFailure, SIGN_IN_FAILURES } from '~/models/leads/github-sign-in.server'
import { pageMeta } from '~/utils/meta'
import { notFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Sign in with GitHub did not work' })

/**
 * GET /login/github/failed?reason=…&returnTo=…: why a GitHub sign-in failed, answered with the
 * failure's status, and a way to try again. The message comes from the reason key, so a link
 * cannot put words on the page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	if (!getGitHubClient(context.origin)) throw notFound(url.pathname)
	const reason = url.searchParams.get('reason')
	const failure = SIGN_IN_FAILURES[isSignInFailure(reason) ? reason : 'badState']
	const returnTo = returnPath(url.searchParams.get('returnTo'))
	return data(
		{ message: failure.message, retryHref: signInHref(returnTo), returnTo },
		{ status: failure.status, headers: { 'Cache-Control': 'no-store' } },
	)
}

export default function GitHubSignInFailed() {
	const { message, retryHref, returnTo } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<PageHeading title="Sign in with GitHub" />
			<div className="space-y-6">
				<p
					role="alert"
					className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
				>
					{message}
				</p>
				<div className="flex flex-wrap items-center gap-4">
					<a
						href={retryHref}
						className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
					>
						<Icon name="github" />
						Try again
					</a>
					<Link
						to={returnTo}
						className="font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300"
					>
						Continue without signing in
					</Link>
				</div>
			</div>
		</LeadLayout>
	)
}
