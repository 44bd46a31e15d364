/**
 * After asking to join a waiting list (docs/decisions/120, 130): the address must be confirmed
 * first; what happens next, and when. The same page whether or not the address already waits.
 */
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps } from '~/components/next-steps'
import { getConfig } from '~/config.server'
import { pluralWord } from '~/domain/words'
import { WAITLIST_CONFIRM_HOURS } from '~/models/waitlist/offers.server'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Check your inbox to confirm your place' })

export function loader() {
	return { hours: getConfig().WAITLIST_OFFER_HOURS, confirmHours: WAITLIST_CONFIRM_HOURS }
}

export default function Page() {
	const { hours, confirmHours } = useLoaderData<typeof loader>()
	const held = `${hours} ${pluralWord(hours, { one: 'hour', other: 'hours' })}`
	const confirm = `${confirmHours} ${pluralWord(confirmHours, { one: 'hour', other: 'hours' })}`
	return (
		<LeadLayout>
			<PageHeading
				title="Check your inbox to confirm your place"
				lead={`We sent a link to the address you gave. Open it within ${confirm} to take your place on the waiting list: until then you have none, and no offer is sent. Nothing to pay until seats come back for you.`}
			/>
			<NextSteps
				steps={[
					{
						when: 'Now',
						what: 'Open the link in the e-mail: your place counts from the moment you confirm.',
					},
					{
						when: 'When seats come back',
						what: `They are offered in the order places were confirmed, to the first person they fit: we e-mail you a link that holds them for you for ${held}.`,
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
