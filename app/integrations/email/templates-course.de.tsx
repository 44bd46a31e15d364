/**
 * The course interest's confirmation in German (decision 177), for someone who signed up on a
 * German page (`leads.locale`): templates.tsx's courseSignupConfirmation in German words, the
 * release's date German, its links under /de. Picked by `courseSignupConfirmationIn(locale)`.
 */
import type { Locale } from '~/domain/locale'
import { COURSE_NAME, courseSignupConfirmation, type EmailContent, emailParts } from './templates'

const { EventBlock, Layout, NextSteps, P, renderEmail } = emailParts

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
