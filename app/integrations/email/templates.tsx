/**
 * The messages the site sends (docs/decisions/089): React Email components rendered to HTML,
 * and the same element rendered to the plain-text alternative, so the two never drift apart.
 * React escapes every value. Each message ends with what happens next and where to go.
 */
import {
	Body,
	Container,
	Head,
	Heading,
	Hr,
	Html,
	Link,
	Preview,
	plainTextSelectors,
	render,
	Section,
	Text,
} from '@react-email/components'
import { compile } from 'html-to-text'
import type { ReactElement, ReactNode } from 'react'
import { formatMoment } from '~/domain/dates'
import { paymentOnItsWaySteps } from '~/domain/delayed-payment'
import { carriesUnsubscribe, type EmailKind } from '~/domain/email-kinds'
import type { Locale } from '~/domain/locale'
import { formatMinorPrice, formatPrice, toMajorUnits } from '~/domain/pricing'
import {
	aOrAn,
	capitalized,
	countOf,
	DAYS,
	GO,
	IS,
	IT,
	IT_IS,
	PASS,
	pluralWord,
	SEAT,
	STAY,
	unitsOf,
	WORK,
} from '~/domain/words'
import { localeUrl } from '~/utils/i18n'
import { type OwnerMarkdownStyles, renderOwnerMarkdown } from './owner-markdown.server'

export type EmailContent = {
	/** Its template's name, classified in domain/email-kinds.ts. */
	kind: EmailKind
	subject: string
	text: string
	html: string
	/** RFC 8058's one-click unsubscribe URL, on the kinds that carry it (docs/decisions/109). */
	listUnsubscribe?: string
}

/**
 * The unsubscribe links of a message whose kind carries them (domain/email-kinds.ts), made for its recipient
 * by models/preferences/preferences.server.ts: the visible link and the one-click header's URL.
 */
export type UnsubscribeLinks = {
	/** The e-mail preferences page (a signed link, no sign-in). */
	preferencesUrl: string
	/** What a mail client POSTs to (RFC 8058), in the List-Unsubscribe header. */
	oneClickUrl: string
	/** The address unsubscribed from news before: a sign-up's confirmation says none follows. */
	unsubscribed?: boolean
	/**
	 * On an event's e-mails (reminders, change notices; decision 149): both links are that event's,
	 * the one-click one stops its reminders only; whether the person stopped them already.
	 */
	event?: { remindersStopped: boolean }
}

/** An event as a message shows it: the date in its zone, and its calendar links. */
export type EmailEvent = {
	title: string
	/** "Thursday, 10 December 2026, 18:00–20:00 CET" */
	when: string
	zoneName: string
	calendarUrl: string
	googleCalendarUrl: string
}

export const COURSE_NAME = 'AI Driven Dev'
export const DAY_NAME = 'AI Driven Development Day'

const colors = { text: '#0f172a', muted: '#475569', link: '#4338ca', rule: '#e2e8f0' }
const paragraph = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: colors.text }
const linkStyle = { color: colors.link, textDecoration: 'underline' }

// The plain-text part, read from the message's own HTML: data tables keep their columns, links
// print their address (React Email's selectors first, as its `plainText` render has them).
// Compiled once: converting with the options each time rebuilt the selector tree per message,
// the largest cost of a receipt on a busy server (docs/decisions/183).
const toPlainText = compile({
	wordwrap: false,
	selectors: [
		...plainTextSelectors,
		{ selector: 'table.data', format: 'dataTable', options: { uppercaseHeaderCells: false } },
		{ selector: 'h2', options: { uppercase: false } },
	],
})

/**
 * The message of `kind`: `unsubscribe` is given exactly when the kind carries it (domain/email-kinds.ts), and
 * then rendered by the Layout and returned as the one-click header's URL.
 */
async function renderEmail(
	kind: EmailKind,
	subject: string,
	element: ReactElement,
	unsubscribe?: UnsubscribeLinks,
): Promise<EmailContent> {
	if (carriesUnsubscribe(kind) !== Boolean(unsubscribe))
		throw new Error(
			`The ${kind} e-mail ${unsubscribe ? 'carries no' : 'needs its'} unsubscribe links`,
		)
	const html = await render(element)
	return {
		kind,
		subject,
		html,
		text: toPlainText(html).trim(),
		...(unsubscribe ? { listUnsubscribe: unsubscribe.oneClickUrl } : {}),
	}
}

const footnote = { ...paragraph, fontSize: '13px', color: colors.muted }

/**
 * The words every message shares, for a German reader (decision 173); English messages keep
 * theirs as written below.
 */
const GERMAN = {
	signedUpHere: `Sie erhalten diese E-Mail, weil sich diese Adresse bei ${COURSE_NAME} angemeldet hat.`,
	unsubscribedEarlier:
		'Sie haben unsere Neuigkeiten abbestellt, daher folgen keine, solange Sie sie nicht wieder bestellen; wofür Sie sich anmelden, erreicht Sie trotzdem.',
	unsubscribe: 'Abmelden oder E-Mail-Einstellungen verwalten',
	resubscribe: 'Wieder anmelden oder E-Mail-Einstellungen verwalten',
	addToCalendar: 'Zum Kalender hinzufügen (.ics)',
	// An event's messages (decision 175): its own stop link, like the English ones.
	eventSignedUp: `Sie erhalten diese E-Mail, weil sich diese Adresse bei ${COURSE_NAME} für diese Veranstaltung angemeldet hat.`,
	eventStop: 'Erinnerungen an diese Veranstaltung abbestellen oder E-Mail-Einstellungen verwalten',
	eventStopped: 'Sie haben die Erinnerungen an diese Veranstaltung abbestellt, daher folgen keine.',
	eventResume: 'Wieder einschalten oder E-Mail-Einstellungen verwalten',
	attached: ' · Die Kalenderdatei ist dieser E-Mail angehängt.',
	whatHappensNext: 'Wie es weitergeht',
} as const

/** The footer's why-you-get-this line and its link's words, in the reader's language. */
function unsubscribeNote(unsubscribe: UnsubscribeLinks, locale?: Locale): [string, string] {
	if (locale === 'de-DE' && unsubscribe.event)
		return unsubscribe.event.remindersStopped
			? [GERMAN.eventStopped, GERMAN.eventResume]
			: [GERMAN.eventSignedUp, GERMAN.eventStop]
	if (locale === 'de-DE')
		return unsubscribe.unsubscribed
			? [GERMAN.unsubscribedEarlier, GERMAN.resubscribe]
			: [GERMAN.signedUpHere, GERMAN.unsubscribe]
	if (unsubscribe.event)
		return unsubscribe.event.remindersStopped
			? [
					'You stopped the reminders of this event, so none follow.',
					'Resume them or manage your e-mail preferences',
				]
			: [
					`You get this e-mail because this address signed up for this event at ${COURSE_NAME}.`,
					'Stop reminders for this event or manage your e-mail preferences',
				]
	return unsubscribe.unsubscribed
		? [
				'You unsubscribed from our news earlier, so none follows unless you resubscribe; what you sign up for still reaches you.',
				'Resubscribe or manage your e-mail preferences',
			]
		: [
				`You get this e-mail because this address signed up at ${COURSE_NAME}.`,
				'Unsubscribe or manage your e-mail preferences',
			]
}

function Layout({
	preview,
	unsubscribe,
	children,
	locale,
}: {
	preview: string
	unsubscribe?: UnsubscribeLinks
	children: ReactNode
	locale?: Locale
}) {
	const note = unsubscribe ? unsubscribeNote(unsubscribe, locale) : null
	return (
		<Html lang={locale === 'de-DE' ? 'de' : 'en'}>
			<Head />
			<Preview>{preview}</Preview>
			<Body style={{ backgroundColor: '#ffffff', fontFamily: 'system-ui, sans-serif' }}>
				<Container style={{ maxWidth: '560px', margin: '0 auto', padding: '24px' }}>
					{children}
					<Hr style={{ borderColor: colors.rule, margin: '32px 0 16px' }} />
					<Text style={footnote}>{COURSE_NAME}</Text>
					{unsubscribe && note ? (
						<Text style={footnote}>
							{/* The preferences page in the message's language (decision 178). */}
							{note[0]} <A href={localeUrl(unsubscribe.preferencesUrl, locale)}>{note[1]}</A>
						</Text>
					) : null}
				</Container>
			</Body>
		</Html>
	)
}

function P({ children }: { children: ReactNode }) {
	return <Text style={paragraph}>{children}</Text>
}

function A({ href, children }: { href: string; children: ReactNode }) {
	return (
		<Link href={href} style={linkStyle}>
			{children}
		</Link>
	)
}

/** A sandbox payment's messages say so first (DESIGN.md: the sandbox is never mistaken for real). */
function TestModeNote() {
	return (
		<P>
			<strong>TEST MODE: no real payment was taken.</strong>
		</P>
	)
}

