/**
 * A German buyer's e-mails (issue 38 item 2, decision 174): the receipt of an order started on a
 * German page, with the same parts as the English one (templates.tsx) in German words, dates and
 * money ("1.234,50 €"). The model picks this file by the order's locale; the English messages
 * stay as they are.
 */
import { Section, Text } from '@react-email/components'
import { formatMoment } from '~/domain/dates'
import { formatMinorPrice } from '~/domain/pricing'
import { pluralWord, unitsOf } from '~/domain/words'
import {
	type EmailContent,
	type EmailEvent,
	emailParts,
	type OrderKind,
	type ReceiptData,
	type UnsubscribeLinks,
} from './templates'

const { A, EventBlock, GiftMessage, Layout, NextSteps, P, paragraph, renderEmail } = emailParts

const locale = 'de-DE'

const unitOf = (kind: OrderKind, count = 1) => pluralWord(count, unitsOf(kind, locale), locale)

const greeting = (name?: string | null) => (name ? `Hallo ${name},` : 'Hallo,')

function TestModeNote() {
	return (
		<P>
			<strong>TESTMODUS: Es wurde keine echte Zahlung eingezogen.</strong>
		</P>
	)
}

const readOn = (siteUrl: string) => [
	{ href: `${siteUrl}/de/blog`, label: 'Zum Blog' },
	{ href: `${siteUrl}/de/cheatsheets`, label: 'Zu den Cheatsheets' },
]

/** What a German receipt says happens next: templates.tsx's receiptSteps, in German. */
function receiptSteps(
	kind: OrderKind,
	quantity: number,
	passCount: number,
	courseOpen = false,
): string[] {
	if (kind === 'course' && passCount > 1)
		return [
			`Ihre ${quantity} Plätze gehören zu dieser Bestellung, einer davon ist Ihrer.`,
			'Sichern Sie sich Ihren eigenen Platz mit einem Link und schicken Sie die anderen an Ihr Team: Jede Person löst ihren Platz einmal ein, mit eigenem Namen und eigener E-Mail-Adresse.',
			courseOpen
				? 'Der Kurs ist geöffnet: Wir schicken Ihnen Ihren Zugang innerhalb weniger Minuten, allen anderen ihren, sobald sie ihren Platz eingelöst haben. Bis ein Platz eingelöst ist, gehört sein Zugang Ihnen.'
				: 'Wenn der Kurs öffnet, schicken wir allen Platzinhabern ihren Zugang.',
		]
	if (kind === 'course')
		return [
			quantity > 1
				? `Ihre ${quantity} Plätze sind in dieser Bestellung gesichert.`
				: 'Ihr Platz ist auf Ihren Namen gesichert.',
			courseOpen
				? 'Der Kurs ist geöffnet: Wir schicken Ihren Zugang innerhalb weniger Minuten an diese Adresse.'
				: 'Wenn der Kurs öffnet, schicken wir Ihren Zugang an diese Adresse.',
		]
	return [
		passCount > 1
			? 'Behalten Sie einen Pass und schicken Sie die anderen an Ihr Team: Jede Person löst ihren Pass mit eigenem Namen und eigener E-Mail-Adresse ein.'
			: 'Lösen Sie Ihren Pass mit Namen und E-Mail-Adresse der Person ein, die teilnimmt.',
		'Am Tag davor und eine Stunde vor Beginn schicken wir allen Passinhabern eine Erinnerung mit dem Link zur Teilnahme.',
		'Bis ein Pass eingelöst ist, kommen seine Erinnerungen und sein Link zur Teilnahme zu Ihnen, mit der Zahl der Pässe, die noch zu vergeben sind; ebenso eine Erinnerung eine Woche und zwei Tage vor dem Tag.',
	]
}

