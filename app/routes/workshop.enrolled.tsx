import type { MetaFunction } from '@remix-run/node'
import { PageHeading } from '~/components/layouts'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: "You're signed up" })

export default function WorkshopEnrolled() {
	return (
		<PageHeading
			title="You're signed up"
			lead="Your seat in the workshop on building web apps with LLMs is confirmed. Watch your inbox for the details."
		/>
	)
}
