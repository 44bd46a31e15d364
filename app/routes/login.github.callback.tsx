import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Sign in with GitHub' })

/** Return point of the GitHub sign-in. The OAuth exchange arrives with the sign-in issue. */
export default function GitHubCallback() {
	return (
		<LeadLayout>
			<PageHeading
				title="Sign in with GitHub"
				lead="Sign-in with GitHub is not available yet. Please come back soon."
			/>
		</LeadLayout>
	)
}
