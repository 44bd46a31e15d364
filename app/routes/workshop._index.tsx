import type { MetaFunction } from '@remix-run/node'
import { PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: 'Free workshop: AI in your development workflow',
		description:
			'A free, hands-on workshop on using AI assistants in your everyday development workflow: planning, coding, reviewing and testing.',
	})

export default function WorkshopPage() {
	return (
		<PageHeading
			title="Free workshop: AI in your development workflow"
			lead="A free, hands-on workshop on using AI assistants in your everyday development workflow: planning, coding, reviewing and testing."
		/>
	)
}
