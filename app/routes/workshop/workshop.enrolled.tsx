import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeading } from '~/components/layouts'
import { NextSteps, readOn, readOnGerman } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import { workshopTitle } from '~/content/site-content.server'
import { presentEvent, upcomingEvents } from '~/models/events/calendar.server'
import { findSession, UNCONFIRMED_PLACE_HOURS } from '~/models/events/sessions.server'
import { localeOfPath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title:
			localeOfPath(args.location.pathname) === 'de-DE' ? 'Sie sind angemeldet' : "You're signed up",
	})

/**
 * `?session=` is the session the sign-up chose (the form's redirect, docs/decisions/110): the
 * page names it and offers its calendar file alone. Without one (or with an id that is no
 * session) it names the workshop and its upcoming sessions.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const locale = localeOfPath(url.pathname)
	const session = findSession(url.searchParams.get('session'))
	return {
		title: workshopTitle(),
		session: session ? presentEvent(session, context.origin, locale) : null,
		sessions: session ? [] : upcomingEvents('workshop', context.origin, locale),
		heldHours: UNCONFIRMED_PLACE_HOURS,
	}
}

/**
 * After the workshop sign-up: the session to put in a calendar, and what comes by e-mail
 * (docs/decisions/089). The same page whether or not the address was signed up before
 * (docs/decisions/131): the e-mail, not this page, says which it was.
 */
export default function WorkshopEnrolled() {
	const data = useLoaderData<typeof loader>()
	if (useLocale() === 'de-DE') return <GermanWorkshopEnrolled {...data} />
	const { title, session, sessions, heldHours } = data
	return (
		<>
			<PageHeading
				title="You're signed up"
				lead={
					session
						? `Check your inbox: your seat in ${title} on ${session.when} (${session.zoneName}) is yours once you follow the link in the e-mail we sent to the address you gave.`
						: `Check your inbox: your seat in ${title} is yours once you follow the link in the e-mail we sent to the address you gave.`
				}
			/>
			<NextSteps
				steps={[
					{
						when: 'Now',
						what: `Open the e-mail we sent and follow its link within ${heldHours} hours: until then your seat is only held.`,
					},
					{
						when: 'The day before your session, and an hour before it starts',
						what: 'We e-mail you a reminder with your joining link.',
					},
					{
						when: 'After the workshop',
						what: 'We e-mail you the recording and the code of the live build once they are up.',
					},
				]}
				events={session ? [session] : sessions}
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

/** The same page for a German reader (decision 173). */
function GermanWorkshopEnrolled({
	title,
	session,
	sessions,
	heldHours,
}: ReturnType<typeof useLoaderData<typeof loader>>) {
	return (
		<>
			<PageHeading
				title="Sie sind angemeldet"
				lead={
					session
						? `Sehen Sie in Ihr Postfach: Ihr Platz in ${title} am ${session.when} (${session.zoneName}) gehört Ihnen, sobald Sie dem Link in der E-Mail folgen, die wir an die angegebene Adresse geschickt haben.`
						: `Sehen Sie in Ihr Postfach: Ihr Platz in ${title} gehört Ihnen, sobald Sie dem Link in der E-Mail folgen, die wir an die angegebene Adresse geschickt haben.`
				}
			/>
			<NextSteps
				steps={[
					{
						when: 'Jetzt',
						what: `Öffnen Sie unsere E-Mail und folgen Sie ihrem Link innerhalb von ${heldHours} Stunden: Bis dahin ist Ihr Platz nur reserviert.`,
					},
					{
						when: 'Am Tag vor Ihrem Termin und eine Stunde vor Beginn',
						what: 'Wir schicken Ihnen eine Erinnerung mit Ihrem Link zur Teilnahme.',
					},
					{
						when: 'Nach dem Workshop',
						what: 'Wir schicken Ihnen die Aufzeichnung und den Code der Live-Session, sobald sie online sind.',
					},
				]}
				events={session ? [session] : sessions}
				links={[
					...readOnGerman,
					{ to: '/de', label: 'Zum Kurs', text: 'Die ganze Methode, Modul für Modul.' },
					{
						to: '/de/ai-driven-development-day',
						label: 'AI Driven Development Day',
						text: 'Ein Tag mit Vorträgen und Praxis-Sessions.',
					},
				]}
			/>
		</>
	)
}