function GiftSection({ gift }: { gift: NonNullable<ReceiptData['gift']> }) {
	return (
		<Section>
			<P>
				Dies ist ein Geschenk für {gift.recipientName} ({gift.recipientEmail}): Wir schicken den
				Link zum Einlösen am {gift.deliverOn}.
			</P>
			{gift.message ? (
				<>
					<P>Eine Kopie Ihrer Nachricht:</P>
					<GiftMessage message={gift.message} />
				</>
			) : null}
			<P>
				Bis es eingelöst ist, können Sie Empfänger, Nachricht oder Tag ändern:{' '}
				<A href={gift.changeUrl}>Geschenk ändern</A>
			</P>
		</Section>
	)
}

/** The payment receipt in German: the English receipt's lines, totals, links and next steps. */
export function receipt(data: ReceiptData): Promise<EmailContent> {
	const money = (minor: number) => formatMinorPrice(minor, data.currency, locale)
	const subtotal = data.lines.reduce((sum, line) => sum + line.unitAmountMinor * line.quantity, 0)
	const rows = [
		...data.lines.map((line) => ({
			label: `${line.quantity} × ${line.name}`,
			amount: money(line.unitAmountMinor * line.quantity),
		})),
		{ label: 'Zwischensumme', amount: money(subtotal) },
		...(data.discountMinor > 0
			? [
					{
						label: data.discountNote ? `Rabatt (${data.discountNote})` : 'Rabatt',
						amount: `−${money(data.discountMinor)}`,
					},
				]
			: []),
		...(data.credit
			? [{ label: data.credit.label, amount: `−${money(data.credit.amountMinor)}` }]
			: []),
		...(data.addedTaxMinor ? [{ label: 'USt.', amount: money(data.addedTaxMinor) }] : []),
	]
	const passUrls = data.passUrls ?? []
	const kind = data.kind ?? (passUrls.length > 0 ? 'day' : 'course')
	const refunded = data.refunded && data.refunded.amountMinor > 0 ? data.refunded : null
	const unit = kind === 'course' ? 'Platz' : 'Pass'
	const cell = { padding: '4px 16px 4px 0', fontSize: '16px', color: paragraph.color }
	const amountCell = { ...cell, padding: '4px 0', textAlign: 'right' as const }
	return renderEmail(
		'receipt',
		`Ihre Quittung für die Bestellung ${data.orderId}`,
		<Layout preview={`Ihre Quittung für die Bestellung ${data.orderId}.`} locale={locale}>
			<P>{greeting(data.customerName)}</P>
			{data.testMode ? <TestModeNote /> : null}
			<P>
				Vielen Dank für Ihre Bestellung {data.orderId}, bezahlt am{' '}
				{formatMoment(data.paidAt, 'UTC', locale)}.
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
							<strong>Gesamtbetrag</strong>
						</td>
						<td style={amountCell}>{money(data.totalMinor)}</td>
					</tr>
					{refunded ? (
						<>
							<tr>
								<td style={cell}>
									Erstattet
									{refunded.quantity > 0
										? ` (${refunded.quantity} ${unitOf(kind, refunded.quantity)})`
										: ''}
								</td>
								<td style={amountCell}>−{money(refunded.amountMinor)}</td>
							</tr>
							<tr>
								<td style={cell}>
									<strong>Bezahlt nach Erstattung</strong>
								</td>
								<td style={amountCell}>{money(data.totalMinor - refunded.amountMinor)}</td>
							</tr>
						</>
					) : null}
				</tbody>
			</table>
			{refunded ? (
				<P>
					{money(refunded.amountMinor)} davon wurden auf die Karte erstattet, mit der Sie bezahlt
					haben: Sie haben am Ende {money(data.totalMinor - refunded.amountMinor)} bezahlt.
				</P>
			) : null}
			{data.orderUrl ? (
				<P>
					<A href={data.orderUrl}>Ihre Bestellung</A>
				</P>
			) : null}
			{data.invoice ? (
				<P>
					<A href={data.invoice.url}>Rechnung {data.invoice.number}</A> (das PDF ist angehängt)
				</P>
			) : null}
			{data.gift ? <GiftSection gift={data.gift} /> : null}
			{passUrls.length > 0 && !data.gift ? (
				<Section>
					<P>
						{kind === 'course'
							? 'Ihre Plätze: Jeder wird einmal eingelöst, von der Person, die den Kurs macht.'
							: 'Ihre Pässe: Jeder wird einmal eingelöst, von der Person, die teilnimmt.'}
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
			{data.event ? <EventBlock event={data.event} attached locale={locale} /> : null}
			<NextSteps
				locale={locale}
				steps={receiptSteps(
					kind,
					data.lines.reduce((sum, line) => sum + line.quantity, 0) - (refunded?.quantity ?? 0),
					passUrls.length,
					data.courseOpen,
				)}
				links={data.siteUrl ? readOn(data.siteUrl) : []}
			/>
		</Layout>,
	)
}

/** templates.tsx's passClaimed, in German: to a holder who claimed on a German pass page. */
export function passClaimed(data: {
	holderName: string
	itemName: string
	kind: OrderKind
	passUrl: string
	event?: EmailEvent
	siteUrl: string
	courseOpen?: boolean
}): Promise<EmailContent> {
	return renderEmail(
		'passClaimed',
		`Ihr ${data.itemName} ist bestätigt`,
		<Layout preview={`Ihr ${data.itemName} läuft auf Ihren Namen.`} locale={locale}>
			<P>{greeting(data.holderName)}</P>
			<P>
				Ihr {data.itemName} ist bestätigt, auf Ihren Namen.{' '}
				<A href={data.passUrl}>Ihr {unitOf(data.kind)}</A>
			</P>
			{data.event ? <EventBlock event={data.event} attached locale={locale} /> : null}
			<NextSteps
				locale={locale}
				steps={[
					data.kind === 'course'
						? data.courseOpen
							? 'Der Kurs ist geöffnet: Wir schicken Ihren Zugang innerhalb weniger Minuten an diese Adresse.'
							: 'Wenn der Kurs öffnet, schicken wir Ihren Zugang an diese Adresse.'
						: 'Am Tag davor und eine Stunde vor Beginn schicken wir Ihnen eine Erinnerung mit dem Link zur Teilnahme. Auch die Kalenderdatei enthält Ihren Link zur Teilnahme.',
				]}
				links={readOn(data.siteUrl)}
			/>
		</Layout>,
	)
}

/** templates.tsx's checkoutRecovery, in German: the one reminder of a checkout left unpaid. */
export function checkoutRecovery(data: {
	itemName: string
	kind: OrderKind
	quantity: number
	url: string
	testMode?: boolean
	unsubscribe: UnsubscribeLinks
}): Promise<EmailContent> {
	const units = unitOf(data.kind, data.quantity)
	return renderEmail(
		'checkoutRecovery',
		`Ihr Checkout für ${data.itemName} ist abgelaufen, bevor Sie bezahlt haben`,
		<Layout
			locale={locale}
			preview={`Sie haben einen Checkout für ${data.itemName} begonnen und nicht abgeschlossen.`}
			unsubscribe={data.unsubscribe}
		>
			<P>Hallo,</P>
			{data.testMode ? <TestModeNote /> : null}
			<P>
				Sie haben einen Checkout für {data.quantity} × {data.itemName} begonnen und nicht
				abgeschlossen. Er ist daher abgelaufen, und was er reserviert hatte, ist wieder im Verkauf.
				Es wurde nichts berechnet.
			</P>
			<NextSteps
				locale={locale}
				steps={[
					`Wenn Sie noch ${data.quantity === 1 ? `einen ${units}` : units} möchten, beginnen Sie auf der Seite unten neu: Sie zeigt, was zum heutigen Preis noch frei ist.`,
					'Dies ist die einzige Erinnerung an diesen Checkout: Sie haben sie auf der Checkout-Seite gewünscht.',
				]}
				links={[{ href: data.url, label: `Neu beginnen: ${data.itemName}` }]}
			/>
		</Layout>,
		data.unsubscribe,
	)
}
