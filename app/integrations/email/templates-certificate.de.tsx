/**
 * The certificate of attendance's e-mail in German (decisions 172, 177), for an attendee who
 * signed up, bought or claimed on a German page; its PDF's words are `models/certificates`'.
 * Picked with the other event messages by `eventTemplatesIn(locale)` (templates-leads.de.tsx).
 */
import {
	type EmailContent,
	emailParts,
	type certificateOfAttendance as englishCertificateOfAttendance,
} from './templates'

const { A, Layout, P, renderEmail } = emailParts

const locale = 'de-DE'
const greeting = (name: string) => `Hallo ${name},`

/** templates.tsx's certificateOfAttendance, in German: the PDF attached, its public check. */
export function certificateOfAttendance(
	data: Parameters<typeof englishCertificateOfAttendance>[0],
): Promise<EmailContent> {
	return renderEmail(
		'certificateOfAttendance',
		`Ihre Teilnahmebescheinigung: ${data.title}`,
		<Layout
			preview={`Ihre Teilnahmebescheinigung für ${data.title}.`}
			unsubscribe={data.unsubscribe}
			locale={locale}
		>
			<P>{greeting(data.name)}</P>
			<P>
				Danke für Ihre Teilnahme an {data.title} am {data.when}. Ihre Teilnahmebescheinigung hängt
				als PDF an. Wem Sie sie zeigen, kann sie unter ihrer eigenen Adresse prüfen, die darauf
				steht; diese Seite zeigt Ihren Namen, die Veranstaltung und ihr Datum, nie Ihre
				E-Mail-Adresse:
			</P>
			<P>
				<A href={data.verifyUrl}>{data.verifyUrl}</A>
			</P>
		</Layout>,
		data.unsubscribe,
	)
}
