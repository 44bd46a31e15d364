import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn, readOnGerman } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import type { Locale } from '~/domain/locale'
import { signedUpCookie } from '~/http/cookies.server'
import { upcomingEvents } from '~/models/events/calendar.server'
import { confirmLead } from '~/models/leads/leads.server'
import { verifyToken } from '~/models/links/signed-token.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

/**
 * The link in the day-event e-mail: opening it completes the registration. Opening it again
 * changes nothing; a tampered or expired link stores nothing and says what to do.
 */
/** The page's words per language (decision 175). */
const COPY = {
	'en-US': {
		title: 'Registration',
		invalid:
			'This confirmation link is not valid. Please use the link from the e-mail as it is, or register again.',
		expired:
			'This confirmation link has expired. Please register again and we will send you a new one.',
		unknown: 'We could not find this registration. Please register again.',
		done: 'Your registration is complete',
		doneLead: (email: string) =>
			`See you at AI Driven Development Day. We'll send the joining link to ${email}.`,
		when: 'The day before, and an hour before the start',
		what: (email: string) => `A reminder with the joining link, to ${email}.`,
		passes: {
			label: 'Get passes for your team',
			text: 'One checkout, a pass link for each person.',
		},
		readOn,
		failed: 'This link did not work',
		back: 'Back to AI Driven Development Day',
	},
	'de-DE': {
		title: 'Anmeldung',
		invalid:
			'Dieser Bestätigungslink ist ungültig. Bitte verwenden Sie den Link aus der E-Mail unverändert, oder melden Sie sich erneut an.',
		expired:
			'Dieser Bestätigungslink ist abgelaufen. Bitte melden Sie sich erneut an, dann schicken wir Ihnen einen neuen.',
		unknown: 'Wir konnten diese Anmeldung nicht finden. Bitte melden Sie sich erneut an.',
		done: 'Ihre Anmeldung ist abgeschlossen',
		doneLead: (email: string) =>
			`Bis zum AI Driven Development Day. Den Link zur Teilnahme schicken wir an ${email}.`,
		when: 'Am Vortag und eine Stunde vor Beginn',
		what: (email: string) => `Eine Erinnerung mit dem Link zur Teilnahme, an ${email}.`,
		passes: { label: 'Tickets für Ihr Team', text: 'Ein Kauf, ein Ticket-Link für jede Person.' },
		readOn: readOnGerman,
		failed: 'Dieser Link hat nicht funktioniert',
		back: 'Zurück zum AI Driven Development Day',
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const locale = localeOfPath(url.pathname)
	const MESSAGES = COPY[locale]
	const token = url.searchParams.get('token')
	const result = verifyToken(token, 'confirm', getConfig().SESSION_SECRET)
	if (!result.ok)
		return data({ ok: false as const, message: MESSAGES[result.reason] }, { status: 400 })
	const found = await confirmLead(await getDb(), result.claims.email, 'day_event')
	if (!found) return data({ ok: false as const, message: MESSAGES.unknown }, { status: 404 })
	return data(
		{
			ok: true as const,
			email: result.claims.email,
			day: upcomingEvents('day', context.origin, locale),
		},
		{ headers: { 'Set-Cookie': signedUpCookie('day_event', context) } },
	)
}

export default function ConfirmRegistration() {
	const data = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			{data.ok ? (
				<>
					<PageHeading title={copy.done} lead={copy.doneLead(data.email)} />
					<NextSteps
						steps={[{ when: copy.when, what: copy.what(data.email) }]}
						events={data.day}
						links={[
							{ to: localePath('/ai-driven-development-day#passes', locale), ...copy.passes },
							...copy.readOn,
						]}
					/>
				</>
			) : (
				<PageHeading title={copy.failed} lead={data.message} />
			)}
			<Link
				to={localePath('/ai-driven-development-day', locale)}
				className="font-semibold text-indigo-700 underline dark:text-indigo-300"
			>
				{copy.back}
			</Link>
		</LeadLayout>
	)
}
