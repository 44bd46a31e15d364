/**
 * The waiting list's e-mails in German (decisions 174, 175): the confirmation of a place and the
 * offer, for a place asked for on a German page (`waitlist_entries.locale`), the English ones'
 * parts (templates.tsx) in German words. Chosen by the place's locale (`waitlistTemplatesIn`).
 */
import type { Locale } from '~/domain/locale'
import {
	type EmailContent,
	emailParts,
	type UnsubscribeLinks,
	waitlistConfirm,
	waitlistOffer,
} from './templates'

const { A, Layout, NextSteps, P, renderEmail } = emailParts

const locale = 'de-DE'

/** templates.tsx's waitlistConfirm, in German. */
function germanWaitlistConfirm(data: Parameters<typeof waitlistConfirm>[0]): Promise<EmailContent> {
	const what = `${data.quantity} × ${data.itemName}`
	return renderEmail(
		'waitlistConfirm',
		`Bestätigen Sie Ihren Platz auf der Warteliste: ${data.itemName}`,
		<Layout
			locale={locale}
			preview={`Öffnen Sie den Link, um Ihren Platz in der Warteschlange für ${what} einzunehmen.`}
		>
			<P>Hallo,</P>
			<P>
				Jemand hat mit dieser Adresse um einen Platz auf der Warteliste für {what} gebeten. Öffnen
				Sie diesen Link, um ihn zu bestätigen und Ihren Platz in der Warteschlange einzunehmen:
			</P>
			<P>
				<A href={data.confirmUrl}>Meinen Platz bestätigen</A>
			</P>
			<P>
				Der Link gilt bis {data.until}. Waren Sie es nicht, ignorieren Sie diese Nachricht: Nichts
				wird gespeichert, und es kommt kein Angebot.
			</P>
		</Layout>,
	)
}

/** templates.tsx's waitlistOffer, in German. */
function germanWaitlistOffer(data: {
	itemName: string
	quantity: number
	offerUrl: string
	heldUntil: string
	unsubscribe: UnsubscribeLinks
}): Promise<EmailContent> {
	const what = `${data.quantity} × ${data.itemName}`
	return renderEmail(
		'waitlistOffer',
		`Sie sind an der Reihe: ${data.itemName}`,
		<Layout
			locale={locale}
			preview={`${what} für Sie reserviert bis ${data.heldUntil}.`}
			unsubscribe={data.unsubscribe}
		>
			<P>Hallo,</P>
			<P>
				Sie standen auf der Warteliste, und Sie sind an der Reihe: {what} für Sie reserviert bis{' '}
				{data.heldUntil}. Bis dahin kann niemand sonst sie kaufen.
			</P>
			<P>
				<A href={data.offerUrl}>Jetzt kaufen</A>
			</P>
			<NextSteps
				locale={locale}
				steps={[
					'Kaufen Sie nicht bis dahin, geht das Angebot an die nächste Person auf der Warteliste.',
					'Kein Interesse mehr? Tun Sie nichts: Das Angebot endet von selbst.',
				]}
				links={[]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** The waiting list's e-mails in the language the place was asked for in. */
export function waitlistTemplatesIn(reader: Locale) {
	return reader === 'de-DE'
		? { waitlistConfirm: germanWaitlistConfirm, waitlistOffer: germanWaitlistOffer }
		: { waitlistConfirm, waitlistOffer }
}
