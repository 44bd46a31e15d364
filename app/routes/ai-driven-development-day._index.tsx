import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `AI Driven Development Day` })

export default function Page() {
	return (
		<LeadLayout>
			<PageHeading
				title="AI Driven Development Day"
				lead="One day of talks and hands-on sessions on building software with AI."
			/>
		</LeadLayout>
	)
}
