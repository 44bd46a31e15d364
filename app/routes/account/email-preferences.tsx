/**
 * /email-preferences?token=… (docs/decisions/109, 149): the page every e-mail with unsubscribe
 * links to, signed for its recipient, no sign-in. Opening it changes nothing (link scanners open
 * every link). It shows both kinds: news, with a button that unsubscribes from news or
 * resubscribes; and each event to come the address signed up for, with a button that stops or
 * resumes that event's reminders. A link from an event's e-mail names that event too. A tampered
 * or truncated link is a 400 page that says so. Works without JavaScript.
 */
import { getFormProps } from '@conform-to/react'
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import {
	Form,
	isRouteErrorResponse,
	Link,
	useActionData,
	useLoaderData,
	useRouteError,
} from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { SiteErrorBoundary } from '~/components/error-boundary'
import { FormErrors } from '~/components/field'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import type { Locale } from '~/domain/locale'
import { MESSAGES } from '~/forms/messages'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { type ReminderChoice, reminderChoices } from '~/models/events/reminder-choices.server'
import { isUnsubscribed, resubscribe, unsubscribe } from '~/models/preferences/preferences.server'
import {
	preferencesLinkOwner,
	resumeReminders,
	stopReminders,
} from '~/models/preferences/reminder-stops.server'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decision 178): a German e-mail's footer links here under /de. */
const COPY = {
	'en-US': {
		title: 'E-mail preferences',
		heading: 'Your e-mail preferences',
		news: 'News',
		newsOff:
			'You are unsubscribed from news: we send this address no messages from the course team or news.',
		newsOn: 'You get our news: messages from the course team and news.',
		resubscribe: 'Resubscribe to news',
		unsubscribe: 'Unsubscribe from news',
		reminders: 'Reminders of what you signed up for',
		note: 'Unsubscribing from news stops no reminder. Receipts, the confirmation of a sign-up you make and the notice of a change to an event you signed up for reach you either way.',
		noEvents: 'This address is signed up for no event to come.',
		stopped: 'Reminders stopped: we send you none for this event.',
		on: 'Reminders on: the day before and an hour before the start, with your joining link.',
		resume: 'Resume reminders',
		stop: 'Stop reminders',
		of: (title: string, when: string) => ` of ${title}, ${when}`,
		failed: 'This link did not work',
	},
	'de-DE': {
		title: 'E-Mail-Einstellungen',
		heading: 'Ihre E-Mail-Einstellungen',
		news: 'Neuigkeiten',
		newsOff:
			'Sie haben die Neuigkeiten abbestellt: Wir schicken dieser Adresse keine Nachrichten des Kursteams und keine Neuigkeiten.',
		newsOn: 'Sie bekommen unsere Neuigkeiten: Nachrichten des Kursteams und Neues zum Kurs.',
		resubscribe: 'Neuigkeiten wieder abonnieren',
		unsubscribe: 'Neuigkeiten abbestellen',
		reminders: 'Erinnerungen an Ihre Anmeldungen',
		note: 'Wer die Neuigkeiten abbestellt, bekommt trotzdem alle Erinnerungen. Quittungen, die Bestätigung einer Anmeldung und die Nachricht über eine Änderung an einer Veranstaltung, für die Sie angemeldet sind, erreichen Sie in jedem Fall.',
		noEvents: 'Diese Adresse ist für keine kommende Veranstaltung angemeldet.',
		stopped: 'Erinnerungen abbestellt: Für diese Veranstaltung schicken wir Ihnen keine.',
		on: 'Erinnerungen an: am Tag vorher und eine Stunde vor Beginn, mit Ihrem Link zur Teilnahme.',
		resume: 'Erinnerungen wieder einschalten',
		stop: 'Erinnerungen abbestellen',
		of: (title: string, when: string) => ` für ${title}, ${when}`,
		failed: 'Dieser Link hat nicht funktioniert',
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

// The page names the address: no shared cache may keep it.
const PRIVATE = { 'Cache-Control': 'private, no-store' }

const INVALID_LINK: Record<Locale, string> = {
	'en-US':
		'This link is not valid. Please open the link from one of our e-mails as it is, all of it.',
	'de-DE':
		'Dieser Link ist ungültig. Bitte öffnen Sie den Link aus einer unserer E-Mails so, wie er ist, vollständig.',
}

/** The address the link is signed for, or the 400 page that says the link did not work. */
function addressOf(request: Request): string {
	const owner = preferencesLinkOwner(new URL(request.url).searchParams.get('token'))
	if (!owner) {
		const message = INVALID_LINK[localeOfPath(new URL(request.url).pathname)]
		throw data({ message }, { status: 400, headers: PRIVATE })
	}
	return owner.email
}

export async function loader({ request }: LoaderFunctionArgs) {
	const email = addressOf(request)
	const db = await getDb()
	const locale = localeOfPath(new URL(request.url).pathname)
	return data(
		{
			email,
			unsubscribed: await isUnsubscribed(db, email),
			events: await reminderChoices(db, email, new Date(), locale),
		},
		{ headers: PRIVATE },
	)
}

export async function action({ request }: ActionFunctionArgs) {
	const email = addressOf(request)
	const submission = parseForm('emailPreferences', await readForm(request))
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: PRIVATE })
	const db = await getDb()
	const { intent, event } = submission.value
	if (intent === 'unsubscribe') await unsubscribe(db, email)
	else if (intent === 'resubscribe') await resubscribe(db, email)
	else {
		// Only an event this address signed up for, or stopped: nothing else is its to choose.
		const listed = (await reminderChoices(db, email, new Date())).some(
			(choice) => choice.eventId === event,
		)
		if (!event || !listed)
			return data(submission.reply({ formErrors: [MESSAGES.emailPreferencesEvent] }), {
				status: 400,
				headers: PRIVATE,
			})
		if (intent === 'stop-reminders') await stopReminders(db, email, event)
		else await resumeReminders(db, email, event)
	}
	return data(submission.reply({ resetForm: true }), { headers: PRIVATE })
}

