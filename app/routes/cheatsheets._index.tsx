import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Cheatsheets` })

export default function Page() {
	return (
		<LeadLayout>
			<PageHeading
				title="Cheatsheets"
				lead="One-page references for working with AI coding assistants."
			/>
		</LeadLayout>
	)
}
