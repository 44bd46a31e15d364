/**
 * A lead's event messages in German (decision 175): the reminders the day before and an hour
 * before, and the notices that a session moved or was cancelled, for someone who signed up on a
 * German page (`leads.locale`). The same parts and kinds as the English ones in templates.tsx,
 * so the outbox, the one-click link and the stop link are theirs; the caller picks the language.
 */
import { formatMoment } from '~/domain/dates'
import type { Locale } from '~/domain/locale'
import { countOf, unitsOf } from '~/domain/words'
import { localeUrl } from '~/utils/i18n'
import {
	certificateOfAttendance,
	DAY_NAME,
	dayEventConfirmation,
	type EmailContent,
	type EventChangeData,
	emailParts,
	eventCancelled,
	eventChanged,
	type HandOut,
	type HandOutReminderData,
	passHandOutReminder,
	type ReminderData,
	reminderDayBefore,
	reminderHourBefore,
	workshopFollowUp,
} from './templates'
import {
	certificateOfAttendance as germanCertificateOfAttendance,
	workshopFollowUp as germanWorkshopFollowUp,
} from './templates-after-event.de'

const { A, EventBlock, Layout, NextSteps, P, renderEmail } = emailParts

const locale = 'de-DE'
const greeting = (firstName?: string | null) => (firstName ? `Hallo ${firstName},` : 'Hallo,')
const eventPage = (pageUrl: string) => ({ href: pageUrl, label: 'Die Seite der Veranstaltung' })

/** templates.tsx's HandOutNote in German: a buyer's passes nobody has claimed yet (decision 155). */
function HandOutNote({ handOut }: { handOut?: HandOut[] }) {
	if (!handOut || handOut.length === 0) return null
	const total = handOut.reduce((sum, order) => sum + order.unclaimed, 0)
	const passes = (count: number) => countOf(count, unitsOf('pass', locale), locale)
	return (
		<>
			<P>
				{total === 1
					? 'Sie haben 1 Pass gekauft, den noch niemand beansprucht hat. Bis er beansprucht ist, kommen seine Nachrichten und sein Link zur Teilnahme zu Ihnen.'
					: `Sie haben ${passes(total)} gekauft, die noch niemand beansprucht hat. Bis jeder beansprucht ist, kommen seine Nachrichten und sein Link zur Teilnahme zu Ihnen.`}{' '}
				Um {total === 1 ? 'ihn' : 'sie'} weiterzugeben, senden Sie jeder Person ihren eigenen
				Pass-Link von Ihrer Bestellseite; sie beansprucht ihn mit Namen und E-Mail-Adresse, und ab
				dann gehen ihre Nachrichten an sie.
			</P>
			{handOut.map((order) => (
				<P key={order.url}>
					<A href={order.url}>
						{handOut.length === 1
							? 'Ihre Bestellseite'
							: `Ihre Bestellung mit ${passes(order.unclaimed)} zum Weitergeben`}
					</A>
				</P>
			))}
		</>
	)
}

function Reminder({ data, preview, lead }: { data: ReminderData; preview: string; lead: string }) {
	return (
		<Layout preview={preview} unsubscribe={data.unsubscribe} locale={locale}>
			<P>{greeting(data.firstName)}</P>
			<P>{lead}</P>
			<EventBlock event={data.event} attached={false} locale={locale} />
			<P>
				{/* The joining page in German (decision 178). */}
				<A href={localeUrl(data.joinUrl, locale)}>Ihren Link zur Teilnahme öffnen</A>
			</P>
			<P>
				Der Link gehört nur Ihnen: Er zeigt Ihnen als angemeldeter Person den Zugang zur
				Veranstaltung. Bitte leiten Sie ihn nicht weiter.
			</P>
			<HandOutNote handOut={data.handOut} />
			<NextSteps
				locale={locale}
				steps={['Öffnen Sie den Link ein paar Minuten vor Beginn, um teilzunehmen.']}
				links={[eventPage(data.pageUrl)]}
			/>
		</Layout>
	)
}

/** The day before a workshop session or the day event. */
function germanReminderDayBefore(data: ReminderData): Promise<EmailContent> {
	return renderEmail(
		'reminderDayBefore',
		`Erinnerung: ${data.event.title} beginnt in weniger als einem Tag`,
		<Reminder
			data={data}
			preview={`${data.event.title} beginnt ${data.event.when}.`}
			lead={`Eine Erinnerung: ${data.event.title} beginnt ${data.event.when} (${data.event.zoneName}). Hier ist Ihr Link zur Teilnahme.`}
		/>,
		data.unsubscribe,
	)
}

/** An hour before a workshop session or the day event starts. */
function germanReminderHourBefore(data: ReminderData): Promise<EmailContent> {
	return renderEmail(
		'reminderHourBefore',
		`Beginnt in weniger als einer Stunde: ${data.event.title}`,
		<Reminder
			data={data}
			preview={`${data.event.title} beginnt in weniger als einer Stunde.`}
			lead={`${data.event.title} beginnt in weniger als einer Stunde. Hier ist Ihr Link zur Teilnahme.`}
		/>,
		data.unsubscribe,
	)
}