export default function EmailPreferences() {
	const { email, unsubscribed, events } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	const [form] = useValidatedForm('emailPreferences', { id: 'email-preferences', lastResult })
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading title={copy.heading} lead={email} />
			<FormErrors id={form.errorId} errors={form.errors} prominent />
			<h2 className="mb-2 text-xl font-semibold">{copy.news}</h2>
			<p role="status" className="mb-4">
				{unsubscribed ? copy.newsOff : copy.newsOn}
			</p>
			<Form method="post" {...getFormProps(form)} className="mb-8">
				<input type="hidden" name="intent" value={unsubscribed ? 'resubscribe' : 'unsubscribe'} />
				<SubmitButton>{unsubscribed ? copy.resubscribe : copy.unsubscribe}</SubmitButton>
			</Form>
			<h2 className="mb-2 text-xl font-semibold">{copy.reminders}</h2>
			<EventReminders events={events} copy={copy} />
			<p className="mb-6 text-slate-700 dark:text-slate-300">{copy.note}</p>
			<HomeLink locale={locale} />
		</LeadLayout>
	)
}

function HomeLink({ locale }: { locale: Locale }) {
	return (
		<Link
			to={localePath('/', locale)}
			className="font-semibold text-indigo-700 underline dark:text-indigo-300"
		>
			{t('backToHome', locale)}
		</Link>
	)
}

/** Each event to come with its reminders' state and the button that turns them off or on. */
function EventReminders({
	events,
	copy,
}: {
	events: ReminderChoice[]
	copy: (typeof COPY)[Locale]
}) {
	if (events.length === 0) return <p className="mb-4">{copy.noEvents}</p>
	return (
		<ul className="mb-6 space-y-4">
			{events.map((choice) => (
				<li key={choice.eventId}>
					<p className="font-semibold">{choice.title}</p>
					<p className="mb-2">{choice.when}</p>
					<p role="status" className="mb-2">
						{choice.stopped ? copy.stopped : copy.on}
					</p>
					<Form method="post">
						<input
							type="hidden"
							name="intent"
							value={choice.stopped ? 'resume-reminders' : 'stop-reminders'}
						/>
						<input type="hidden" name="event" value={choice.eventId} />
						<SubmitButton>
							{choice.stopped ? copy.resume : copy.stop}
							<span className="sr-only">{copy.of(choice.title, choice.when)}</span>
						</SubmitButton>
					</Form>
				</li>
			))}
		</ul>
	)
}

/** A link that did not verify says so; anything else is the site's error page. */
export function ErrorBoundary() {
	const error = useRouteError()
	const locale = useLocale()
	if (!isRouteErrorResponse(error) || error.status !== 400) return <SiteErrorBoundary />
	return (
		<LeadLayout>
			<PageHeading title={COPY[locale].failed} lead={INVALID_LINK[locale]} />
			<HomeLink locale={locale} />
		</LeadLayout>
	)
}
