/**
 * A German buyer's e-mails about money after the checkout (decision 174): the refund notice and
 * the bank transfer's instructions and reminder, the English ones' parts (templates.tsx) in
 * German words, dates and money. Chosen by the order's locale (`orderTemplates`).
 */
import { formatMinorPrice } from '~/domain/pricing'
import { pluralWord, unitsOf } from '~/domain/words'
import { type EmailContent, emailParts, type OrderKind, type TransferData } from './templates'

const { A, Layout, NextSteps, P, paragraph, renderEmail } = emailParts

const locale = 'de-DE'

const money = (minor: number, currency: string) => formatMinorPrice(minor, currency, locale)
const greeting = (name?: string | null) => (name ? `Hallo ${name},` : 'Hallo,')

function Strong({ children }: { children: string }) {
	return (
		<P>
			<strong>{children}</strong>
		</P>
	)
}

/** The refund's credit note (decision 152), in German: the document that corrects the invoice. */
export function CreditNoteLink({ url }: { url?: string | null }) {
	return url ? (
		<P>
			<A href={url}>Ihre Rechnungskorrektur</A> (sie nimmt den erstatteten Betrag von Ihrer Rechnung
			zurück): {url}
		</P>
	) : null
}

/** templates.tsx's refundNotice, in German. */
export function refundNotice(data: {
	orderId: string
	customerName?: string | null
	itemName: string
	kind: OrderKind
	quantity: number
	currency: string
	totalMinor: number
	refundedBeforeMinor?: number
	testMode?: boolean
	creditNoteUrl?: string | null
}): Promise<EmailContent> {
	const amount = money(data.totalMinor, data.currency)
	const before = data.refundedBeforeMinor ?? 0
	const paid = money(data.totalMinor + before, data.currency)
	const units = pluralWord(data.quantity, unitsOf(data.kind, locale), locale)
	const what =
		data.kind === 'course'
			? data.quantity === 1
				? 'Ihr Platz ist freigegeben.'
				: `Ihre ${data.quantity} Plätze sind freigegeben; wer einen eingelöst hat, erfährt es ebenfalls.`
			: `${data.quantity === 1 ? 'Der Pass gilt' : `Die ${data.quantity} Pässe gelten`} nicht mehr; wer einen eingelöst hat, erfährt es ebenfalls.`
	const comesBack =
		data.totalMinor === 0 && before === 0
			? 'Es wurde nichts berechnet, daher geht nichts auf eine Karte zurück.'
			: before > 0
				? `Die restlichen ${amount} gehen auf die Karte zurück, mit der Sie bezahlt haben. Mit den ${money(before, data.currency)}, die schon erstattet wurden, sind das die ganzen ${paid}, die Sie bezahlt haben.`
				: `Die vollen ${amount} gehen auf die Karte zurück, mit der Sie bezahlt haben.`
	return renderEmail(
		'refundNotice',
		`Ihre Bestellung ${data.orderId} ist erstattet`,
		<Layout
			locale={locale}
			preview={
				before > 0
					? `Der Rest Ihrer Bestellung ${data.orderId} ist erstattet: ${amount}.`
					: `Ihre Bestellung ${data.orderId} ist vollständig erstattet.`
			}
		>
			<P>{greeting(data.customerName)}</P>
			{data.testMode ? <Strong>TESTMODUS: Es wurde keine echte Zahlung eingezogen.</Strong> : null}
			<P>
				Ihre Bestellung {data.orderId} ({data.quantity} × {data.itemName}) ist erstattet.{' '}
				{comesBack} {what}
			</P>
			<CreditNoteLink url={data.creditNoteUrl} />
			<NextSteps
				locale={locale}
				steps={[
					...(data.totalMinor > 0
						? ['Erstattungen kommen meist innerhalb von 5 bis 10 Werktagen an.']
						: []),
					`Sie können jederzeit wieder ${units} auf der Website kaufen.`,
				]}
				links={[]}
			/>
		</Layout>,
	)
}

