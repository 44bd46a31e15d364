/**
 * A German buyer's e-mails about a payment that did not go as planned, and the upgrade credit
 * (decision 177): the late refund, a delayed payment on its way and its end, the upgrade
 * credit's links; templates.tsx's parts in German words, dates and money. Chosen by the order's
 * locale, the upgrade link by the pass's (`orderTemplates`).
 */

import { formatMoment } from '~/domain/dates'
import { paymentOnItsWaySteps } from '~/domain/delayed-payment'
import { formatMinorPrice } from '~/domain/pricing'
import { countOf, pluralWord, unitsOf } from '~/domain/words'
import type {
	delayedPaymentEnded as englishDelayedPaymentEnded,
	lateRefund as englishLateRefund,
	paymentOnItsWay as englishPaymentOnItsWay,
	upgradeCreditLink as englishUpgradeCreditLink,
} from './templates'
import { type EmailContent, emailParts, type OrderKind } from './templates'
import { CreditNoteLink } from './templates-money.de'

const { Layout, NextSteps, P, renderEmail } = emailParts

const locale = 'de-DE'

const money = (minor: number, currency: string) => formatMinorPrice(minor, currency, locale)
const greeting = (name?: string | null) => (name ? `Hallo ${name},` : 'Hallo,')
const unitOf = (kind: OrderKind, count: number) => pluralWord(count, unitsOf(kind, locale), locale)
/** "Ihr Pass", "Ihre 3 Plätze": both units are masculine. */
const yours = (kind: OrderKind, count: number) =>
	count === 1 ? `Ihr ${unitOf(kind, 1)}` : `Ihre ${count} ${unitOf(kind, count)}`

function TestModeNote({ on }: { on?: boolean }) {
	return on ? (
		<P>
			<strong>TESTMODUS: Es wurde keine echte Zahlung eingezogen.</strong>
		</P>
	) : null
}

/** templates.tsx's lateRefund, in German: why the payment comes back in full. */
export function lateRefund(data: Parameters<typeof englishLateRefund>[0]): Promise<EmailContent> {
	const amount = money(data.totalMinor, data.currency)
	const because = data.because ?? 'seats-taken'
	const what = `Ihre Zahlung für die Bestellung ${data.orderId} (${data.itemName})`
	return renderEmail(
		'lateRefund',
		`Ihre Bestellung ${data.orderId} wird erstattet`,
		<Layout preview={`Ihre Bestellung ${data.orderId} wird vollständig erstattet.`} locale={locale}>
			<P>{greeting(data.customerName)}</P>
			<TestModeNote on={data.testMode} />
			{because === 'upgrade-credit-spent' ? (
				<P>
					{what} kam bei uns an, nachdem die Reservierung Ihres Checkouts abgelaufen war, und das
					Upgrade-Guthaben Ihres Passes war in der Zwischenzeit von einer anderen Bestellung genutzt
					worden: Ein Pass zählt für einen Platz. Wir erstatten die vollen {amount} auf Ihre Karte.
				</P>
			) : because === 'seats-taken' ? (
				<P>
					{what} kam bei uns an, nachdem die Reservierung Ihres Checkouts abgelaufen war, und in der
					Zwischenzeit waren alle Plätze vergeben. Das tut uns leid: Wir konnten Ihnen keinen Platz
					geben und erstatten daher die vollen {amount} auf Ihre Karte.
				</P>
			) : (
				<P>
					Ihre Bestellung {data.orderId} ({data.itemName}) hat einen Gutschein benutzt,{' '}
					{because === 'coupon-once-per-buyer'
						? 'der einmal pro Käufer gilt, und diese E-Mail-Adresse hat ihn schon benutzt'
						: 'dessen Einlösungen alle vergeben waren, als Ihre Zahlung bei uns ankam'}
					. Wir erstatten die vollen {amount} auf Ihre Karte; Sie können gern ohne den Gutschein
					erneut kaufen.
				</P>
			)}
			<CreditNoteLink url={data.creditNoteUrl} />
			<NextSteps
				locale={locale}
				steps={['Erstattungen kommen meist innerhalb von 5 bis 10 Werktagen an.']}
				links={[]}
			/>
		</Layout>,
	)
}

