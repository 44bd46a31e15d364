/**
 * A lead's remaining e-mails in German (decision 177), for someone who signed up on a German page
 * (`leads.locale`): the course interest's confirmation (its release date German, its links under
 * /de) and the workshop's move offer; templates.tsx's in German words. Picked by
 * `courseSignupConfirmationIn(locale)` and `workshopMoveOfferIn(locale)`.
 */
import type { Locale } from '~/domain/locale'
import {
	COURSE_NAME,
	courseSignupConfirmation,
	type EmailContent,
	emailParts,
	workshopMoveOffer,
} from './templates'

const { A, EventBlock, Layout, NextSteps, P, renderEmail } = emailParts

const locale = 'de-DE'

function germanCourseSignupConfirmation(
	data: Parameters<typeof courseSignupConfirmation>[0],
): Promise<EmailContent> {
	const home = `${data.siteUrl}/de`
	return renderEmail(
		'courseSignupConfirmation',
		`Sie sind dabei: ${COURSE_NAME}`,
		<Layout
			preview={`Sie stehen auf der Liste für ${COURSE_NAME}.`}
			unsubscribe={data.unsubscribe}
			locale={locale}
		>
			<P>{data.firstName ? `Hallo ${data.firstName},` : 'Hallo,'}</P>
			<P>
				{data.courseOpen
					? `Sie stehen auf der Liste für ${COURSE_NAME}. Der Kurs ist geöffnet: Melden Sie sich auf seiner Seite an und beginnen Sie noch heute.`
					: `Sie stehen auf der Liste für ${COURSE_NAME}. Wir melden uns, wenn der Kurs öffnet.`}
			</P>
			{data.release && !data.courseOpen ? (
				<EventBlock event={data.release} attached locale={locale} />
			) : null}
			<NextSteps
				locale={locale}
				steps={[
					data.courseOpen
						? 'Wir schreiben ab und zu mit Neuigkeiten zum Kurs: sonst nichts.'
						: 'Wir schreiben, wenn der Kurs öffnet, und ab und zu mit Neuigkeiten dazu: sonst nichts.',
				]}
				links={[
					{ href: home, label: home },
					{ href: `${home}/blog`, label: 'Zum Blog' },
					{ href: `${home}/cheatsheets`, label: 'Zu den Cheatsheets' },
				]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** The course interest's confirmation in the language signed up in. */
export function courseSignupConfirmationIn(reader: Locale) {
	return reader === 'de-DE' ? germanCourseSignupConfirmation : courseSignupConfirmation
}

function germanWorkshopMoveOffer(
	data: Parameters<typeof workshopMoveOffer>[0],
): Promise<EmailContent> {
	const current = data.current ? `${data.current.when} (${data.current.zoneName})` : null
	const next = `${data.next.when} (${data.next.zoneName})`
	return renderEmail(
		'workshopMoveOffer',
		`Sie sind schon für ${data.workshop} angemeldet`,
		<Layout
			preview={`Sie sind schon für ${data.workshop} angemeldet: zu ${next} wechseln?`}
			unsubscribe={data.unsubscribe}
			locale={locale}
		>
			<P>{data.firstName ? `Hallo ${data.firstName},` : 'Hallo,'}</P>
			<P>
				Sie sind schon für {data.workshop}
				{current ? ` am ${current}` : ''} angemeldet. Möchten Sie zu {next} wechseln?
			</P>
			<P>
				Jemand, wahrscheinlich Sie, hat auf unserer Workshop-Seite diese Adresse für diesen Termin
				angemeldet. Es hat sich nichts geändert: Ihr Platz und Ihr Link zur Teilnahme bleiben, wie
				sie sind, solange Sie nicht wechseln.
			</P>
			<P>
				<A href={data.moveUrl}>Zu {next} wechseln</A>
			</P>
			<P>
				Der Link gilt bis {data.expiresAt}. Wenn Sie nicht gefragt haben, ignorieren Sie diese
				Nachricht; es passiert nichts.
			</P>
			<NextSteps
				locale={locale}
				steps={[
					'Wenn Sie wechseln, folgt eine Bestätigung mit Ihrem neuen Termin und seiner Kalenderdatei.',
				]}
				links={[{ href: `${data.siteUrl}/de/workshop`, label: 'Die Seite des Workshops' }]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** The workshop's move offer in the language signed up in. */
export function workshopMoveOfferIn(reader: Locale) {
	return reader === 'de-DE' ? germanWorkshopMoveOffer : workshopMoveOffer
}
