import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Payment successful` })

export default function Page() {
	return (
		<LeadLayout>
			<PageHeading
				title="Payment successful"
				lead="Thank you! Your payment went through and a receipt is on its way to your inbox."
			/>
		</LeadLayout>
	)
}