const greeting = (firstName?: string | null) => (firstName ? `Hi ${firstName},` : 'Hi,')

/** An event's date in its zone and its "Add to calendar" links; the .ics also comes attached. */
function EventBlock({
	event,
	attached,
	locale,
}: {
	event: EmailEvent
	attached: boolean
	locale?: Locale
}) {
	const german = locale === 'de-DE'
	return (
		<Section style={{ margin: '0 0 16px' }}>
			<Text style={{ ...paragraph, margin: '0' }}>
				<strong>{event.title}</strong>
				<br />
				{event.when} ({event.zoneName})
			</Text>
			<Text style={{ ...paragraph, margin: '4px 0 0' }}>
				<A href={event.calendarUrl}>{german ? GERMAN.addToCalendar : 'Add to calendar (.ics)'}</A>
				{' · '}
				<A href={event.googleCalendarUrl}>Google Calendar</A>
				{attached
					? german
						? GERMAN.attached
						: ' · The calendar file is attached to this e-mail.'
					: null}
			</Text>
		</Section>
	)
}

/** "What happens next" and where to go from here: every message ends with it. */
function NextSteps({
	steps,
	links,
	locale,
}: {
	steps: string[]
	links: { href: string; label: string }[]
	locale?: Locale
}) {
	return (
		<Section>
			<Heading as="h2" style={{ fontSize: '18px', margin: '24px 0 8px', color: colors.text }}>
				{locale === 'de-DE' ? GERMAN.whatHappensNext : 'What happens next'}
			</Heading>
			{steps.map((step) => (
				<P key={step}>{step}</P>
			))}
			{links.length > 0 ? (
				<Text style={paragraph}>
					{links.map((link, index) => (
						<span key={link.href}>
							{index > 0 ? <br /> : null}
							<A href={link.href}>{link.label}</A>
						</span>
					))}
				</Text>
			) : null}
		</Section>
	)
}

const readOn = (siteUrl: string) => [
	{ href: `${siteUrl}/blog`, label: 'Read the blog' },
	{ href: `${siteUrl}/cheatsheets`, label: 'Get the cheatsheets' },
]

/**
 * Sent when someone signs up for the free workshop: names the workshop (its title in content,
 * docs/decisions/110) and the session chosen, whose calendar file alone is attached.
 */
