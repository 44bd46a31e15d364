/**
 * /pass/:id/thank-you: confirms a claimed pass, or a claimed course seat (a pass of another kind,
 * docs/decisions/118). Unknown or unclaimed passes: 404, no hint. Whoever has the seat's link
 * opens this page (the buyer who handed it out, anyone it was forwarded to): it names the holder
 * and never their address (docs/decisions/132).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { buttonClasses } from '~/components/button-classes'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'
import { getDb } from '~/db/client.server'
import { courseIsOpen } from '~/domain/course-status'
import { findValidPass } from '~/models/checkout/index.server'
import { getCourse } from '~/models/course/course.server'
import { eventKindOf, upcomingEvents } from '~/models/events/calendar.server'
import { t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, {
		title: args.data?.unit === 'seat' ? 'Your seat is claimed' : 'Your pass is claimed',
		noindex: true,
	})

export async function loader({ params, request, context }: LoaderFunctionArgs) {
	const db = await getDb()
	const pass = await findValidPass(db, params.id ?? '')
	const claimed = requireFound(pass?.claimedAt ? pass : null, new URL(request.url).pathname)
	// A seat claimed once the course is open: access now, no opening date (docs/decisions/156).
	const courseOpen = claimed.itemType === 'course' && courseIsOpen((await getCourse(db)).status)
	return data(
		{
			courseOpen,
			itemName: claimed.itemName,
			unit: claimed.itemType === 'course' ? ('seat' as const) : ('pass' as const),
			name: claimed.holderName,
			// Passes are for the day event, seats for the course's opening (docs/decisions/086).
			events: courseOpen ? [] : upcomingEvents(eventKindOf(claimed.itemType), context.origin),
		},
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
}

export default function PassThankYou() {
	const pass = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<PageHeading
				title={`Your ${pass.unit} is claimed`}
				lead={`Thank you, ${pass.name}. Your ${pass.itemName} is confirmed.`}
			/>
			<NextSteps
				steps={[
					{
						when: 'Now',
						// Written with the claim (models/checkout/passes.server.ts claimPass, decision 113).
						what: pass.courseOpen
							? 'A confirmation is on its way to the address given with the claim.'
							: 'A confirmation with the date and the calendar file is on its way to the address given with the claim.',
					},
					pass.courseOpen
						? {
								when: 'Within minutes',
								what: 'The course is open: we e-mail the access to that address.',
							}
						: pass.unit === 'seat'
							? {
									when: 'When the course opens',
									what: 'We e-mail the access to that address.',
								}
							: {
									when: 'The day before, and an hour before the start',
									what: 'We e-mail that address a reminder with the joining link.',
								},
				]}
				events={pass.events}
				links={readOn}
			/>
			<Link to="/" className={buttonClasses('secondary')}>
				{t('backToHome')}
			</Link>
		</LeadLayout>
	)
}
