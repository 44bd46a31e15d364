import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn, readOnGerman } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import type { Locale } from '~/domain/locale'
import { countOf, DAYS, DAYS_DE, MINUTE, MINUTE_DE } from '~/domain/words'
import { upcomingEvents } from '~/models/events/calendar.server'
import { CONFIRM_LINK_TTL } from '~/models/leads/leads.server'
import { CONFIRMATION_RESEND_MINUTES } from '~/models/preferences/confirmation-limits.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decision 175). */
const COPY = {
	'en-US': {
		title: 'Check your inbox',
		lead: "We've sent you an e-mail: open the link in it to complete your registration.",
		days: DAYS,
		minutes: MINUTE,
		now: 'Now',
		nowWhat: (valid: string, resend: string) =>
			`Open the link in the e-mail we sent to the address you gave; it works for ${valid}. Nothing there? Check your spam folder, or register again in ${resend} for a fresh link.`,
		before: 'Before the day',
		beforeWhat:
			'Once you confirm, we e-mail you a reminder with the joining link the day before and an hour before the start.',
		passes: {
			label: 'Get passes for your team',
			text: 'One checkout, a pass link for each person.',
		},
		readOn,
	},
	'de-DE': {
		title: 'Sehen Sie in Ihr Postfach',
		lead: 'Wir haben Ihnen eine E-Mail geschickt: Öffnen Sie den Link darin, um Ihre Anmeldung abzuschließen.',
		days: DAYS_DE,
		minutes: MINUTE_DE,
		now: 'Jetzt',
		nowWhat: (valid: string, resend: string) =>
			`Öffnen Sie den Link in der E-Mail an die angegebene Adresse; er gilt ${valid}. Nichts angekommen? Sehen Sie im Spam-Ordner nach, oder melden Sie sich in ${resend} erneut an, um einen neuen Link zu bekommen.`,
		before: 'Vor dem Tag',
		beforeWhat:
			'Sobald Sie bestätigt haben, schicken wir Ihnen am Vortag und eine Stunde vor Beginn eine Erinnerung mit dem Link zur Teilnahme.',
		passes: {
			label: 'Tickets für Ihr Team',
			text: 'Ein Kauf, ein Ticket-Link für jede Person.',
		},
		readOn: readOnGerman,
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title })

export function loader({ request, context }: LoaderFunctionArgs) {
	const locale = localeOfPath(new URL(request.url).pathname)
	const copy = COPY[locale]
	return {
		day: upcomingEvents('day', context.origin, locale),
		linkValidFor: countOf(Math.round(CONFIRM_LINK_TTL / 86_400), copy.days, locale),
		resendAfter: countOf(CONFIRMATION_RESEND_MINUTES, copy.minutes, locale),
	}
}

/** After registering for the day event (SPEC §2): the e-mail to open, then the day (docs/decisions/089). */
export default function Page() {
	const { day, linkValidFor, resendAfter } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead} />
			<NextSteps
				steps={[
					{ when: copy.now, what: copy.nowWhat(linkValidFor, resendAfter) },
					{ when: copy.before, what: copy.beforeWhat },
				]}
				events={day}
				links={[
					{ to: localePath('/ai-driven-development-day#passes', locale), ...copy.passes },
					...copy.readOn,
				]}
			/>
		</LeadLayout>
	)
}
