/**
 * /waitlist/confirm/:token (docs/decisions/130): the link a joining's e-mail carries. Opening it
 * confirms the address and gives the entry its place in the queue; opening it again changes
 * nothing. The token is signed (signed-token.server.ts, purpose `waitlist-confirm`) and expires
 * with the unconfirmed entry: an expired link says to join again; one we did not sign is a 404.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import type { Locale } from '~/domain/locale'
import { confirmWaitlistEntry } from '~/models/waitlist/entries.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's words per language (decision 178). */
const COPY = {
	'en-US': {
		title: 'Your place on the waiting list',
		ended: 'This link has ended',
		endedLead:
			'A place is kept only for an address confirmed within a day. Join the waiting list again and we send you a new link.',
		heading: "You're on the waiting list",
		already: 'Your address was confirmed already: your place is kept.',
		confirmed: 'Your address is confirmed: your place in the queue counts from now.',
		back: 'When seats come back',
		backWhat:
			'They are offered in the order places were confirmed, to the first person they fit: we e-mail you a link that holds them for you.',
		after: 'Then',
		afterWhat: 'Open the link and pay, or do nothing: the offer then passes to the next person.',
		course: { label: 'Back to the course', text: 'What the course covers.' },
	},
	'de-DE': {
		title: 'Ihr Platz auf der Warteliste',
		ended: 'Dieser Link ist abgelaufen',
		endedLead:
			'Ein Platz wird nur für eine Adresse gehalten, die innerhalb eines Tages bestätigt wird. Setzen Sie sich wieder auf die Warteliste: Wir schicken Ihnen dann einen neuen Link.',
		heading: 'Sie stehen auf der Warteliste',
		already: 'Ihre Adresse war schon bestätigt: Ihr Platz bleibt Ihnen.',
		confirmed: 'Ihre Adresse ist bestätigt: Ihr Platz in der Warteschlange zählt ab jetzt.',
		back: 'Wenn Plätze frei werden',
		backWhat:
			'Wir bieten sie in der Reihenfolge der Bestätigungen an, der ersten Person, zu der sie passen: Wir schicken Ihnen einen Link, der sie für Sie hält.',
		after: 'Dann',
		afterWhat:
			'Öffnen Sie den Link und zahlen Sie, oder tun Sie nichts: Das Angebot geht dann an die nächste Person.',
		course: { label: 'Zurück zum Kurs', text: 'Was der Kurs behandelt.' },
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

const noStore = { 'Cache-Control': 'private, no-store' }
export const headers = () => noStore

export async function loader({ params }: LoaderFunctionArgs) {
	const result = await confirmWaitlistEntry(await getDb(), params.token)
	if (result === 'invalid') throw new Response('Not found', { status: 404, headers: noStore })
	return data({ result }, { status: result === 'expired' ? 410 : 200, headers: noStore })
}

export default function Page() {
	const { result } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	if (result === 'expired')
		return (
			<LeadLayout>
				<PageHeading title={copy.ended} lead={copy.endedLead} />
			</LeadLayout>
		)
	return (
		<LeadLayout>
			<PageHeading
				title={copy.heading}
				lead={result === 'already' ? copy.already : copy.confirmed}
			/>
			<NextSteps
				steps={[
					{ when: copy.back, what: copy.backWhat },
					{ when: copy.after, what: copy.afterWhat },
				]}
				links={[{ to: localePath('/', locale), ...copy.course }]}
			/>
		</LeadLayout>
	)
}
