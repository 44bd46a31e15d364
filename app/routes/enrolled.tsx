import type { MetaFunction } from '@remix-run/node'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: `You're in! We'll be in touch.` })

export default function Page() {
	return (
		<LeadLayout>
			<PageHeading
				title="You're in! We'll be in touch."
				lead="Thanks for your interest in AI Driven Dev. We'll e-mail you as soon as there is news about the course."
			/>
		</LeadLayout>
	)
}
