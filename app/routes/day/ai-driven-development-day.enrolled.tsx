import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'
import { countOf } from '~/domain/words'
import { upcomingEvents } from '~/models/events/calendar.server'
import { CONFIRM_LINK_TTL } from '~/models/leads/leads.server'
import { CONFIRMATION_RESEND_MINUTES } from '~/models/preferences/confirmation-limits.server'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) => pageMeta(args, { title: `Check your inbox` })

export function loader({ context }: LoaderFunctionArgs) {
	return {
		day: upcomingEvents('day', context.origin),
		linkValidFor: countOf(Math.round(CONFIRM_LINK_TTL / 86_400), { one: 'day', other: 'days' }),
		resendAfter: countOf(CONFIRMATION_RESEND_MINUTES, { one: 'minute', other: 'minutes' }),
	}
}

/** After registering for the day event (SPEC §2): the e-mail to open, then the day (docs/decisions/089). */
export default function Page() {
	const { day, linkValidFor, resendAfter } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<PageHeading
				title="Check your inbox"
				lead="We've sent you an e-mail: open the link in it to complete your registration."
			/>
			<NextSteps
				steps={[
					{
						when: 'Now',
						what: `Open the link in the e-mail we sent to the address you gave; it works for ${linkValidFor}. Nothing there? Check your spam folder, or register again in ${resendAfter} for a fresh link.`,
					},
					{
						when: 'Before the day',
						what: 'Once you confirm, we e-mail you a reminder with the joining link the day before and an hour before the start.',
					},
				]}
				events={day}
				links={[
					{
						to: '/ai-driven-development-day#passes',
						label: 'Get passes for your team',
						text: 'One checkout, a pass link for each person.',
					},
					...readOn,
				]}
			/>
		</LeadLayout>
	)
}
