import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'
import { getDb } from '~/db/client.server'
import { courseIsOpen } from '~/domain/course-status'
import { getCourse } from '~/models/course/course.server'
import { upcomingEvents } from '~/models/events/calendar.server'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: `You're in! We'll be in touch.` })

export async function loader({ context }: LoaderFunctionArgs) {
	// Once the course is open there is nothing to wait for (docs/decisions/156).
	const open = courseIsOpen((await getCourse(await getDb())).status)
	return { open, release: open ? [] : upcomingEvents('course', context.origin) }
}

/** After the course-interest sign-up (SPEC §2): what comes, and when (docs/decisions/089). */
export default function Page() {
	const { open, release } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<PageHeading
				title="You're in! We'll be in touch."
				lead="Thanks for your interest in AI Driven Dev. We'll e-mail you as soon as there is news about the course."
			/>
			<NextSteps
				steps={
					open
						? [
								{
									when: 'Now',
									what: 'A confirmation is on its way to the address you gave.',
								},
								{
									when: 'Today',
									what: 'The course is open: enrol on the course page and start today.',
								},
							]
						: [
								{
									when: 'Now',
									what: 'A confirmation is on its way to the address you gave, with the opening date as a calendar file.',
								},
								{
									when: release[0] ? `${release[0].when}` : 'When the course opens',
									what: 'The course opens and we e-mail you. Pre-order before then to keep the launch price.',
								},
							]
				}
				events={release}
				links={[
					open
						? { to: '/#pricing', label: 'Enrol now', text: 'The course is open: access now.' }
						: {
								to: '/#pricing',
								label: 'Pre-order your seat',
								text: 'Lock in the launch price now.',
							},
					{
						to: '/workshop',
						label: 'Join the free workshop',
						text: 'Two hours, live, before the course.',
					},
					...readOn,
				]}
			/>
		</LeadLayout>
	)
}
