import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'
import { upcomingEvents } from '~/models/calendar.server'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) => pageMeta(args, { title: "You're signed up" })

export function loader({ context }: LoaderFunctionArgs) {
	return json({ sessions: upcomingEvents('workshop', context.origin) })
}

/** After the workshop sign-up: the sessions to put in a calendar, and what comes by e-mail (docs/decisions/089). */
export default function WorkshopEnrolled() {
	const { sessions } = useLoaderData<typeof loader>()
	return (
		<>
			<PageHeading
				title="You're signed up"
				lead="Your seat in the workshop on building web apps with LLMs is confirmed. Watch your inbox for the details."
			/>
			<NextSteps
				steps={[
					{
						when: 'Now',
						what: 'A confirmation is on its way to the address you gave, with the next session as a calendar file.',
					},
					{
						when: 'The day before your session',
						what: 'We e-mail you the joining link and a reminder.',
					},
					{
						when: 'After the workshop',
						what: 'The recording and the code of the live build, by e-mail.',
					},
				]}
				events={sessions}
				links={[
					...readOn,
					{ to: '/', label: 'See the course', text: 'The full method, module by module.' },
					{
						to: '/ai-driven-development-day',
						label: 'AI Driven Development Day',
						text: 'A day of talks and hands-on sessions.',
					},
				]}
			/>
		</>
	)
}
