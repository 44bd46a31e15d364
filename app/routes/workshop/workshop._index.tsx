import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Icon, type IconName } from '~/components/icons'
import { EventDate, SignupForm } from '~/components/islands'
import { CheckList, SignedUpNotice } from '~/components/landing/page-parts'
import { PageHeading } from '~/components/layouts'
import { SectionHeading } from '~/components/section-heading'
import { useLocale } from '~/components/use-locale'
import type { SiteEvent } from '~/content/site-content'
import { eventsOf, getSiteContent, workshopTitle } from '~/content/site-content.server'
import { getDb } from '~/db/client.server'
import type { Locale } from '~/domain/locale'
import { type EventState, eventData, type JsonLd } from '~/domain/structured-data'
import { MESSAGES, messageIn } from '~/forms/messages'
import { publicPageHeaders } from '~/http/cache-control.server'
import { isSignedUp, signedUpCookie } from '~/http/cookies.server'
import { pageHoneypot } from '~/http/honeypot.server'
import { presentEvent } from '~/models/events/calendar.server'
import { eventStates } from '~/models/events/event-states.server'
import {
	defaultSessionId,
	type SessionChoice,
	sessionChoices,
} from '~/models/events/sessions.server'
import { signupResponse, submitSignupForm } from '~/routes/landing/signup-forms.shared.server'
import { site, siteOrganisation } from '~/site'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decision 173): English as it always read, and German. */
const COPY = {
	'en-US': {
		description:
			'A free, hands-on workshop on using AI assistants in your everyday development workflow: planning, coding, reviewing and testing.',
		facts: [
			{ icon: 'clock', label: 'Length', value: '2 hours, live' },
			{ icon: 'map-pin', label: 'Where', value: 'Online, recording included' },
			{ icon: 'ticket', label: 'Price', value: 'Free' },
		],
		takeaways: [
			'A repeatable loop for working with an assistant: plan, prompt, test, review',
			'A starter rules file and prompt checklist for your own projects',
			'The recording and the code of the live build',
		],
		sessions: 'Sessions',
		sessionsLead: 'Every session is the same live workshop. Pick the time that suits you.',
		agenda: 'Agenda',
		leaveWith: 'You leave with',
		signUp: 'Save your seat',
		signUpLead:
			'Free, but seats in the live session are limited. Sign up and we e-mail you a reminder with your joining link the day before and an hour before.',
		signedUp: "You're signed up for the workshop. Watch your inbox for the details.",
		submit: 'Sign up for the workshop',
		consent:
			'We e-mail you about the workshop and, now and then, the course. Unsubscribe any time.',
	},
	'de-DE': {
		description:
			'Ein kostenloser Praxis-Workshop darüber, wie Sie KI-Assistenten in Ihrer täglichen Entwicklungsarbeit einsetzen: Planen, Programmieren, Reviewen und Testen.',
		facts: [
			{ icon: 'clock', label: 'Dauer', value: '2 Stunden, live' },
			{ icon: 'map-pin', label: 'Ort', value: 'Online, mit Aufzeichnung' },
			{ icon: 'ticket', label: 'Preis', value: 'Kostenlos' },
		],
		takeaways: [
			'Einen wiederholbaren Ablauf für die Arbeit mit einem Assistenten: planen, prompten, testen, prüfen',
			'Eine Regeldatei und eine Prompt-Checkliste als Start für Ihre eigenen Projekte',
			'Die Aufzeichnung und den Code der Live-Session',
		],
		sessions: 'Termine',
		sessionsLead: 'Jeder Termin ist derselbe Live-Workshop. Wählen Sie die Zeit, die Ihnen passt.',
		agenda: 'Ablauf',
		leaveWith: 'Sie nehmen mit',
		signUp: 'Sichern Sie sich Ihren Platz',
		signUpLead:
			'Kostenlos, aber die Plätze in der Live-Session sind begrenzt. Melden Sie sich an, und wir schicken Ihnen am Tag vorher und eine Stunde vorher eine Erinnerung mit Ihrem Link zur Teilnahme.',
		signedUp: 'Sie sind für den Workshop angemeldet. Die Einzelheiten kommen per E-Mail.',
		submit: 'Für den Workshop anmelden',
		consent:
			'Wir schreiben Ihnen zum Workshop und ab und zu zum Kurs. Abmelden können Sie sich jederzeit.',
	},
} satisfies Record<
	Locale,
	{ facts: { icon: IconName; label: string; value: string }[]; [text: string]: unknown }
>

// The same page for every anonymous visitor with the same markup inputs (docs/decisions/070).
export const headers = publicPageHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
	pageMeta(args, {
		title: args.data?.title,
		description: COPY[localeOfPath(args.location.pathname)].description,
		structuredData: args.data?.structuredData,
	})

