import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Welcome aboard` })

export default function Page() {
	return (
		<LeadLayout>
			<PageHeading
				title="Welcome aboard"
				lead="Tell us a little about yourself so we can set up your course profile."
			/>
		</LeadLayout>
	)
}
