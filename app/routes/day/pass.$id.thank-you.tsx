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
import { NextSteps, readOn, readOnGerman } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import { courseIsOpen } from '~/domain/course-status'
import type { Locale } from '~/domain/locale'
import { findValidPass } from '~/models/checkout/index.server'
import { getCourse } from '~/models/course/course.server'
import { eventKindOf, upcomingEvents } from '~/models/events/calendar.server'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decisions 175, 177), for a seat of the course or a pass. */
const COPY = {
	'en-US': {
		title: { seat: 'Your seat is claimed', pass: 'Your pass is claimed' },
		lead: (name: string, item: string) => `Thank you, ${name}. Your ${item} is confirmed.`,
		now: 'Now',
		nowWhat: {
			open: 'A confirmation is on its way to the address given with the claim.',
			dated:
				'A confirmation with the date and the calendar file is on its way to the address given with the claim.',
		},
		openNow: {
			when: 'Within minutes',
			what: 'The course is open: we e-mail the access to that address.',
		},
		seatLater: { when: 'When the course opens', what: 'We e-mail the access to that address.' },
		passReminders: {
			when: 'The day before, and an hour before the start',
			what: 'We e-mail that address a reminder with the joining link.',
		},
		readOn,
	},
	'de-DE': {
		title: { seat: 'Ihr Platz ist eingelöst', pass: 'Ihr Pass ist eingelöst' },
		lead: (name: string, item: string) => `Danke, ${name}. Ihr ${item} ist bestätigt.`,
		now: 'Jetzt',
		nowWhat: {
			open: 'Eine Bestätigung ist unterwegs an die Adresse, die beim Einlösen angegeben wurde.',
			dated:
				'Eine Bestätigung mit dem Datum und der Kalenderdatei ist unterwegs an die Adresse, die beim Einlösen angegeben wurde.',
		},
		openNow: {
			when: 'Innerhalb weniger Minuten',
			what: 'Der Kurs ist geöffnet: Wir schicken den Zugang an diese Adresse.',
		},
		seatLater: { when: 'Wenn der Kurs öffnet', what: 'Wir schicken den Zugang an diese Adresse.' },
		passReminders: {
			when: 'Am Vortag und eine Stunde vor Beginn',
			what: 'Wir schicken dieser Adresse eine Erinnerung mit dem Link zur Teilnahme.',
		},
		readOn: readOnGerman,
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, {
		title: COPY[localeOfPath(args.location.pathname)].title[args.data?.unit ?? 'pass'],
		noindex: true,
	})

export async function loader({ params, request, context }: LoaderFunctionArgs) {
	const db = await getDb()
	const pathname = new URL(request.url).pathname
	const pass = await findValidPass(db, params.id ?? '')
	const claimed = requireFound(pass?.claimedAt ? pass : null, pathname)
	// A seat claimed once the course is open: access now, no opening date (docs/decisions/156).
	const courseOpen = claimed.itemType === 'course' && courseIsOpen((await getCourse(db)).status)
	return data(
		{
			courseOpen,
			itemName: claimed.itemName,
			unit: claimed.itemType === 'course' ? ('seat' as const) : ('pass' as const),
			name: claimed.holderName,
			// Passes are for the day event, seats for the course's opening (docs/decisions/086).
			events: courseOpen
				? []
				: upcomingEvents(eventKindOf(claimed.itemType), context.origin, localeOfPath(pathname)),
		},
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
}

export default function PassThankYou() {
	const pass = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading title={copy.title[pass.unit]} lead={copy.lead(pass.name ?? '', pass.itemName)} />
			<NextSteps
				steps={[
					{
						when: copy.now,
						// Written with the claim (models/checkout/passes.server.ts claimPass, decision 113).
						what: pass.courseOpen ? copy.nowWhat.open : copy.nowWhat.dated,
					},
					pass.courseOpen
						? copy.openNow
						: pass.unit === 'seat'
							? copy.seatLater
							: copy.passReminders,
				]}
				events={pass.events}
				links={copy.readOn}
			/>
			<Link to={localePath('/', locale)} className={buttonClasses('secondary')}>
				{t('backToHome', locale)}
			</Link>
		</LeadLayout>
	)
}
