import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Processing your payment` })

export default function Page() {
	return (
		<LeadLayout>
			<PageHeading
				title="Processing your payment"
				lead="Please wait while we process your payment. This page updates by itself."
			/>
		</LeadLayout>
	)
}