/** templates.tsx's paymentOnItsWay, in German: held until the money comes, and what then. */
export function paymentOnItsWay(
	data: Parameters<typeof englishPaymentOnItsWay>[0],
): Promise<EmailContent> {
	return renderEmail(
		'paymentOnItsWay',
		`Ihre Zahlung für die Bestellung ${data.orderId} ist unterwegs`,
		<Layout
			preview={`Ihre Zahlung für die Bestellung ${data.orderId} ist unterwegs.`}
			locale={locale}
		>
			<P>{greeting(data.customerName)}</P>
			<TestModeNote on={data.testMode} />
			<P>
				Vielen Dank für Ihre Bestellung {data.orderId}: {data.quantity} × {data.itemName},{' '}
				{money(data.totalMinor, data.currency)}. Sie haben mit einer Methode bezahlt, deren Geld ein
				paar Tage braucht, bis es bei uns ist; Ihre Bestellung ist daher noch nicht bezahlt.
			</P>
			<NextSteps
				locale={locale}
				steps={paymentOnItsWaySteps({
					units: unitsOf(data.kind, locale),
					quantity: data.quantity,
					heldUntil: data.heldUntil,
					locale,
				}).map((step) => `${step.when}: ${step.what}`)}
				links={[]}
			/>
		</Layout>,
	)
}

/** templates.tsx's delayedPaymentEnded, in German: refused or not arrived; pay by card instead. */
export function delayedPaymentEnded(
	data: Parameters<typeof englishDelayedPaymentEnded>[0],
): Promise<EmailContent> {
	const units = unitOf(data.kind, data.quantity)
	const what = `${data.quantity} × ${data.itemName}`
	const one = data.quantity === 1
	return renderEmail(
		'delayedPaymentEnded',
		data.because === 'failed'
			? `Ihre Zahlung für die Bestellung ${data.orderId} ist nicht durchgegangen`
			: `Ihre Zahlung für die Bestellung ${data.orderId} ist nicht angekommen`,
		<Layout
			preview={`${yours(data.kind, data.quantity)} ${one ? 'ist' : 'sind'} wieder im Verkauf; Sie können stattdessen mit Karte bezahlen.`}
			locale={locale}
		>
			<P>{greeting(data.customerName)}</P>
			<TestModeNote on={data.testMode} />
			<P>
				{data.because === 'failed'
					? `Ihre Bank hat die Zahlung für die Bestellung ${data.orderId} (${what}) abgelehnt, es wurde also nichts abgebucht`
					: `Die Zahlung für die Bestellung ${data.orderId} (${what}) war ${countOf(data.holdDays, { one: 'Tag', other: 'Tage' }, locale)} nach Ihrer Zahlung noch nicht bei uns angekommen`}
				, und {one ? `der ${units}, den` : `die ${units}, die`} wir für Sie reserviert hatten,{' '}
				{one ? 'ist' : 'sind'} wieder im Verkauf.
			</P>
			<NextSteps
				locale={locale}
				steps={[
					`Um ${one ? `den ${units}` : `die ${units}`} doch zu bekommen, bezahlen Sie mit Karte: Der Link unten beginnt einen neuen Checkout für ${one ? 'denselben' : 'dieselben'} ${units} zum heutigen Preis, wenn noch welche frei sind.`,
					...(data.because === 'expired'
						? [
								`Kommt Ihre Bankzahlung doch noch bei uns an, ${one ? 'gehört Ihnen der' : 'gehören Ihnen die'} ${units}, wenn noch frei; sonst erstatten wir sie vollständig.`,
							]
						: []),
				]}
				links={[{ href: data.payByCardUrl, label: `Mit Karte bezahlen: ${data.itemName}` }]}
			/>
		</Layout>,
	)
}

/** templates.tsx's upgradeCreditLink, in German: what the pass cost comes off a course seat. */
export function upgradeCreditLink(
	data: Parameters<typeof englishUpgradeCreditLink>[0],
): Promise<EmailContent> {
	const [first] = data.credits
	return renderEmail(
		'upgradeCreditLink',
		`Ihr Upgrade-Guthaben für ${data.courseName}`,
		<Layout preview={`Was Ihr Pass gekostet hat, geht von ${data.courseName} ab.`} locale={locale}>
			<P>{greeting()}</P>
			<P>
				Sie haben Ihr Upgrade-Guthaben angefordert. Was Sie für Ihren Pass bezahlt haben, geht von
				einem Platz in {data.courseName} ab, wenn Sie ihn über den Link unten kaufen, bis{' '}
				{first ? formatMoment(first.until, 'UTC', locale) : ''}. Jeder Pass zählt einmal.
			</P>
			<NextSteps
				locale={locale}
				steps={[
					'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Es wurde nichts gekauft.',
				]}
				links={data.credits.map((credit) => ({
					href: credit.url,
					label: `${data.courseName} mit ${money(credit.creditMinor, credit.currency)} Rabatt kaufen (${credit.passName})`,
				}))}
			/>
		</Layout>,
	)
}
