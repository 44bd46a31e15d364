/** After joining a waiting list (docs/decisions/120): what happens next, and when. */
import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps } from '~/components/next-steps'
import { getConfig } from '~/config.server'
import { pageMeta } from '~/utils/meta'
import { pluralWord } from '~/utils/plural'

export const meta: MetaFunction = (args) => pageMeta(args, { title: "You're on the waiting list" })

export function loader() {
	return json({ hours: getConfig().WAITLIST_OFFER_HOURS })
}

export default function Page() {
	const { hours } = useLoaderData<typeof loader>()
	const held = `${hours} ${pluralWord(hours, { one: 'hour', other: 'hours' })}`
	return (
		<LeadLayout>
			<PageHeading
				title="You're on the waiting list"
				lead="Your place is kept in the order people joined. Nothing to pay until seats come back for you."
			/>
			<NextSteps
				steps={[
					{
						when: 'When seats come back',
						what: `If you are first in line, we e-mail you a link that holds them for you for ${held}.`,
					},
					{
						when: `Within ${held}`,
						what: 'Open the link and pay, or do nothing: the offer then passes to the next person.',
					},
				]}
				links={[{ to: '/', label: 'Back to the course', text: 'What the course covers.' }]}
			/>
		</LeadLayout>
	)
}
