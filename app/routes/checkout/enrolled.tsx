import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn, readOnGerman } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import { courseIsOpen } from '~/domain/course-status'
import type { Locale } from '~/domain/locale'
import { getCourse } from '~/models/course/course.server'
import { upcomingEvents } from '~/models/events/calendar.server'
import { localeOfPath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

type Step = { when: string; what: string }
type Onward = { to: string; label: string; text: string }

/** Its words, German under /de (docs/decisions/176). */
const COPY: Record<
	Locale,
	{
		title: string
		lead: string
		open: [Step, Step]
		confirmation: Step
		opens: string
		opensWhat: string
		enrol: Onward
		preOrder: Onward
		workshop: Onward
	}
> = {
	'en-US': {
		title: "You're in! We'll be in touch.",
		lead: "Thanks for your interest in AI Driven Dev. We'll e-mail you as soon as there is news about the course.",
		open: [
			{ when: 'Now', what: 'A confirmation is on its way to the address you gave.' },
			{ when: 'Today', what: 'The course is open: enrol on the course page and start today.' },
		],
		confirmation: {
			when: 'Now',
			what: 'A confirmation is on its way to the address you gave, with the opening date as a calendar file.',
		},
		opens: 'When the course opens',
		opensWhat:
			'The course opens and we e-mail you. Pre-order before then to keep the launch price.',
		enrol: { to: '/#pricing', label: 'Enrol now', text: 'The course is open: access now.' },
		preOrder: {
			to: '/#pricing',
			label: 'Pre-order your seat',
			text: 'Lock in the launch price now.',
		},
		workshop: {
			to: '/workshop',
			label: 'Join the free workshop',
			text: 'Two hours, live, before the course.',
		},
	},
	'de-DE': {
		title: 'Sie sind dabei! Wir melden uns.',
		lead: 'Danke für Ihr Interesse an AI Driven Dev. Wir schreiben Ihnen, sobald es Neuigkeiten zum Kurs gibt.',
		open: [
			{
				when: 'Jetzt',
				what: 'Eine Bestätigung ist unterwegs an die Adresse, die Sie angegeben haben.',
			},
			{
				when: 'Heute',
				what: 'Der Kurs ist geöffnet: Melden Sie sich auf der Kursseite an und beginnen Sie noch heute.',
			},
		],
		confirmation: {
			when: 'Jetzt',
			what: 'Eine Bestätigung ist unterwegs an die Adresse, die Sie angegeben haben, mit dem Starttermin als Kalenderdatei.',
		},
		opens: 'Wenn der Kurs öffnet',
		opensWhat:
			'Der Kurs öffnet, und wir schreiben Ihnen. Bestellen Sie vorher vor, um den Einführungspreis zu behalten.',
		enrol: {
			to: '/de#pricing',
			label: 'Jetzt anmelden',
			text: 'Der Kurs ist geöffnet: sofort Zugang.',
		},
		preOrder: {
			to: '/de#pricing',
			label: 'Platz vorbestellen',
			text: 'Sichern Sie sich jetzt den Einführungspreis.',
		},
		workshop: {
			to: '/de/workshop',
			label: 'Zum kostenlosen Workshop',
			text: 'Zwei Stunden, live, vor dem Kurs.',
		},
	},
}

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title })

export async function loader({ context, request }: LoaderFunctionArgs) {
	// Once the course is open there is nothing to wait for (docs/decisions/156).
	const open = courseIsOpen((await getCourse(await getDb())).status)
	const locale = localeOfPath(new URL(request.url).pathname)
	return { open, release: open ? [] : upcomingEvents('course', context.origin, locale) }
}

/** After the course-interest sign-up (SPEC §2): what comes, and when (docs/decisions/089). */
export default function Page() {
	const { open, release } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead} />
			<NextSteps
				steps={
					open
						? copy.open
						: [
								copy.confirmation,
								{ when: release[0] ? `${release[0].when}` : copy.opens, what: copy.opensWhat },
							]
				}
				events={release}
				links={[
					open ? copy.enrol : copy.preOrder,
					copy.workshop,
					...(locale === 'de-DE' ? readOnGerman : readOn),
				]}
			/>
		</LeadLayout>
	)
}
