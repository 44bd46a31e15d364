/**
 * A German buyer's or seat holder's e-mails about the course's access (decision 177's pattern):
 * the access e-mail when the course opens and the reminder of seats still to hand out, in German,
 * chosen by the language of the person's own seat (their claim's, else their order's) or, for
 * the reminder, the order's (`orderTemplates`).
 */
import { countOf, PLACE_DE } from '~/domain/words'
import type {
	courseAccess as englishCourseAccess,
	seatHandOutReminder as englishSeatHandOutReminder,
	SeatsToHandOutData,
} from './templates'
import { COURSE_NAME, emailParts } from './templates'

const { A, Layout, NextSteps, P, renderEmail } = emailParts

const locale = 'de-DE'

const greeting = (name?: string | null) => (name ? `Hallo ${name},` : 'Hallo,')
const seats = (count: number) => countOf(count, PLACE_DE, locale)
const readOn = (siteUrl: string) => [
	{ href: `${siteUrl}/de/blog`, label: 'Zum Blog' },
	{ href: `${siteUrl}/de/cheatsheets`, label: 'Zu den Cheatsheets' },
]

/** templates.tsx's HandOut, in German: one line per order. */
function HandOut({ handOut }: { handOut: SeatsToHandOutData[] }) {
	return handOut.map((order) => (
		<P key={order.url}>
			<strong>Noch {seats(order.seats)} zu vergeben.</strong> Solange ein Platz nicht eingelöst ist,
			geht sein Zugang an Sie; sobald Ihre Kollegin oder Ihr Kollege ihn mit Namen und E-Mail
			einlöst, gehört der Zugang ihr oder ihm. <A href={order.url}>Ihre Plätze vergeben</A>
		</P>
	))
}

/** templates.tsx's courseAccess, in German. */
export const courseAccess: typeof englishCourseAccess = (data) => {
	const handOut = data.handOut ?? []
	const unclaimed = handOut.reduce((sum, order) => sum + order.seats, 0)
	return renderEmail(
		'courseAccess',
		`${COURSE_NAME} ist geöffnet: Ihr Zugang`,
		<Layout
			locale={locale}
			preview={
				unclaimed > 0
					? `${COURSE_NAME} ist geöffnet. Hier ist Ihr Zugang, und noch ${seats(unclaimed)} zu vergeben.`
					: `${COURSE_NAME} ist geöffnet. Hier ist Ihr Zugang.`
			}
		>
			<P>{greeting(data.name)}</P>
			<P>
				{COURSE_NAME} ist geöffnet,{' '}
				{data.ownSeat === false
					? 'und die Plätze, die Sie gekauft haben, sind bereit'
					: 'und Ihr Platz ist bereit'}
				. Hier geht es los: <A href={data.courseUrl}>{data.courseUrl}</A>
			</P>
			<HandOut handOut={handOut} />
			<NextSteps
				locale={locale}
				steps={[
					'Öffnen Sie den Kurs mit dieser E-Mail-Adresse. Bewahren Sie diese E-Mail auf: Der Link bleibt derselbe.',
					...(unclaimed > 0
						? [
								'Wer einen Ihrer Plätze einlöst, bekommt innerhalb weniger Minuten eine eigene E-Mail mit dem Zugang.',
							]
						: []),
				]}
				links={readOn(data.siteUrl)}
			/>
		</Layout>,
	)
}

/** templates.tsx's seatHandOutReminder, in German; `opensWhen` written in German by the caller. */
export const seatHandOutReminder: typeof englishSeatHandOutReminder = (data) => {
	const count = seats(data.seats)
	const one = data.seats === 1
	return renderEmail(
		'seatHandOutReminder',
		`Noch ${count} für ${COURSE_NAME} zu vergeben`,
		<Layout
			locale={locale}
			preview={`${count}, die Sie für ${COURSE_NAME} gekauft haben, ${one ? 'ist' : 'sind'} noch nicht eingelöst.`}
		>
			<P>{greeting(data.name)}</P>
			<P>
				{data.opensWhen
					? `${COURSE_NAME} öffnet ${data.opensWhen}, und ${count}, die Sie gekauft haben, ${one ? 'ist' : 'sind'} noch nicht eingelöst. Vergeben Sie ${one ? 'ihn' : 'sie'} vorher, damit jede Person ihren Zugang am Tag der Öffnung bekommt.`
					: `${COURSE_NAME} ist geöffnet, und ${count}, die Sie gekauft haben, ${one ? 'ist' : 'sind'} noch nicht eingelöst: Bis jemand einen Platz einlöst, geht sein Zugang an Sie.`}
			</P>
			<P>
				<A href={data.url}>Ihre Plätze vergeben</A>
			</P>
			<NextSteps
				locale={locale}
				steps={[
					'Schicken Sie jeder Kollegin und jedem Kollegen den Link ihres Platzes: Sie lösen ihn einmal ein, mit eigenem Namen und eigener E-Mail-Adresse.',
				]}
				links={readOn(data.siteUrl)}
			/>
		</Layout>,
	)
}
