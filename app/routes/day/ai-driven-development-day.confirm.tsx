import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { signedUpCookie } from '~/http/cookies.server'
import { upcomingEvents } from '~/models/events/calendar.server'
import { confirmLead } from '~/models/leads/leads.server'
import { verifyToken } from '~/models/links/signed-token.server'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

/**
 * The link in the day-event e-mail: opening it completes the registration. Opening it again
 * changes nothing; a tampered or expired link stores nothing and says what to do.
 */
export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Registration' })

const MESSAGES = {
	invalid:
		'This confirmation link is not valid. Please use the link from the e-mail as it is, or register again.',
	expired:
		'This confirmation link has expired. Please register again and we will send you a new one.',
	unknown: 'We could not find this registration. Please register again.',
} as const

export async function loader({ request, context }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token')
	const result = verifyToken(token, 'confirm', getConfig().SESSION_SECRET)
	if (!result.ok)
		return data({ ok: false as const, message: MESSAGES[result.reason] }, { status: 400 })
	const found = await confirmLead(await getDb(), result.claims.email, 'day_event')
	if (!found) return data({ ok: false as const, message: MESSAGES.unknown }, { status: 404 })
	return data(
		{ ok: true as const, email: result.claims.email, day: upcomingEvents('day', context.origin) },
		{ headers: { 'Set-Cookie': signedUpCookie('day_event', context) } },
	)
}

export default function ConfirmRegistration() {
	const data = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			{data.ok ? (
				<>
					<PageHeading
						title="Your registration is complete"
						lead={`See you at AI Driven Development Day. We'll send the joining link to ${data.email}.`}
					/>
					<NextSteps
						steps={[
							{
								when: 'The day before, and an hour before the start',
								what: `A reminder with the joining link, to ${data.email}.`,
							},
						]}
						events={data.day}
						links={[
							{
								to: '/ai-driven-development-day#passes',
								label: 'Get passes for your team',
								text: 'One checkout, a pass link for each person.',
							},
							...readOn,
						]}
					/>
				</>
			) : (
				<PageHeading title="This link did not work" lead={data.message} />
			)}
			<Link
				to="/ai-driven-development-day"
				className="font-semibold text-indigo-700 underline dark:text-indigo-300"
			>
				Back to AI Driven Development Day
			</Link>
		</LeadLayout>
	)
}
