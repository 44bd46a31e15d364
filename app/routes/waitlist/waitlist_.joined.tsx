/**
 * After asking to join a waiting list (docs/decisions/120, 130): the address must be confirmed
 * first; what happens next, and when. The same page whether or not the address already waits.
 */
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import { getConfig } from '~/config.server'
import type { Locale } from '~/domain/locale'
import { countOf } from '~/domain/words'
import { WAITLIST_CONFIRM_HOURS } from '~/models/waitlist/offers.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decision 175). */
const COPY = {
	'en-US': {
		title: 'Check your inbox to confirm your place',
		hours: { one: 'hour', other: 'hours' },
		lead: (confirm: string) =>
			`We sent a link to the address you gave. Open it within ${confirm} to take your place on the waiting list: until then you have none, and no offer is sent. Nothing to pay until seats come back for you.`,
		now: 'Now',
		nowWhat: 'Open the link in the e-mail: your place counts from the moment you confirm.',
		back: 'When seats come back',
		backWhat: (held: string) =>
			`They are offered in the order places were confirmed, to the first person they fit: we e-mail you a link that holds them for you for ${held}.`,
		within: (held: string) => `Within ${held}`,
		withinWhat: 'Open the link and pay, or do nothing: the offer then passes to the next person.',
		course: { label: 'Back to the course', text: 'What the course covers.' },
	},
	'de-DE': {
		title: 'Bestätigen Sie Ihren Platz über Ihr Postfach',
		hours: { one: 'Stunde', other: 'Stunden' },
		lead: (confirm: string) =>
			`Wir haben einen Link an die angegebene Adresse geschickt. Öffnen Sie ihn innerhalb von ${confirm}, um Ihren Platz auf der Warteliste einzunehmen: Bis dahin haben Sie keinen, und es kommt kein Angebot. Zu zahlen ist erst, wenn Plätze für Sie frei werden.`,
		now: 'Jetzt',
		nowWhat: 'Öffnen Sie den Link in der E-Mail: Ihr Platz zählt ab dem Moment der Bestätigung.',
		back: 'Wenn Plätze frei werden',
		backWhat: (held: string) =>
			`Wir bieten sie in der Reihenfolge der Bestätigungen an, der ersten Person, zu der sie passen: Sie bekommen einen Link, der sie ${held} für Sie hält.`,
		within: (held: string) => `Innerhalb von ${held}`,
		withinWhat:
			'Öffnen Sie den Link und zahlen Sie, oder tun Sie nichts: Das Angebot geht dann an die nächste Person.',
		course: { label: 'Zurück zum Kurs', text: 'Was der Kurs behandelt.' },
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title })

export function loader() {
	return { hours: getConfig().WAITLIST_OFFER_HOURS, confirmHours: WAITLIST_CONFIRM_HOURS }
}

export default function Page() {
	const { hours, confirmHours } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	const held = countOf(hours, copy.hours, locale)
	const confirm = countOf(confirmHours, copy.hours, locale)
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead(confirm)} />
			<NextSteps
				steps={[
					{ when: copy.now, what: copy.nowWhat },
					{ when: copy.back, what: copy.backWhat(held) },
					{ when: copy.within(held), what: copy.withinWhat },
				]}
				links={[{ to: localePath('/', locale), ...copy.course }]}
			/>
		</LeadLayout>
	)
}
