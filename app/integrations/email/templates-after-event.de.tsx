/**
 * An event's e-mails after it, in German (decisions 159, 172, 177): the recordings' follow-up
 * and the certificate of attendance (its PDF's words are `models/certificates`'), for someone who
 * signed up, bought or claimed on a German page. Picked with the other event messages by
 * `eventTemplatesIn(locale)` (templates-leads.de.tsx).
 */
import {
	type EmailContent,
	emailParts,
	type certificateOfAttendance as englishCertificateOfAttendance,
	type workshopFollowUp as englishWorkshopFollowUp,
} from './templates'

const { A, Layout, NextSteps, P, renderEmail } = emailParts

const locale = 'de-DE'
const greeting = (name?: string | null) => (name ? `Hallo ${name},` : 'Hallo,')

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

/** templates.tsx's workshopFollowUp, in German: the recordings promised, after the event. */
export function workshopFollowUp(
	data: Parameters<typeof englishWorkshopFollowUp>[0],
): Promise<EmailContent> {
	const day = data.kind === 'day'
	const what = day ? 'Die Aufzeichnungen' : 'Die Aufzeichnung und der Code'
	return renderEmail(
		'workshopFollowUp',
		`${what}: ${data.title}`,
		<Layout preview={`${what} von ${data.title}.`} unsubscribe={data.unsubscribe} locale={locale}>
			<P>{greeting(data.firstName)}</P>
			<P>
				{day
					? `Danke für Ihren Pass für ${data.title} am ${data.when}. Wie versprochen, hier sind die Aufzeichnungen der Vorträge und der Praxis-Sessions:`
					: `Danke für Ihre Anmeldung zu ${data.title} am ${data.when}. Wie versprochen, hier sind die Aufzeichnung und der Code der Live-Session:`}
			</P>
			<P>
				<A href={data.link}>{data.link}</A>
			</P>
			<NextSteps
				locale={locale}
				steps={[
					day
						? 'Sehen Sie sie in Ihrem Tempo an, und probieren Sie das Gesehene an einem eigenen Projekt aus.'
						: 'Sehen Sie sie in Ihrem Tempo an, und probieren Sie die Schleife an einem eigenen Projekt aus.',
				]}
				links={[
					{
						href: data.pageUrl,
						label: day ? 'Die Seite der Veranstaltung' : 'Die Seite des Workshops',
					},
				]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}