/** The date, time or place of the event changed; the new calendar file is attached. */
function germanEventChanged(data: EventChangeData): Promise<EmailContent> {
	return renderEmail(
		'eventChanged',
		`Geändert: ${data.event.title}`,
		<Layout
			preview={`${data.event.title} hat sich geändert.`}
			unsubscribe={data.unsubscribe}
			locale={locale}
		>
			<P>{greeting(data.firstName)}</P>
			<P>
				{data.event.title}, wofür Sie sich angemeldet haben, hat sich geändert. So steht es jetzt:
			</P>
			<EventBlock event={data.event} attached locale={locale} />
			<P>Öffnen Sie die angehängte Kalenderdatei, um den Eintrag in Ihrem Kalender anzupassen.</P>
			<HandOutNote handOut={data.handOut} />
			<NextSteps
				locale={locale}
				steps={[
					// Never a promise of reminders the person stopped (decision 149).
					data.unsubscribe.event?.remindersStopped
						? 'Sie haben die Erinnerungen an diese Veranstaltung abbestellt, daher kommen keine; der Link unter dieser E-Mail schaltet sie wieder ein.'
						: 'Ihre Erinnerungen kommen zur neuen Zeit, am Vortag und eine Stunde vor Beginn, mit Ihrem Link zur Teilnahme.',
				]}
				links={[eventPage(data.pageUrl)]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** The event will not take place; the attached file removes it from calendars. */
function germanEventCancelled(data: EventChangeData): Promise<EmailContent> {
	return renderEmail(
		'eventCancelled',
		`Abgesagt: ${data.event.title}`,
		<Layout
			preview={`${data.event.title} findet nicht statt.`}
			unsubscribe={data.unsubscribe}
			locale={locale}
		>
			<P>{greeting(data.firstName)}</P>
			<P>
				{data.event.title} am {data.event.when} ({data.event.zoneName}) ist abgesagt: Die
				Veranstaltung findet nicht statt. Das tut uns leid.
			</P>
			<P>Öffnen Sie die angehängte Kalenderdatei, um sie aus Ihrem Kalender zu entfernen.</P>
			<NextSteps
				locale={locale}
				steps={[
					'Es folgen keine Erinnerungen dazu. Die Seite der Veranstaltung zeigt, was stattdessen ansteht.',
				]}
				links={[eventPage(data.pageUrl)]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/**
 * templates.tsx's passHandOutReminder in German: to a buyer who bought on a German page, a week
 * and two days before the day, with the passes still to hand out (decisions 155, 177).
 */
function germanPassHandOutReminder(data: HandOutReminderData): Promise<EmailContent> {
	const total = data.handOut.reduce((sum, order) => sum + order.unclaimed, 0)
	const passes = countOf(total, unitsOf('pass', locale), locale)
	return renderEmail(
		'passHandOutReminder',
		`${passes} für ${data.event.title} noch weiterzugeben`,
		<Layout
			preview={`${data.event.title} ist nur noch ${data.inHowLong} entfernt, und ${passes} ${total === 1 ? 'ist' : 'sind'} noch nicht beansprucht.`}
			unsubscribe={data.unsubscribe}
			locale={locale}
		>
			<P>{greeting(data.firstName)}</P>
			<P>
				{data.event.title} ist nur noch {data.inHowLong} entfernt.
			</P>
			<EventBlock event={data.event} attached={false} locale={locale} />
			<HandOutNote handOut={data.handOut} />
			<NextSteps
				locale={locale}
				steps={['Sobald jeder Pass beansprucht ist, hören diese Erinnerungen auf.']}
				links={[eventPage(data.pageUrl)]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** The day's free registration: the link that completes it, in German (decision 175). */
function germanDayEventConfirmation(
	data: Parameters<typeof dayEventConfirmation>[0],
): Promise<EmailContent> {
	const until = formatMoment(data.expiresAt, 'UTC', locale)
	return renderEmail(
		'dayEventConfirmation',
		`Bestätigen Sie Ihre Anmeldung zum ${DAY_NAME}`,
		<Layout
			preview={`Öffnen Sie den Link, um Ihre Anmeldung zum ${DAY_NAME} abzuschließen.`}
			locale={locale}
		>
			<P>{greeting(data.firstName)}</P>
			<P>Danke für Ihre Anmeldung zum {DAY_NAME}. Öffnen Sie diesen Link, um sie abzuschließen:</P>
			<P>
				<A href={data.confirmUrl}>Meine Anmeldung abschließen</A>
			</P>
			<P>
				Der Link gilt bis {until}. Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese
				Nachricht; es passiert nichts.
			</P>
			{data.event ? <EventBlock event={data.event} attached locale={locale} /> : null}
			<NextSteps
				locale={locale}
				steps={[
					'Sobald Sie bestätigen, ist Ihr Platz gesichert. Am Vortag und eine Stunde vor Beginn schicken wir Ihnen eine Erinnerung mit dem Link zur Teilnahme.',
				]}
				links={
					data.siteUrl
						? [
								{ href: `${data.siteUrl}/de/blog`, label: 'Zum Blog' },
								{ href: `${data.siteUrl}/de/cheatsheets`, label: 'Zu den Cheatsheets' },
							]
						: []
				}
			/>
		</Layout>,
	)
}

/**
 * An event's messages in the language its recipient signed up in (a buyer's: bought in; a
 * holder's: claimed in): the German ones above for de-DE, else the English ones of templates.tsx.
 */
export function eventTemplatesIn(reader: Locale) {
	return reader === 'de-DE'
		? {
				reminderDayBefore: germanReminderDayBefore,
				reminderHourBefore: germanReminderHourBefore,
				eventChanged: germanEventChanged,
				eventCancelled: germanEventCancelled,
				passHandOutReminder: germanPassHandOutReminder,
				certificateOfAttendance: germanCertificateOfAttendance,
				workshopFollowUp: germanWorkshopFollowUp,
			}
		: {
				reminderDayBefore,
				reminderHourBefore,
				eventChanged,
				eventCancelled,
				passHandOutReminder,
				certificateOfAttendance,
				workshopFollowUp,
			}
}

/** The day's registration e-mail in the language registered in. */
export function dayEventConfirmationIn(reader: Locale) {
	return reader === 'de-DE' ? germanDayEventConfirmation : dayEventConfirmation
}
