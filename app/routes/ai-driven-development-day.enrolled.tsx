import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Check your inbox` })

export default function Page() {
	return (
		<LeadLayout>
			<PageHeading
				title="Check your inbox"
				lead="We've sent you an e-mail: open the link in it to complete your registration."
			/>
		</LeadLayout>
	)
}