/** templates.tsx's partialRefundNotice, in German. */
export function partialRefundNotice(data: {
	orderId: string
	customerName?: string | null
	itemName: string
	kind: OrderKind
	quantity: number
	remaining: number
	currency: string
	refundedMinor: number
	testMode?: boolean
	creditNoteUrl?: string | null
}): Promise<EmailContent> {
	const amount = money(data.refundedMinor, data.currency)
	const units = (count: number) => pluralWord(count, unitsOf(data.kind, locale), locale)
	const what =
		data.quantity === 0
			? `Ihre ${units(data.remaining)} ${data.remaining === 1 ? 'bleibt' : 'bleiben'} wie ${data.remaining === 1 ? 'er ist' : 'sie sind'}.`
			: `${data.quantity} ${units(data.quantity)} davon ${data.quantity === 1 ? 'ist' : 'sind'} storniert${data.kind === 'course' ? ' und freigegeben' : ` und ${data.quantity === 1 ? 'gilt' : 'gelten'} nicht mehr`}; wer ${data.quantity === 1 ? 'ihn' : 'einen'} eingelöst hat, erfährt es ebenfalls. ${data.remaining === 1 ? 'Der andere bleibt' : `Die anderen ${data.remaining} bleiben`} wie bisher.`
	return renderEmail(
		'partialRefundNotice',
		`Ein Teil Ihrer Bestellung ${data.orderId} ist erstattet`,
		<Layout locale={locale} preview={`${amount} Ihrer Bestellung ${data.orderId} sind erstattet.`}>
			<P>{greeting(data.customerName)}</P>
			{data.testMode ? <Strong>TESTMODUS: Es wurde keine echte Zahlung eingezogen.</Strong> : null}
			<P>
				{amount} Ihrer Bestellung {data.orderId} ({data.itemName}) gehen auf die Karte zurück, mit
				der Sie bezahlt haben. {what}
			</P>
			<CreditNoteLink url={data.creditNoteUrl} />
			<NextSteps
				locale={locale}
				steps={['Erstattungen kommen meist innerhalb von 5 bis 10 Werktagen an.']}
				links={[]}
			/>
		</Layout>,
	)
}

