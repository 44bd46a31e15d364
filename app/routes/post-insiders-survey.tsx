import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Insiders survey` })

export default function Page() {
	return (
		<LeadLayout>
			<PageHeading
				title="Insiders survey"
				lead="You took the course as an insider: tell us what worked and what we should improve."
			/>
		</LeadLayout>
	)
}