export function workshopConfirmation(data: {
	firstName?: string | null
	siteUrl: string
	/** The workshop's title, as its page names it. */
	workshop: string
	session?: EmailEvent
	/**
	 * The address is not confirmed yet (docs/decisions/131): the link that confirms the place,
	 * and until when the place is held without it (UTC, as the reader should see it).
	 */
	confirm?: { url: string; heldUntil: string }
	unsubscribe: UnsubscribeLinks
	/** The language signed up in (decision 173); English when not given. */
	locale?: Locale
}): Promise<EmailContent> {
	if (data.locale === 'de-DE') return germanWorkshopConfirmation(data)
	return renderEmail(
		'workshopConfirmation',
		"You're signed up for the free workshop",
		<Layout preview={`You're signed up for ${data.workshop}.`} unsubscribe={data.unsubscribe}>
			<P>{greeting(data.firstName)}</P>
			<P>You're signed up for {data.workshop}.</P>
			{data.confirm ? (
				<>
					<P>Please confirm your place by opening this link:</P>
					<P>
						<A href={data.confirm.url}>Confirm my place</A>
					</P>
					<P>
						Your place is held for you until {data.confirm.heldUntil}; once you confirm, it is
						yours, and the joining link in the calendar file works. If you did not sign up, ignore
						this message and the place goes back.
					</P>
				</>
			) : null}
			{data.session ? (
				<>
					<P>Your session:</P>
					<EventBlock event={data.session} attached />
				</>
			) : null}
			<NextSteps
				steps={[
					"We'll e-mail you a reminder with your joining link the day before the session and an hour before it starts. The calendar file carries your joining link too.",
					'Until then, warm up with the blog and the cheatsheets.',
				]}
				links={[
					{ href: `${data.siteUrl}/workshop`, label: 'The workshop page' },
					...readOn(data.siteUrl),
				]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** The workshop confirmation for a German reader (decision 173): the same parts, in German. */
function germanWorkshopConfirmation(
	data: Parameters<typeof workshopConfirmation>[0],
): Promise<EmailContent> {
	const locale = 'de-DE'
	const de = `${data.siteUrl}/de`
	return renderEmail(
		'workshopConfirmation',
		'Sie sind für den kostenlosen Workshop angemeldet',
		<Layout
			preview={`Sie sind für ${data.workshop} angemeldet.`}
			unsubscribe={data.unsubscribe}
			locale={locale}
		>
			<P>{data.firstName ? `Hallo ${data.firstName},` : 'Hallo,'}</P>
			<P>Sie sind für {data.workshop} angemeldet.</P>
			{data.confirm ? (
				<>
					<P>Bitte bestätigen Sie Ihren Platz mit diesem Link:</P>
					<P>
						<A href={data.confirm.url}>Meinen Platz bestätigen</A>
					</P>
					<P>
						Ihr Platz ist bis {data.confirm.heldUntil} für Sie reserviert; sobald Sie bestätigen,
						gehört er Ihnen, und der Link zur Teilnahme in der Kalenderdatei funktioniert. Wenn Sie
						sich nicht angemeldet haben, ignorieren Sie diese Nachricht, und der Platz wird wieder
						frei.
					</P>
				</>
			) : null}
			{data.session ? (
				<>
					<P>Ihr Termin:</P>
					<EventBlock event={data.session} attached locale={locale} />
				</>
			) : null}
			<NextSteps
				locale={locale}
				steps={[
					'Wir schicken Ihnen am Tag vor dem Termin und eine Stunde vor Beginn eine Erinnerung mit Ihrem Link zur Teilnahme. Auch die Kalenderdatei enthält diesen Link.',
					'Bis dahin können Sie sich mit dem Blog und den Cheatsheets einstimmen.',
				]}
				links={[
					{ href: `${de}/workshop`, label: 'Die Workshop-Seite' },
					{ href: `${de}/blog`, label: 'Zum Blog' },
					{ href: `${de}/cheatsheets`, label: 'Zu den Cheatsheets' },
				]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/**
 * Answers a workshop sign-up for an address already signed up for another session
 * (docs/decisions/131): nothing changed; the link (valid until `expiresAt`) opens a page that
 * moves the place once its button is pressed. It greets the name stored with the sign-up, never
 * the one the form sent.
 */
export function workshopMoveOffer(data: {
	firstName?: string | null
	siteUrl: string
	workshop: string
	/** The session the address is signed up for (none: a sign-up from before sessions). */
	current?: EmailEvent
	next: EmailEvent
	moveUrl: string
	/** Until when the link works, as the reader should see it (UTC). */
	expiresAt: string
	unsubscribe: UnsubscribeLinks
}): Promise<EmailContent> {
	const current = data.current ? `${data.current.when} (${data.current.zoneName})` : null
	const next = `${data.next.when} (${data.next.zoneName})`
	return renderEmail(
		'workshopMoveOffer',
		`You are already signed up for ${data.workshop}`,
		<Layout
			preview={`You are already signed up for ${data.workshop}: move to ${next}?`}
			unsubscribe={data.unsubscribe}
		>
			<P>{greeting(data.firstName)}</P>
			<P>
				You are already signed up for {data.workshop}
				{current ? ` on ${current}` : ''} — move to {next}?
			</P>
			<P>
				Someone, probably you, asked on our workshop page to sign this address up for that session.
				Nothing has changed: your place and your joining link stay as they are unless you move.
			</P>
			<P>
				<A href={data.moveUrl}>Move me to {next}</A>
			</P>
			<P>
				The link works until {data.expiresAt}. If you did not ask, ignore this message and nothing
				happens.
			</P>
			<NextSteps
				steps={[
					'If you move, a confirmation naming your new session follows, with its calendar file.',
				]}
				links={[{ href: `${data.siteUrl}/workshop`, label: 'The workshop page' }]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** The day-event registration is complete once this link is opened. */
export function dayEventConfirmation(data: {
	firstName?: string | null
	confirmUrl: string
	expiresAt: Date
	/** The day itself; its calendar file is attached. */
	event?: EmailEvent
	siteUrl?: string
}): Promise<EmailContent> {
	const until = formatMoment(data.expiresAt)
	return renderEmail(
		'dayEventConfirmation',
		`Confirm your registration for ${DAY_NAME}`,
		<Layout preview={`Open the link to complete your registration for ${DAY_NAME}.`}>
			<P>{greeting(data.firstName)}</P>
			<P>Thanks for registering for {DAY_NAME}. Open this link to complete your registration:</P>
			<P>
				<A href={data.confirmUrl}>Complete my registration</A>
			</P>
			<P>
				The link works until {until}. If you did not register, ignore this message and nothing
				happens.
			</P>
			{data.event ? <EventBlock event={data.event} attached /> : null}
			<NextSteps
				steps={[
					'Once you confirm, your place is saved. We e-mail you a reminder with the joining link the day before and an hour before the start.',
				]}
				links={data.siteUrl ? readOn(data.siteUrl) : []}
			/>
		</Layout>,
	)
}

/** Sent for a course pre-order / interest sign-up on `/`. */
export function courseSignupConfirmation(data: {
	firstName?: string | null
	siteUrl: string
	/** When the course opens; its calendar file is attached. */
	release?: EmailEvent
	/** The course is open already (docs/decisions/156): no opening to wait for. */
	courseOpen?: boolean
	unsubscribe: UnsubscribeLinks
}): Promise<EmailContent> {
	return renderEmail(
		'courseSignupConfirmation',
		`You're in: ${COURSE_NAME}`,
		<Layout preview={`You're on the list for ${COURSE_NAME}.`} unsubscribe={data.unsubscribe}>
			<P>{greeting(data.firstName)}</P>
			<P>
				{data.courseOpen
					? `You're on the list for ${COURSE_NAME}. The course is open: enrol on its page and start today.`
					: `You're on the list for ${COURSE_NAME}. We'll be in touch when the course opens.`}
			</P>
			{data.release && !data.courseOpen ? <EventBlock event={data.release} attached /> : null}
			<NextSteps
				steps={[
					data.courseOpen
						? 'We write now and then with news of the course: nothing else.'
						: 'We write when the course opens, and now and then with news of it: nothing else.',
				]}
				links={[{ href: data.siteUrl, label: data.siteUrl }, ...readOn(data.siteUrl)]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/**
 * Confirming a place on a waiting list (docs/decisions/130): the entry waits in the queue only
 * once this link is followed, so no offer goes to an address nobody proved is theirs.
 */
export function waitlistConfirm(data: {
	itemName: string
	quantity: number
	confirmUrl: string
	/** When the link ends, as the reader should see it (UTC). */
	until: string
}): Promise<EmailContent> {
	const what = `${data.quantity} × ${data.itemName}`
	return renderEmail(
		'waitlistConfirm',
		`Confirm your place on the waiting list: ${data.itemName}`,
		<Layout preview={`Open the link to take your place in the queue for ${what}.`}>
			<P>{greeting()}</P>
			<P>
				Someone asked to join the waiting list for {what} with this address. Open this link to
				confirm it and take your place in the queue:
			</P>
			<P>
				<A href={data.confirmUrl}>Confirm my place</A>
			</P>
			<P>
				The link works until {data.until}. If it was not you, ignore this message: nothing is kept
				and no offer will be sent.
			</P>
		</Layout>,
	)
}

/**
 * A waiting-list offer (docs/decisions/120): the seats are held for this person until
 * `heldUntil`; the link opens the page where they pay. Not taken by then, they go to the next
 * person waiting.
 */
export function waitlistOffer(data: {
	itemName: string
	quantity: number
	offerUrl: string
	/** When the hold ends, as the reader should see it (UTC). */
	heldUntil: string
	unsubscribe: UnsubscribeLinks
}): Promise<EmailContent> {
	const what = `${data.quantity} × ${data.itemName}`
	return renderEmail(
		'waitlistOffer',
		`Your turn: ${data.itemName}`,
		<Layout
			preview={`${what} held for you until ${data.heldUntil}.`}
			unsubscribe={data.unsubscribe}
		>
			<P>{greeting()}</P>
			<P>
				You were on the waiting list, and it is your turn: {what} {pluralWord(data.quantity, IS)}{' '}
				held for you until {data.heldUntil}. Nobody else can buy {pluralWord(data.quantity, IT)}{' '}
				before then.
			</P>
			<P>
				<A href={data.offerUrl}>Buy {pluralWord(data.quantity, IT)} now</A>
			</P>
			<NextSteps
				steps={[
					'If you do not buy by then, the offer passes to the next person waiting.',
					'Not interested any more? Do nothing: the offer simply ends.',
				]}
				links={[]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

type ReceiptLine = {
	name: string
	quantity: number
	/** Price of one, in minor units of `currency`. */
	unitAmountMinor: number
}

export type ReceiptData = {
	orderId: string
	customerName?: string | null
	currency: string
	lines: ReceiptLine[]
	/** Minor units; 0 when no coupon applied. */
	discountMinor: number
	/** How the coupon was applied, when there is more to say (docs/decisions/158). */
	discountNote?: string | null
	/** An upgrade credit taken off (docs/decisions/165): its line's words and amount. */
	credit?: { label: string; amountMinor: number } | null
	/** What was charged, minor units. */
	totalMinor: number
	paidAt: Date
	/** Where the buyer can see the order (the thank-you page). */
	orderUrl?: string
	/** VAT added on top of the prices, minor units (docs/decisions/115); absent when included. */
	addedTaxMinor?: number
	/** The order's invoice (signed link, docs/decisions/115), its PDF attached. */
	invoice?: { number: string; url: string }
	/**
	 * One link per pass bought, or per seat of a course order of several (docs/decisions/118): the
	 * thank-you page lists them only in the browser that bought, so the receipt is how a buyer on
	 * another device finds them (docs/decisions/068).
	 */
	passUrls?: string[]
	/** What the order is for (the course release or the day), its calendar file attached. */
	event?: EmailEvent
	/**
	 * A course order buys seats and access; a day order passes (docs/decisions/113). Without it,
	 * an order with pass links is for the day.
	 */
	kind?: OrderKind
	siteUrl?: string
	testMode?: boolean
	/**
	 * What was refunded of it since (partial refunds, docs/decisions/123), minor units, and how
	 * many of the lines' seats or passes went with it: a receipt sent again shows what was paid,
	 * what was refunded and the net.
	 */
	refunded?: { amountMinor: number; quantity: number }
	/** A course order paid once the course is open: access now (docs/decisions/156). */
	courseOpen?: boolean
	/**
	 * A gift order (docs/decisions/166): its seat link goes to the recipient, not in the receipt;
	 * `deliverOn` as people read it.
	 */
	gift?: {
		recipientName: string
		recipientEmail: string
		message: string
		deliverOn: string
		changeUrl: string
	}
}

/** What an order buys: seats of the course, or passes for the day event. */
export type OrderKind = 'course' | 'day'

/** "seat" or "pass", "seats" or "passes": what one unit of an order of `kind` is called. */
const unitOf = (kind: OrderKind, count = 1) => pluralWord(count, unitsOf(kind))

/** What a receipt says happens next: seats and access for the course, passes for the day. */
function receiptSteps(
	kind: OrderKind,
	quantity: number,
	passCount: number,
	courseOpen = false,
): string[] {
	// Seats to share (docs/decisions/118): one link per seat, the buyer's own seat among them.
	// Once the course is open, access comes now, not at the opening (decision 156).
	if (kind === 'course' && passCount > 1)
		return [
			`Your ${quantity} seats are in this order, one of them yours.`,
			'Claim your own seat with one link and send the others to your team: each person claims theirs once, with their own name and e-mail.',
			courseOpen
				? 'The course is open: we e-mail your access within minutes, and each seat holder theirs once they claim their seat. Until a seat is claimed, its access is yours.'
				: 'When the course opens, we e-mail each seat holder their access.',
		]
	if (kind === 'course')
		return [
			quantity > 1
				? `Your ${quantity} seats are saved in this order.`
				: 'Your seat is saved in your name.',
			courseOpen
				? 'The course is open: we e-mail your access to this address within minutes.'
				: 'When the course opens, we e-mail your access to this address.',
		]
	return [
		passCount > 1
			? 'Keep one pass and send the others to your team: each person claims theirs with their own name and e-mail.'
			: 'Claim your pass with the name and e-mail of the person who attends.',
		'The day before and an hour before the start, we e-mail every pass holder a reminder with the joining link.',
		// Decision 155: a pass not claimed is the buyer's until it is.
		'Until a pass is claimed, its reminders and joining link come to you, saying how many passes are left to hand out; so does a reminder a week and two days before the day.',
	]
}

/** The payment receipt: one line per item, then subtotal, discount and total; then next steps. */
export function receipt(data: ReceiptData): Promise<EmailContent> {
	const money = (minor: number) => formatMinorPrice(minor, data.currency)
	const subtotal = data.lines.reduce((sum, line) => sum + line.unitAmountMinor * line.quantity, 0)
	const rows = [
		...data.lines.map((line) => ({
			label: `${line.quantity} × ${line.name}`,
			amount: money(line.unitAmountMinor * line.quantity),
		})),
		{ label: 'Subtotal', amount: money(subtotal) },
		...(data.discountMinor > 0
			? [
					{
						label: data.discountNote ? `Discount (${data.discountNote})` : 'Discount',
						amount: `−${money(data.discountMinor)}`,
					},
				]
			: []),
		...(data.credit
			? [{ label: data.credit.label, amount: `−${money(data.credit.amountMinor)}` }]
			: []),
		...(data.addedTaxMinor ? [{ label: 'VAT', amount: money(data.addedTaxMinor) }] : []),
	]
	const passUrls = data.passUrls ?? []
	const kind = data.kind ?? (passUrls.length > 0 ? 'day' : 'course')
	const refunded = data.refunded && data.refunded.amountMinor > 0 ? data.refunded : null
	const unit = kind === 'course' ? 'Seat' : 'Pass'
	const cell = { padding: '4px 16px 4px 0', fontSize: '16px', color: colors.text }
	const amountCell = { ...cell, padding: '4px 0', textAlign: 'right' as const }
	return renderEmail(
		'receipt',
		`Your receipt for order ${data.orderId}`,
		<Layout preview={`Your receipt for order ${data.orderId}.`}>
			<P>{greeting(data.customerName)}</P>
			{data.testMode ? <TestModeNote /> : null}
			<P>
				Thank you for your order {data.orderId}, paid on {formatMoment(data.paidAt)}.
			</P>
			<table className="data" style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}>
				<tbody>
					{rows.map((row) => (
						<tr key={row.label}>
							<td style={cell}>{row.label}</td>
							<td style={amountCell}>{row.amount}</td>
						</tr>
					))}
					<tr>
						<td style={cell}>
							<strong>Total paid</strong>
						</td>
						<td style={amountCell}>{money(data.totalMinor)}</td>
					</tr>
					{refunded ? (
						<>
							<tr>
								<td style={cell}>
									Refunded
									{refunded.quantity > 0
										? ` (${refunded.quantity} ${unitOf(kind, refunded.quantity)})`
										: ''}
								</td>
								<td style={amountCell}>−{money(refunded.amountMinor)}</td>
							</tr>
							<tr>
								<td style={cell}>
									<strong>Net paid</strong>
								</td>
								<td style={amountCell}>{money(data.totalMinor - refunded.amountMinor)}</td>
							</tr>
						</>
					) : null}
				</tbody>
			</table>
			{refunded ? (
				<P>
					{money(refunded.amountMinor)} of it was refunded to the card you paid with: you paid{' '}
					{money(data.totalMinor - refunded.amountMinor)} in the end.
				</P>
			) : null}
			{data.orderUrl ? (
				<P>
					<A href={data.orderUrl}>Your order</A>
				</P>
			) : null}
			{data.invoice ? (
				<P>
					<A href={data.invoice.url}>Invoice {data.invoice.number}</A> (the PDF is attached)
				</P>
			) : null}
			{data.gift ? <GiftSection gift={data.gift} /> : null}
			{passUrls.length > 0 && !data.gift ? (
				<Section>
					<P>
						{kind === 'course'
							? 'Your seats: each is claimed once, by the person who takes the course.'
							: 'Your passes: each is claimed once, by the person who attends.'}
					</P>
					<Text style={paragraph}>
						{passUrls.map((url, index) => (
							<span key={url}>
								{index > 0 ? <br /> : null}
								{unit} {index + 1}: <A href={url}>{url}</A>
							</span>
						))}
					</Text>
				</Section>
			) : null}
			{data.event ? <EventBlock event={data.event} attached /> : null}
			<NextSteps
				steps={receiptSteps(
					kind,
					// The seats or passes the order holds now.
					data.lines.reduce((sum, line) => sum + line.quantity, 0) - (refunded?.quantity ?? 0),
					passUrls.length,
					data.courseOpen,
				)}
				links={data.siteUrl ? readOn(data.siteUrl) : []}
			/>
		</Layout>,
	)
}

/**
 * A payment that arrived after the checkout's seats had gone to other buyers, and is being
 * refunded in full (docs/decisions/077).
 */
export function lateRefund(data: {
	orderId: string
	customerName?: string | null
	itemName: string
	currency: string
	totalMinor: number
	testMode?: boolean
	/**
	 * Why (docs/decisions/077, 112, 171): the seats were taken, the coupon could not be used, or
	 * the upgrade credit went to another order of the pass's while this payment was on its way.
	 */
	because?: 'seats-taken' | 'coupon-once-per-buyer' | 'coupon-used-up' | 'upgrade-credit-spent'
	/** The refund's credit note, signed, once the refund is recorded (decisions 150, 152). */
	creditNoteUrl?: string | null
}): Promise<EmailContent> {
	const amount = formatPrice(
		toMajorUnits(data.totalMinor, data.currency),
		data.currency.toUpperCase(),
	)
	const because = data.because ?? 'seats-taken'
	return renderEmail(
		'lateRefund',
		`Your order ${data.orderId} is being refunded`,
		<Layout preview={`Your order ${data.orderId} is being refunded in full.`}>
			<P>{greeting(data.customerName)}</P>
			{data.testMode ? <TestModeNote /> : null}
			{because === 'upgrade-credit-spent' ? (
				<P>
					Your payment for order {data.orderId} ({data.itemName}) reached us after your checkout's
					reservation had ended, and the upgrade credit of your pass had been used by another order
					in the meantime: a pass counts towards one seat. We are refunding the full {amount} to
					your card.
				</P>
			) : because === 'seats-taken' ? (
				<P>
					Your payment for order {data.orderId} ({data.itemName}) reached us after your checkout's
					reservation had ended, and every seat had been taken in the meantime. We are sorry: we
					could not give you a seat, so we are refunding the full {amount} to your card.
				</P>
			) : (
				<P>
					Your order {data.orderId} ({data.itemName}) used a coupon{' '}
					{because === 'coupon-once-per-buyer'
						? 'that can be used once per buyer, and this e-mail address has used it before'
						: 'whose uses had all been taken by the time your payment reached us'}
					. We are refunding the full {amount} to your card; you are welcome to buy again without
					the coupon.
				</P>
			)}
			<CreditNoteLink url={data.creditNoteUrl} />
			<NextSteps steps={['Refunds usually arrive within 5 to 10 business days.']} links={[]} />
		</Layout>,
	)
}

/**
 * A pass (or seat, docs/decisions/118) the owner (re)assigned to someone: its new link, claimed
 * once by whoever attends.
 */
export function passAssigned(data: {
	itemName: string
	passUrl: string
	kind: OrderKind
}): Promise<EmailContent> {
	const unit = unitOf(data.kind)
	return renderEmail(
		'passAssigned',
		`Your ${data.itemName}`,
		<Layout preview={`${capitalized(aOrAn(data.itemName))} is yours.`}>
			<P>{greeting()}</P>
			<P>
				{capitalized(aOrAn(data.itemName))} is yours. Open the link to claim it with your name and
				e-mail address: it can be claimed once.
			</P>
			<P>
				<A href={data.passUrl}>Your {unit}</A>
			</P>
		</Layout>,
	)
}

/**
 * A seat as a gift (docs/decisions/166), on the day its buyer chose: the buyer's message, and the
 * seat's link, claimed once by the recipient with their own name and address.
 */
export function giftDelivered(data: {
	recipientName: string
	buyerName: string | null
	itemName: string
	message: string
	passUrl: string
}): Promise<EmailContent> {
	const from = data.buyerName ?? 'Someone'
	return renderEmail(
		'giftDelivered',
		`A gift for you: ${data.itemName}`,
		<Layout preview={`${from} gives you ${aOrAn(data.itemName)}.`}>
			<P>{greeting(data.recipientName)}</P>
			<P>
				{from} gives you {aOrAn(data.itemName)}.
			</P>
			{data.message ? <GiftMessage message={data.message} /> : null}
			<P>Open the link to claim it with your name and e-mail address: it can be claimed once.</P>
			<P>
				<A href={data.passUrl}>Claim your gift</A>: {data.passUrl}
			</P>
		</Layout>,
	)
}

/** The buyer's message to the recipient, line by line, as typed. */
function GiftMessage({ message }: { message: string }) {
	return (
		<Text style={{ ...paragraph, whiteSpace: 'pre-line', fontStyle: 'italic' }}>{message}</Text>
	)
}

/** A gift order's part of the receipt: to whom and when, a copy of the message, the change link. */
function GiftSection({ gift }: { gift: NonNullable<ReceiptData['gift']> }) {
	return (
		<Section>
			<P>
				This is a gift for {gift.recipientName} ({gift.recipientEmail}): we e-mail them the link to
				claim it on {gift.deliverOn}.
			</P>
			{gift.message ? (
				<>
					<P>A copy of your message:</P>
					<GiftMessage message={gift.message} />
				</>
			) : null}
			<P>
				Until they claim it you can change the recipient, the message or the day:{' '}
				<A href={gift.changeUrl}>Change the gift</A>
			</P>
		</Section>
	)
}

const amountOf = formatMinorPrice

/** A refund's credit note (docs/decisions/115, 152): the document that takes its invoice back. */
function CreditNoteLink({ url }: { url?: string | null }) {
	return url ? (
		<P>
			<A href={url}>Your credit note</A> (it takes the refunded amount off your invoice): {url}
		</P>
	) : null
}

/**
 * A paid order refunded (the owner's refund, or the provider's): the buyer is told what comes
 * back and what stops working (docs/decisions/113). After partial refunds (docs/decisions/123)
 * what comes back now is the rest, and the message says so: "full" only when it is.
 */
export function refundNotice(data: {
	orderId: string
	customerName?: string | null
	itemName: string
	kind: OrderKind
	/** Seats or passes the order held until now. */
	quantity: number
	currency: string
	/** What comes back now. */
	totalMinor: number
	/** What partial refunds gave back before (0: none). */
	refundedBeforeMinor?: number
	testMode?: boolean
	/** The refund's credit note, signed (decision 152). */
	creditNoteUrl?: string | null
}): Promise<EmailContent> {
	const amount = amountOf(data.totalMinor, data.currency)
	const before = data.refundedBeforeMinor ?? 0
	const paid = amountOf(data.totalMinor + before, data.currency)
	const units = unitOf(data.kind, data.quantity)
	const what =
		data.kind === 'course'
			? data.quantity === 1
				? 'Your seat is released.'
				: `Your ${data.quantity} seats are released; whoever claimed one is told too.`
			: `${data.quantity === 1 ? 'Its pass no longer works' : `Its ${data.quantity} passes no longer work`}; whoever claimed one is told too.`
	const comesBack =
		data.totalMinor === 0 && before === 0
			? 'nothing was charged, so nothing goes back to a card.'
			: before > 0
				? `the remaining ${amount} goes back to the card you paid with. With the ${amountOf(before, data.currency)} refunded before, that is all ${paid} you paid.`
				: `the full ${amount} goes back to the card you paid with.`
	return renderEmail(
		'refundNotice',
		`Your order ${data.orderId} is refunded`,
		<Layout
			preview={
				before > 0
					? `The rest of your order ${data.orderId} is refunded: ${amount}.`
					: `Your order ${data.orderId} is refunded in full.`
			}
		>
			<P>{greeting(data.customerName)}</P>
			{data.testMode ? <TestModeNote /> : null}
			<P>
				Your order {data.orderId} ({data.quantity} × {data.itemName}) is refunded: {comesBack}{' '}
				{what}
			</P>
			<CreditNoteLink url={data.creditNoteUrl} />
			<NextSteps
				steps={[
					...(data.totalMinor > 0 ? ['Refunds usually arrive within 5 to 10 business days.'] : []),
					`You can buy ${units} again on the site at any time.`,
				]}
				links={[]}
			/>
		</Layout>,
	)
}

/**
 * Part of a paid order refunded by the owner (docs/decisions/123): what comes back, which seat or
 * pass stops working, and that the rest of the order stands.
 */
export function partialRefundNotice(data: {
	orderId: string
	customerName?: string | null
	itemName: string
	kind: OrderKind
	/** Seats or passes refunded: 0 for an amount. */
	quantity: number
	/** Seats or passes the order still has. */
	remaining: number
	currency: string
	refundedMinor: number
	testMode?: boolean
	/** This refund's credit note, signed (decision 152). */
	creditNoteUrl?: string | null
}): Promise<EmailContent> {
	const amount = amountOf(data.refundedMinor, data.currency)
	const units = unitOf(data.kind, data.quantity)
	const what =
		data.quantity === 0
			? `Your ${unitOf(data.kind, data.remaining)} ${pluralWord(data.remaining, STAY)} as ${pluralWord(data.remaining, IT_IS)}.`
			: `${data.quantity} ${units} of it ${pluralWord(data.quantity, IS)} cancelled${data.kind === 'course' ? ' and released' : ` and no longer ${pluralWord(data.quantity, WORK)}`}; whoever claimed ${data.quantity === 1 ? 'it' : 'one'} is told too. The other ${data.remaining} ${pluralWord(data.remaining, STAY)} as before.`
	return renderEmail(
		'partialRefundNotice',
		`Part of your order ${data.orderId} is refunded`,
		<Layout preview={`${amount} of your order ${data.orderId} is refunded.`}>
			<P>{greeting(data.customerName)}</P>
			{data.testMode ? <TestModeNote /> : null}
			<P>
				{amount} of your order {data.orderId} ({data.itemName}) is refunded to the card you paid
				with. {what}
			</P>
			<CreditNoteLink url={data.creditNoteUrl} />
			<NextSteps steps={['Refunds usually arrive within 5 to 10 business days.']} links={[]} />
		</Layout>,
	)
}

/** The holder of a claimed pass (or seat) whose order was refunded: it no longer works. */
export function passRefunded(data: {
	holderName?: string | null
	itemName: string
	kind: OrderKind
	/** Only this pass was refunded, not its whole order (docs/decisions/123). */
	alone?: boolean
}): Promise<EmailContent> {
	const unit = unitOf(data.kind)
	return renderEmail(
		'passRefunded',
		`Your ${data.itemName} is cancelled`,
		<Layout preview={`Your ${data.itemName} no longer works.`}>
			<P>{greeting(data.holderName)}</P>
			<P>
				{data.alone
					? `Your ${data.itemName} was refunded to whoever bought it, so it no longer works.`
					: `The order your ${data.itemName} came from was refunded, so the ${unit} no longer works.`}
			</P>
			<NextSteps
				steps={[
					`If you still want to come, ask whoever gave you the ${unit}, or buy one on the site.`,
				]}
				links={[]}
			/>
		</Layout>,
	)
}

/**
 * A pass (or seat) just claimed: it is in the holder's name, with what it is for, the date and
 * the calendar file attached (docs/decisions/113).
 */
export function passClaimed(data: {
	holderName: string
	itemName: string
	kind: OrderKind
	/** The claimed pass's page. */
	passUrl: string
	event?: EmailEvent
	siteUrl: string
	/** A course seat claimed once the course is open (docs/decisions/156). */
	courseOpen?: boolean
}): Promise<EmailContent> {
	const unit = unitOf(data.kind)
	return renderEmail(
		'passClaimed',
		`Your ${data.itemName} is confirmed`,
		<Layout preview={`Your ${data.itemName} is in your name.`}>
			<P>{greeting(data.holderName)}</P>
			<P>
				Your {data.itemName} is confirmed, in your name. <A href={data.passUrl}>Your {unit}</A>
			</P>
			{data.event ? <EventBlock event={data.event} attached /> : null}
			<NextSteps
				steps={[
					data.kind === 'course'
						? data.courseOpen
							? 'The course is open: we e-mail your access to this address within minutes.'
							: 'When the course opens, we e-mail your access to this address.'
						: 'The day before and an hour before the start, we e-mail you a reminder with the joining link. The calendar file carries your joining link too.',
				]}
				links={readOn(data.siteUrl)}
			/>
		</Layout>,
	)
}

/**
 * Whoever had a pass's link before the owner gave it a new one (docs/decisions/082, 113): the
 * old link stopped working. The new holder's address is theirs, not named here (decision 068).
 */
export function passMovedAway(data: {
	itemName: string
	orderId: string
	kind: OrderKind
}): Promise<EmailContent> {
	const units = unitOf(data.kind, 2)
	return renderEmail(
		'passMovedAway',
		`${capitalized(aOrAn(data.itemName))} has a new link`,
		<Layout preview={`${capitalized(aOrAn(data.itemName))} was sent to someone else.`}>
			<P>{greeting()}</P>
			<P>
				One of the {units} of order {data.orderId} ({data.itemName}) was given a new link and sent
				to someone else. The link you had for it no longer works.
			</P>
			<NextSteps
				steps={[`Your other ${units}, if the order has more, are unchanged.`]}
				links={[]}
			/>
		</Layout>,
	)
}

/**
 * To a claimed pass's or seat's old address when the owner corrected it (docs/decisions/157): a
 * short notice that its e-mails go elsewhere from now on. It never names the new address.
 */
export function holderAddressChanged(data: {
	itemName: string
	kind: OrderKind
}): Promise<EmailContent> {
	const unit = unitOf(data.kind)
	return renderEmail(
		'holderAddressChanged',
		`Your ${data.itemName} now goes to another address`,
		<Layout preview={`The ${unit}'s e-mails go to another address from now on.`}>
			<P>{greeting()}</P>
			<P>
				The {data.itemName} claimed with this e-mail address has had its address corrected, at the
				buyer's or holder's request. Its e-mails (
				{data.kind === 'course' ? "the course's access" : 'the joining link and the reminders'}) go
				to the corrected address from now on, and the links sent here before no longer work.
			</P>
			<NextSteps
				steps={[`If you did not expect this, tell whoever gave you the ${unit}.`]}
				links={[]}
			/>
		</Layout>,
	)
}

/**
 * The upgrade credit's link (docs/decisions/165), asked for on /upgrade: one link per day pass this
 * address holds, each taking what the pass cost off a course seat until its window ends.
 */
export function upgradeCreditLink(data: {
	courseName: string
	credits: { passName: string; creditMinor: number; currency: string; until: Date; url: string }[]
}): Promise<EmailContent> {
	const [first] = data.credits
	return renderEmail(
		'upgradeCreditLink',
		`Your upgrade credit for ${data.courseName}`,
		<Layout preview={`What your pass cost comes off ${data.courseName}.`}>
			<P>{greeting()}</P>
			<P>
				You asked for your upgrade credit. What you paid for your pass comes off one{' '}
				{data.courseName} when you buy it through the link below, until{' '}
				{first ? formatMoment(first.until) : ''}. Each pass counts once.
			</P>
			<NextSteps
				steps={['If you did not ask for this, you can ignore this e-mail: nothing was bought.']}
				links={data.credits.map((credit) => ({
					href: credit.url,
					label: `Buy ${data.courseName} with ${formatMinorPrice(credit.creditMinor, credit.currency)} off (${credit.passName})`,
				}))}
			/>
		</Layout>,
	)
}

/**
 * One reminder after a checkout that ended unpaid, to a buyer who agreed to it on the checkout
 * page (docs/decisions/122): nothing is held for them, the link starts again.
 */
export function checkoutRecovery(data: {
	itemName: string
	kind: OrderKind
	quantity: number
	/** The product's page, where a new checkout starts. */
	url: string
	testMode?: boolean
	unsubscribe: UnsubscribeLinks
}): Promise<EmailContent> {
	const units = unitOf(data.kind, data.quantity)
	return renderEmail(
		'checkoutRecovery',
		`Your checkout for ${data.itemName} ended before you paid`,
		<Layout
			preview={`You started a checkout for ${data.itemName} and did not finish it.`}
			unsubscribe={data.unsubscribe}
		>
			<P>Hi,</P>
			{data.testMode ? <TestModeNote /> : null}
			<P>
				You started a checkout for {data.quantity} × {data.itemName} and did not finish it, so it
				has ended and the {units} it held went back on sale. Nothing was charged.
			</P>
			<NextSteps
				steps={[
					`If you still want ${data.quantity === 1 ? aOrAn(units) : units}, start again on the page below: it shows what is left at today's price.`,
					'This is the only reminder we send about this checkout: you asked for it on the checkout page.',
				]}
				links={[{ href: data.url, label: `Start again: ${data.itemName}` }]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/**
 * A delayed payment is on its way (docs/decisions/164): the seats are held until its money comes,
 * what comes then, and what if it does not.
 */
export function paymentOnItsWay(data: {
	orderId: string
	customerName?: string | null
	itemName: string
	kind: OrderKind
	quantity: number
	currency: string
	totalMinor: number
	/** The hold's end, as dates.ts writes a moment. */
	heldUntil: string
	testMode?: boolean
}): Promise<EmailContent> {
	return renderEmail(
		'paymentOnItsWay',
		`Your payment for order ${data.orderId} is on its way`,
		<Layout preview={`Your payment for order ${data.orderId} is on its way.`}>
			<P>{greeting(data.customerName)}</P>
			{data.testMode ? <TestModeNote /> : null}
			<P>
				Thank you for your order {data.orderId}: {data.quantity} × {data.itemName},{' '}
				{amountOf(data.totalMinor, data.currency)}. You paid with a method whose money takes a few
				days to reach us, so your order is not paid yet.
			</P>
			<NextSteps
				steps={paymentOnItsWaySteps({
					units: unitsOf(data.kind),
					quantity: data.quantity,
					heldUntil: data.heldUntil,
				}).map((step) => `${step.when}: ${step.what}`)}
				links={[]}
			/>
		</Layout>,
	)
}

/**
 * A delayed payment that the bank refused (`failed`) or that did not come within the hold
 * (`expired`), docs/decisions/164: the seats went back on sale; a link to pay by card.
 */
export function delayedPaymentEnded(data: {
	orderId: string
	customerName?: string | null
	itemName: string
	kind: OrderKind
	quantity: number
	because: 'failed' | 'expired'
	holdDays: number
	payByCardUrl: string
	testMode?: boolean
}): Promise<EmailContent> {
	const units = unitOf(data.kind, data.quantity)
	return renderEmail(
		'delayedPaymentEnded',
		data.because === 'failed'
			? `Your payment for order ${data.orderId} did not go through`
			: `Your payment for order ${data.orderId} did not arrive`,
		<Layout preview={`Your ${units} went back on sale; you can pay by card instead.`}>
			<P>{greeting(data.customerName)}</P>
			{data.testMode ? <TestModeNote /> : null}
			<P>
				{data.because === 'failed'
					? `Your bank refused the payment for order ${data.orderId} (${data.quantity} × ${data.itemName}), so nothing was charged`
					: `The payment for order ${data.orderId} (${data.quantity} × ${data.itemName}) had not reached us ${countOf(data.holdDays, DAYS)} after you made it`}
				, and the {units} we held for you went back on sale.
			</P>
			<NextSteps
				steps={[
					`To have ${data.quantity === 1 ? aOrAn(units) : units} after all, pay by card: the link below starts a new checkout for the same ${units} at today's price, if any are left.`,
					...(data.because === 'expired'
						? [
								`If your bank payment still reaches us, the ${units} ${data.quantity === 1 ? 'is' : 'are'} yours if still free; if not, we refund it in full.`,
							]
						: []),
				]}
				links={[{ href: data.payByCardUrl, label: `Pay by card: ${data.itemName}` }]}
			/>
		</Layout>,
	)
}

const inlineCss = (style: Record<string, string>) =>
	Object.entries(style)
		.map(
			([property, value]) => `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`,
		)
		.join(';')

const ownerMarkdownStyles: OwnerMarkdownStyles = {
	p: inlineCss(paragraph),
	li: inlineCss({ fontSize: '16px', lineHeight: '24px', color: colors.text }),
	a: inlineCss(linkStyle),
	h1: inlineCss({ fontSize: '22px', margin: '0 0 16px', color: colors.text }),
	h2: inlineCss({ fontSize: '18px', margin: '24px 0 8px', color: colors.text }),
}

/**
 * A message the owner wrote on the dashboard (docs/decisions/119): their subject and their
 * Markdown, in the site's layout, with the recipient's unsubscribe links.
 */
export function ownerMessage(data: {
	subject: string
	/** Markdown, as the owner wrote it. */
	body: string
	unsubscribe: UnsubscribeLinks
}): Promise<EmailContent> {
	return renderEmail(
		'ownerMessage',
		data.subject,
		<Layout preview={data.subject} unsubscribe={data.unsubscribe}>
			<div
				// Rendered with its attributes escaped and sanitised against an allow-list (decision 132).
				// biome-ignore lint/security/noDangerouslySetInnerHtml: the allow-listed HTML of the owner's Markdown
				dangerouslySetInnerHTML={{ __html: renderOwnerMarkdown(data.body, ownerMarkdownStyles) }}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** An order's seats still to hand out, and the buyer's signed page to do it (decision 156). */
export type SeatsToHandOutData = { seats: number; url: string }

/** "6 seats still to hand out: Hand out your seats", one line per order. */
function HandOut({ handOut }: { handOut: SeatsToHandOutData[] }) {
	return handOut.map((order) => (
		<P key={order.url}>
			<strong>{countOf(order.seats, SEAT)} still to hand out.</strong> Until a seat is claimed, its
			access comes to you; once your teammate claims it with their name and e-mail, the access is
			theirs. <A href={order.url}>Hand out your seats</A>
		</P>
	))
}

/**
 * The course is open (docs/decisions/119, 156): each seat's person gets the course's address, as
 * every receipt and seat confirmation promised ("When the course opens, we e-mail your access
 * to this address"): a claimed seat's holder, an unclaimed seat's buyer, told how many seats are
 * still to hand out and where.
 */
export function courseAccess(data: {
	name?: string | null
	courseUrl: string
	siteUrl: string
	/** A seat is theirs: one they bought alone or claimed. */
	ownSeat?: boolean
	/** Their orders' seats nobody claimed yet. */
	handOut?: SeatsToHandOutData[]
}): Promise<EmailContent> {
	const handOut = data.handOut ?? []
	const unclaimed = handOut.reduce((sum, order) => sum + order.seats, 0)
	return renderEmail(
		'courseAccess',
		`${COURSE_NAME} is open: your access`,
		<Layout
			preview={
				unclaimed > 0
					? `${COURSE_NAME} is open. Here is your access, and ${countOf(unclaimed, SEAT)} still to hand out.`
					: `${COURSE_NAME} is open. Here is your access.`
			}
		>
			<P>{greeting(data.name)}</P>
			<P>
				{COURSE_NAME} is open,{' '}
				{data.ownSeat === false ? 'and the seats you bought are ready' : 'and your seat is ready'}.
				Start here: <A href={data.courseUrl}>{data.courseUrl}</A>
			</P>
			<HandOut handOut={handOut} />
			<NextSteps
				steps={[
					'Open the course with this e-mail address. Keep this e-mail: the link stays the same.',
					...(unclaimed > 0
						? ['Whoever claims one of your seats gets their own access e-mail within minutes.']
						: []),
				]}
				links={readOn(data.siteUrl)}
			/>
		</Layout>,
	)
}

/**
 * A buyer's seats nobody claimed yet (docs/decisions/156): some days before the course opens, and
 * again some days after, while any is still unclaimed. Its access goes to the buyer until then.
 */
export function seatHandOutReminder(data: {
	name?: string | null
	seats: number
	url: string
	/** Before the opening: the opening's date in words; after it, null. */
	opensWhen: string | null
	siteUrl: string
}): Promise<EmailContent> {
	const seats = countOf(data.seats, SEAT)
	return renderEmail(
		'seatHandOutReminder',
		`${seats} of ${COURSE_NAME} still to hand out`,
		<Layout preview={`${seats} you bought for ${COURSE_NAME} are not claimed yet.`}>
			<P>{greeting(data.name)}</P>
			<P>
				{data.opensWhen
					? `${COURSE_NAME} opens ${data.opensWhen}, and ${seats} you bought ${pluralWord(data.seats, IS)} not claimed yet. Hand them out before then, so each person gets their access the day it opens.`
					: `${COURSE_NAME} is open, and ${seats} you bought ${pluralWord(data.seats, IS)} still not claimed: until someone claims a seat, its access comes to you.`}
			</P>
			<P>
				<A href={data.url}>Hand out your seats</A>
			</P>
			<NextSteps
				steps={[
					'Send each teammate their seat’s link: they claim it once, with their own name and e-mail.',
				]}
				links={readOn(data.siteUrl)}
			/>
		</Layout>,
	)
}

/**
 * Passes of one order its buyer has still to hand out (docs/decisions/155): how many, and the
 * buyer's order page, where each pass's link is.
 */
export type HandOut = { unclaimed: number; url: string }

/**
 * What a buyer of passes not claimed yet reads in each message of the event: how many are left
 * to hand out, how, and that until then that pass's messages come to them.
 */
function HandOutNote({ handOut }: { handOut?: HandOut[] }) {
	if (!handOut || handOut.length === 0) return null
	const total = handOut.reduce((sum, order) => sum + order.unclaimed, 0)
	return (
		<>
			<P>
				{total === 1
					? 'You bought 1 pass that nobody has claimed yet. Until it is claimed, its messages and joining link come to you.'
					: `You bought ${countOf(total, PASS)} that nobody has claimed yet. Until each is claimed, its messages and joining link come to you.`}{' '}
				To hand {pluralWord(total, IT)} out, send each person their own pass link from your order
				page; they claim it with their name and e-mail address, and from then on their messages go
				to them.
			</P>
			{handOut.map((order) => (
				<P key={order.url}>
					<A href={order.url}>
						{handOut.length === 1
							? 'Your order page'
							: `Your order with ${countOf(order.unclaimed, PASS)} to hand out`}
					</A>
				</P>
			))}
		</>
	)
}

/** What a reminder names: the event, the registrant's signed joining link, the event's page. */
export type ReminderData = {
	firstName?: string | null
	event: EmailEvent
	/** The signed page that shows this registrant the joining link (docs/decisions/116). */
	joinUrl: string
	/** The event's page on the site. */
	pageUrl: string
	unsubscribe: UnsubscribeLinks
	/** To a buyer: the passes still to hand out, by order (decision 155). */
	handOut?: HandOut[]
}

function Reminder({ data, preview, lead }: { data: ReminderData; preview: string; lead: string }) {
	return (
		<Layout preview={preview} unsubscribe={data.unsubscribe}>
			<P>{greeting(data.firstName)}</P>
			<P>{lead}</P>
			<EventBlock event={data.event} attached={false} />
			<P>
				<A href={data.joinUrl}>Open your joining link</A>
			</P>
			<P>
				The link is yours alone: it shows the joining link to you as someone who signed up. Please
				do not forward it.
			</P>
			<HandOutNote handOut={data.handOut} />
			<NextSteps
				steps={['Open the link a few minutes before the start to join.']}
				links={[{ href: data.pageUrl, label: 'The event page' }]}
			/>
		</Layout>
	)
}

/** Sent the day before a workshop session or the day event, to each person signed up for it. */
export function reminderDayBefore(data: ReminderData): Promise<EmailContent> {
	return renderEmail(
		'reminderDayBefore',
		`Reminder: ${data.event.title} starts within a day`,
		<Reminder
			data={data}
			preview={`${data.event.title} starts ${data.event.when}.`}
			lead={`A reminder: ${data.event.title} starts ${data.event.when} (${data.event.zoneName}). Here is your joining link.`}
		/>,
		data.unsubscribe,
	)
}

/** Sent an hour before a workshop session or the day event starts, never after. */
export function reminderHourBefore(data: ReminderData): Promise<EmailContent> {
	return renderEmail(
		'reminderHourBefore',
		`Starting within the hour: ${data.event.title}`,
		<Reminder
			data={data}
			preview={`${data.event.title} starts within the hour.`}
			lead={`${data.event.title} starts within the hour. Here is your joining link.`}
		/>,
		data.unsubscribe,
	)
}

/** What an event's update or cancellation names (docs/decisions/117). */
export type EventChangeData = {
	firstName?: string | null
	event: EmailEvent
	/** The event's page on the site. */
	pageUrl: string
	unsubscribe: UnsubscribeLinks
	/** To a buyer: the passes still to hand out, by order (decision 155). */
	handOut?: HandOut[]
}

/** The date, time or place of an event someone signed up for changed; the new calendar file is attached. */
export function eventChanged(data: EventChangeData): Promise<EmailContent> {
	return renderEmail(
		'eventChanged',
		`Changed: ${data.event.title}`,
		<Layout preview={`${data.event.title} has changed.`} unsubscribe={data.unsubscribe}>
			<P>{greeting(data.firstName)}</P>
			<P>{data.event.title}, which you signed up for, has changed. This is how it stands now:</P>
			<EventBlock event={data.event} attached />
			<P>Open the attached calendar file to update the entry in your calendar.</P>
			<HandOutNote handOut={data.handOut} />
			<NextSteps
				steps={[
					// Never a promise of reminders the person stopped (decision 149).
					data.unsubscribe.event?.remindersStopped
						? 'You stopped the reminders of this event, so none come; the link below this e-mail resumes them.'
						: 'Your reminders come at the new time, the day before and an hour before the start, with your joining link.',
				]}
				links={[{ href: data.pageUrl, label: 'The event page' }]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** An event someone signed up for will not take place; the attached file removes it from calendars. */
export function eventCancelled(data: EventChangeData): Promise<EmailContent> {
	return renderEmail(
		'eventCancelled',
		`Cancelled: ${data.event.title}`,
		<Layout preview={`${data.event.title} will not take place.`} unsubscribe={data.unsubscribe}>
			<P>{greeting(data.firstName)}</P>
			<P>
				{data.event.title} on {data.event.when} ({data.event.zoneName}) is cancelled: it will not
				take place. We are sorry.
			</P>
			<P>Open the attached calendar file to remove it from your calendar.</P>
			<NextSteps
				steps={['No reminders follow for it. The event page shows what is coming up instead.']}
				links={[{ href: data.pageUrl, label: 'The event page' }]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/**
 * After a workshop session (docs/decisions/157): the recording and the code of the live build,
 * as the workshop's page and its confirmation promised, once the owner has filled in the link.
 * After the day event (decision 159), with `kind: 'day'`: the recordings its pass promised, to
 * the pass's people. Not news: it carries the event's own stop link, like its reminders
 * (decision 149). Its kind keeps the name `workshopFollowUp`: the outbox's rows carry it.
 */
export function workshopFollowUp(data: {
	kind?: 'workshop' | 'day'
	firstName?: string | null
	title: string
	when: string
	link: string
	pageUrl: string
	unsubscribe: UnsubscribeLinks
}): Promise<EmailContent> {
	const day = data.kind === 'day'
	const what = day ? 'the recordings' : 'the recording and the code'
	return renderEmail(
		'workshopFollowUp',
		`${day ? 'The recordings' : 'The recording and the code'}: ${data.title}`,
		<Layout
			preview={`${day ? 'The recordings' : 'The recording and the code'} of ${data.title}.`}
			unsubscribe={data.unsubscribe}
		>
			<P>{greeting(data.firstName)}</P>
			<P>
				{day
					? `Thank you for your pass to ${data.title} on ${data.when}. As promised, here are ${what} of the talks and the hands-on sessions:`
					: `Thank you for signing up for ${data.title} on ${data.when}. As promised, here are ${what} of the live build:`}
			</P>
			<P>
				<A href={data.link}>{data.link}</A>
			</P>
			<NextSteps
				steps={[
					day
						? 'Watch them at your pace, and try what you saw on a project of your own.'
						: 'Watch it at your pace, and try the loop on a project of your own.',
				]}
				links={[{ href: data.pageUrl, label: day ? 'The event page' : 'The workshop page' }]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/**
 * After an event the person attended (docs/decisions/172): their certificate of attendance as
 * a PDF, attached by the caller, and the page where anyone can check it. Event mail, like the
 * follow-up: it carries the event's own stop link.
 */
export function certificateOfAttendance(data: {
	name: string
	title: string
	when: string
	verifyUrl: string
	unsubscribe: UnsubscribeLinks
}): Promise<EmailContent> {
	return renderEmail(
		'certificateOfAttendance',
		`Your certificate of attendance: ${data.title}`,
		<Layout
			preview={`Your certificate of attendance of ${data.title}.`}
			unsubscribe={data.unsubscribe}
		>
			<P>Hi {data.name},</P>
			<P>
				Thank you for attending {data.title} on {data.when}. Your certificate of attendance is
				attached as a PDF.
			</P>
			<P>
				Anyone you show it to can check it at its own address, printed on it. That page shows your
				name, the event and its date, never your e-mail address:
			</P>
			<P>
				<A href={data.verifyUrl}>{data.verifyUrl}</A>
			</P>
		</Layout>,
		data.unsubscribe,
	)
}

/** How long before an event a buyer is reminded of passes not handed out (decision 155). */
export type HandOutReminderData = {
	firstName?: string | null
	event: EmailEvent
	/** "in 7 days" */
	inHowLong: string
	handOut: HandOut[]
	pageUrl: string
	unsubscribe: UnsubscribeLinks
}

/**
 * To a buyer whose passes are not all claimed, a week and two days before the day (decision 155):
 * how many are left and where their links are.
 */
export function passHandOutReminder(data: HandOutReminderData): Promise<EmailContent> {
	const total = data.handOut.reduce((sum, order) => sum + order.unclaimed, 0)
	return renderEmail(
		'passHandOutReminder',
		`${countOf(total, PASS)} for ${data.event.title} still to hand out`,
		<Layout
			preview={`${data.event.title} is ${data.inHowLong} away, and ${countOf(total, PASS)} ${pluralWord(total, IS)} not claimed yet.`}
			unsubscribe={data.unsubscribe}
		>
			<P>{greeting(data.firstName)}</P>
			<P>
				{data.event.title} is {data.inHowLong} away.
			</P>
			<EventBlock event={data.event} attached={false} />
			<HandOutNote handOut={data.handOut} />
			<NextSteps
				steps={['Once every pass is claimed, these reminders stop.']}
				links={[{ href: data.pageUrl, label: 'The event page' }]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}

/** A bank transfer as its messages show it (docs/decisions/163). */
export type TransferData = {
	orderId: string
	customerName?: string | null
	/** "5 × AI Driven Dev", as the invoice's line. */
	what: string
	currency: string
	totalMinor: number
	holder: string
	/** Printed in groups of four. */
	iban: string
	bic: string | null
	reference: string
	/** "Sunday, 13 December 2026": the due date, a calendar day. */
	dueDay: string
	/** The invoice, numbered and signed; its PDF attached to the instructions. */
	invoice: { number: string; url: string }
	/** The order's transfer page, signed: the same details, on any device. */
	pageUrl: string
	/** What the order holds, counted: "seats", "pass". */
	units: string
	quantity: number
	testAccount: boolean
}

/** The account, the amount, the reference and the due date, as a table a bank form follows. */
function TransferDetails({ data }: { data: TransferData }) {
	const cell = { padding: '4px 16px 4px 0', fontSize: '16px', color: colors.text }
	const rows = [
		['Amount', formatMinorPrice(data.totalMinor, data.currency)],
		['Account holder', data.holder],
		['IBAN', data.iban],
		...(data.bic ? [['BIC', data.bic]] : []),
		['Payment reference', data.reference],
		['Due by', data.dueDay],
	]
	return (
		<table className="data" style={{ borderCollapse: 'collapse', margin: '0 0 16px' }}>
			<tbody>
				{rows.map(([label, value]) => (
					<tr key={label}>
						<td style={cell}>{label}</td>
						<td style={cell}>
							<strong>{value}</strong>
						</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

function TestAccountNote({ shown }: { shown: boolean }) {
	return shown ? (
		<P>
			<strong>TEST MODE: this is a test account. Send no money.</strong>
		</P>
	) : null
}

/** Right after a buyer chose to pay by transfer: how to pay, by when, and the invoice. */
export function transferInstructions(data: TransferData): Promise<EmailContent> {
	return renderEmail(
		'transferInstructions',
		`Pay order ${data.orderId} by bank transfer by ${data.dueDay}`,
		<Layout preview={`Your invoice ${data.invoice.number} and how to pay it by transfer.`}>
			<P>{greeting(data.customerName)}</P>
			<TestAccountNote shown={data.testAccount} />
			<P>
				Thank you for your order {data.orderId} ({data.what}). Your {data.units}{' '}
				{pluralWord(data.quantity, IS)} reserved for you until the due date. Please transfer the
				amount below, with the payment reference, so that we can match your payment to your order.
			</P>
			<TransferDetails data={data} />
			<P>
				Your invoice {data.invoice.number} is attached and online:{' '}
				<A href={data.invoice.url}>{data.invoice.url}</A>
			</P>
			<NextSteps
				steps={[
					`When your payment arrives, we e-mail your receipt and the links to your ${data.units}. Nothing is sent before.`,
					`A few days before the due date, we remind you if it has not arrived. If it has not arrived by the end of ${data.dueDay}, the order is cancelled, the ${data.units} ${pluralWord(data.quantity, GO)} back on sale and a credit note cancels the invoice.`,
				]}
				links={[{ href: data.pageUrl, label: 'These payment details online' }]}
			/>
		</Layout>,
	)
}

/** Before the due date, while no money has arrived. */
export function transferReminder(data: TransferData): Promise<EmailContent> {
	return renderEmail(
		'transferReminder',
		`Reminder: order ${data.orderId} is due by ${data.dueDay}`,
		<Layout
			preview={`Your ${data.units} ${pluralWord(data.quantity, STAY)} reserved until ${data.dueDay}.`}
		>
			<P>{greeting(data.customerName)}</P>
			<TestAccountNote shown={data.testAccount} />
			<P>
				We have not received the payment for order {data.orderId} ({data.what}, invoice{' '}
				{data.invoice.number}) yet. Your {data.units} {pluralWord(data.quantity, STAY)} reserved
				until the end of {data.dueDay}. If you have paid already, thank you: transfers can take a
				day or two to reach us.
			</P>
			<TransferDetails data={data} />
			<NextSteps
				steps={[
					`If the payment has not arrived by the end of ${data.dueDay}, the order is cancelled and the ${data.units} ${pluralWord(data.quantity, GO)} back on sale.`,
				]}
				links={[
					{ href: data.pageUrl, label: 'These payment details online' },
					{ href: data.invoice.url, label: `Invoice ${data.invoice.number}` },
				]}
			/>
		</Layout>,
	)
}

/** The due date passed unpaid: the order is cancelled, a credit note cancels its invoice. */
export function transferCancelled(data: {
	orderId: string
	customerName?: string | null
	what: string
	units: string
	quantity: number
	dueDay: string
	invoiceNumber: string
	creditNote: { number: string; url: string } | null
	siteUrl: string
	testAccount: boolean
}): Promise<EmailContent> {
	return renderEmail(
		'transferCancelled',
		`Order ${data.orderId} is cancelled: no payment arrived`,
		<Layout preview={`No payment arrived by ${data.dueDay}: the order is cancelled.`}>
			<P>{greeting(data.customerName)}</P>
			<TestAccountNote shown={data.testAccount} />
			<P>
				No payment for order {data.orderId} ({data.what}) reached us by the end of {data.dueDay}, so
				the order is cancelled and its {data.units} {pluralWord(data.quantity, IS)} back on sale.
				{data.creditNote
					? ` The credit note ${data.creditNote.number} cancels invoice ${data.invoiceNumber}: `
					: ` Invoice ${data.invoiceNumber} is cancelled.`}
				{data.creditNote ? <A href={data.creditNote.url}>{data.creditNote.url}</A> : null}
			</P>
			<NextSteps
				steps={[
					'If you sent the money after all, reply to this e-mail: we refund it or, if seats are left, complete your order.',
					'You are welcome to order again, by card or by transfer.',
				]}
				links={[{ href: data.siteUrl, label: 'Order again' }]}
			/>
		</Layout>,
	)
}

/**
 * The parts every message is made of, for the messages in other languages (templates-*.de.tsx,
 * decisions 174 and 175). One object, not more exports: each exported function of this module
 * is a template (domain/email-kinds.ts). Last in the module, after every part it names.
 */
export const emailParts = {
	renderEmail,
	Layout,
	P,
	A,
	EventBlock,
	NextSteps,
	GiftMessage,
	paragraph,
}