/** The account, the amount, the reference and the due date, as a bank form asks for them. */
function TransferDetails({ data }: { data: TransferData }) {
	const cell = { padding: '4px 16px 4px 0', fontSize: '16px', color: paragraph.color }
	const rows = [
		['Betrag', money(data.totalMinor, data.currency)],
		['Kontoinhaber', data.holder],
		['IBAN', data.iban],
		...(data.bic ? [['BIC', data.bic]] : []),
		['Verwendungszweck', data.reference],
		['Fällig bis', data.dueDay],
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

const testAccount = (shown: boolean) =>
	shown ? <Strong>TESTMODUS: Dies ist ein Testkonto. Überweisen Sie kein Geld.</Strong> : null

/** templates.tsx's transferInstructions, in German; `data` as loadTransfer writes it for German. */
export function transferInstructions(data: TransferData): Promise<EmailContent> {
	return renderEmail(
		'transferInstructions',
		`Bestellung ${data.orderId} bis ${data.dueDay} per Überweisung bezahlen`,
		<Layout
			locale={locale}
			preview={`Ihre Rechnung ${data.invoice.number} und wie Sie sie per Überweisung bezahlen.`}
		>
			<P>{greeting(data.customerName)}</P>
			{testAccount(data.testAccount)}
			<P>
				Vielen Dank für Ihre Bestellung {data.orderId} ({data.what}). Sie ist bis zum Fälligkeitstag
				für Sie reserviert. Bitte überweisen Sie den Betrag unten mit dem Verwendungszweck, damit
				wir Ihre Zahlung Ihrer Bestellung zuordnen können.
			</P>
			<TransferDetails data={data} />
			<P>
				Ihre Rechnung {data.invoice.number} ist angehängt und online:{' '}
				<A href={data.invoice.url}>{data.invoice.url}</A>
			</P>
			<NextSteps
				locale={locale}
				steps={[
					'Sobald Ihre Zahlung eingeht, schicken wir Ihre Quittung und die Links Ihrer Bestellung. Vorher kommt nichts.',
					`Einige Tage vor dem Fälligkeitstag erinnern wir Sie, falls sie noch nicht eingegangen ist. Ist sie bis einschließlich ${data.dueDay} nicht eingegangen, wird die Bestellung storniert, ihre Reservierung endet und eine Rechnungskorrektur storniert die Rechnung.`,
				]}
				links={[{ href: data.pageUrl, label: 'Diese Zahlungsdaten online' }]}
			/>
		</Layout>,
	)
}

/** templates.tsx's transferReminder, in German. */
export function transferReminder(data: TransferData): Promise<EmailContent> {
	return renderEmail(
		'transferReminder',
		`Erinnerung: Bestellung ${data.orderId} ist fällig bis ${data.dueDay}`,
		<Layout locale={locale} preview={`Ihre Bestellung bleibt bis ${data.dueDay} reserviert.`}>
			<P>{greeting(data.customerName)}</P>
			{testAccount(data.testAccount)}
			<P>
				Die Zahlung für die Bestellung {data.orderId} ({data.what}, Rechnung {data.invoice.number})
				ist noch nicht bei uns eingegangen. Ihre Bestellung bleibt bis einschließlich {data.dueDay}{' '}
				reserviert. Wenn Sie schon bezahlt haben, vielen Dank: Überweisungen brauchen manchmal ein
				bis zwei Tage.
			</P>
			<TransferDetails data={data} />
			<NextSteps
				locale={locale}
				steps={[
					`Ist die Zahlung bis einschließlich ${data.dueDay} nicht eingegangen, wird die Bestellung storniert und ihre Reservierung endet.`,
				]}
				links={[
					{ href: data.pageUrl, label: 'Diese Zahlungsdaten online' },
					{ href: data.invoice.url, label: `Rechnung ${data.invoice.number}` },
				]}
			/>
		</Layout>,
	)
}

/** templates.tsx's transferCancelled, in German. */
export function transferCancelled(data: {
	orderId: string
	customerName?: string | null
	what: string
	units: string
	dueDay: string
	invoiceNumber: string
	creditNote: { number: string; url: string } | null
	siteUrl: string
	testAccount: boolean
}): Promise<EmailContent> {
	return renderEmail(
		'transferCancelled',
		`Bestellung ${data.orderId} ist storniert: Es ist keine Zahlung eingegangen`,
		<Layout
			locale={locale}
			preview={`Bis ${data.dueDay} ist keine Zahlung eingegangen: Die Bestellung ist storniert.`}
		>
			<P>{greeting(data.customerName)}</P>
			{testAccount(data.testAccount)}
			<P>
				Bis einschließlich {data.dueDay} ist keine Zahlung für die Bestellung {data.orderId} (
				{data.what}) bei uns eingegangen, daher ist die Bestellung storniert und ihre Reservierung
				aufgehoben.
				{data.creditNote
					? ` Die Rechnungskorrektur ${data.creditNote.number} storniert die Rechnung ${data.invoiceNumber}: `
					: ` Die Rechnung ${data.invoiceNumber} ist storniert.`}
				{data.creditNote ? <A href={data.creditNote.url}>{data.creditNote.url}</A> : null}
			</P>
			<NextSteps
				locale={locale}
				steps={[
					'Falls Sie das Geld doch überwiesen haben, antworten Sie auf diese E-Mail: Wir erstatten es oder schließen Ihre Bestellung ab, wenn noch Plätze frei sind.',
					'Sie können gern erneut bestellen, per Karte oder per Überweisung.',
				]}
				links={[{ href: `${data.siteUrl}/de`, label: 'Erneut bestellen' }]}
			/>
		</Layout>,
	)
}