export async function loader({ request, context }: LoaderFunctionArgs) {
	const db = await getDb()
	const locale = localeOfPath(new URL(request.url).pathname)
	const choices = await sessionChoices(db, undefined, locale)
	const sessions = eventsOf('workshop', { after: new Date() })
	const states = await eventStates(db, sessions)
	const { instructors } = getSiteContent().people
	return {
		// The workshop's one title, as its e-mails and calendar entries name it (decision 110).
		title: workshopTitle(),
		signedUp: isSignedUp(request, 'workshop'),
		honeypot: pageHoneypot(context),
		// Sessions and agenda from content/site/ (docs/decisions/086, 087).
		sessions: sessions.map((event) => presentEvent(event, context.origin, locale)),
		// The form's choice: the sessions not begun, full ones shown but not offered (decision 110).
		choices,
		defaultSession: defaultSessionId(choices),
		agenda: getSiteContent().agenda.workshop,
		structuredData: sessions.map((session) =>
			sessionStructuredData(session, {
				choice: choices.find((choice) => choice.id === session.id),
				state: states.get(session.id),
				instructors: instructors.map((person) => person.name),
				url: `${context.origin}${localePath('/workshop', locale)}`,
			}),
		),
	}
}

/**
 * A session as search engines read it (docs/decisions/169): free, its state, and full when the
 * page says so.
 */
function sessionStructuredData(
	session: SiteEvent,
	{
		choice,
		state,
		instructors,
		url,
	}: {
		choice: SessionChoice | undefined
		state: EventState | undefined
		instructors: string[]
		/** The page in the reader's language. */
		url: string
	},
): JsonLd {
	const origin = new URL(url).origin
	return eventData({
		name: session.title,
		description: session.description,
		url,
		image: `${origin}${site.socialImage.path}`,
		start: session.start,
		end: session.end,
		timeZone: session.timeZone,
		state: state ?? { status: 'scheduled' },
		organiser: siteOrganisation(origin),
		performers: instructors,
		offers: [
			{
				price: 0,
				currency: 'USD',
				availability: choice?.full ? 'SoldOut' : 'InStock',
				url: `${url}#sign-up`,
			},
		],
	})
}

export async function action({ request, context }: ActionFunctionArgs) {
	const outcome = await submitSignupForm(request, context, 'workshop')
	return signupResponse(outcome, signedUpCookie('workshop', context))
}

export default function WorkshopPage() {
	const { title, signedUp, honeypot, sessions, choices, defaultSession, agenda } =
		useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<>
			<PageHeading title={title} lead={copy.description} />
			<dl className="grid gap-4 sm:grid-cols-3">
				{copy.facts.map((fact) => (
					<div
						key={fact.label}
						className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
					>
						<dt className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
							<Icon name={fact.icon} className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />
							{fact.label}
						</dt>
						<dd className="mt-1 font-semibold">{fact.value}</dd>
					</div>
				))}
			</dl>
			<section aria-labelledby="sessions-heading" className="pt-10">
				<SectionHeading id="sessions-heading" title={copy.sessions} lead={copy.sessionsLead} />
				<ul className="grid gap-4 md:grid-cols-2">
					{sessions.map((session) => (
						<li key={session.id}>
							<EventDate event={session} />
						</li>
					))}
				</ul>
			</section>
			<div className="grid gap-10 py-10 lg:grid-cols-[3fr_2fr]">
				<section aria-labelledby="agenda-heading">
					<SectionHeading id="agenda-heading" title={copy.agenda} />
					<ol className="space-y-4 border-l-2 border-indigo-600 pl-5">
						{agenda.map(({ time, title: heading, text }) => (
							<li key={time}>
								<p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">{time}</p>
								<h3 className="font-semibold">{heading}</h3>
								<p className="text-slate-700 dark:text-slate-300">{text}</p>
							</li>
						))}
					</ol>
				</section>
				<section aria-labelledby="takeaways-heading">
					<SectionHeading id="takeaways-heading" title={copy.leaveWith} />
					<CheckList items={copy.takeaways} />
				</section>
			</div>
			<section
				id="sign-up"
				aria-labelledby="sign-up-heading"
				className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
			>
				<SectionHeading id="sign-up-heading" title={copy.signUp} lead={copy.signUpLead} />
				{signedUp ? (
					<SignedUpNotice next={localePath('/workshop/enrolled', locale)}>
						{copy.signedUp}
					</SignedUpNotice>
				) : defaultSession === undefined ? (
					<p role="status" className="font-medium">
						{messageIn(MESSAGES.workshopSessionNone, locale)}
					</p>
				) : (
					<SignupForm
						list="workshop"
						id="workshop-signup"
						lastResult={lastResult}
						honeypot={honeypot}
						submitLabel={copy.submit}
						consent={copy.consent}
						sessions={{ choices, defaultValue: defaultSession }}
					/>
				)}
			</section>
		</>
	)
}
