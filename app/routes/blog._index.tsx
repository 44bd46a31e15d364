import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Blog` })

export default function Page() {
	return (
		<LeadLayout>
			<PageHeading
				title="Blog"
				lead="Notes on building software with AI: workflows, tools and lessons from real projects."
			/>
		</LeadLayout>
	)
}
