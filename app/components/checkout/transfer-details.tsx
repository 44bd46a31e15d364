/**
 * A bank transfer's instructions as the buyer reads them on the site (docs/decisions/163): the
 * amount, the account, the payment reference and the due date, then the invoice. The e-mail
 * shows the same rows (templates.tsx, transferInstructions). In the page's language (decision
 * 176), its invoice link on the page's twin.
 */
import { useLocale } from '~/components/use-locale'
import { formatDay } from '~/domain/dates'
import type { Locale } from '~/domain/locale'
import { formatMinorPrice } from '~/domain/pricing'
import type { TransferView } from '~/models/transfers/view.server'
import { localePath } from '~/utils/i18n'

const COPY: Record<
	Locale,
	{
		amount: string
		holder: string
		reference: string
		due: string
		title: string
		match: string
		invoice: (number: string) => string
		pdf: string
	}
> = {
	'en-US': {
		amount: 'Amount',
		holder: 'Account holder',
		reference: 'Payment reference',
		due: 'Due by',
		title: 'Transfer details',
		match:
			"Write the payment reference exactly as shown in your bank's reference field: it is how we match your payment to your order.",
		invoice: (number) => `Invoice ${number}`,
		pdf: 'Download the PDF',
	},
	'de-DE': {
		amount: 'Betrag',
		holder: 'Kontoinhaber',
		reference: 'Verwendungszweck',
		due: 'Fällig bis',
		title: 'Überweisungsdaten',
		match:
			'Geben Sie den Verwendungszweck genau wie angezeigt im entsprechenden Feld Ihrer Bank an: Daran ordnen wir Ihre Zahlung Ihrer Bestellung zu.',
		invoice: (number) => `Rechnung ${number}`,
		pdf: 'PDF herunterladen',
	},
}

export function TransferDetails({ transfer }: { transfer: TransferView }) {
	const locale = useLocale()
	const copy = COPY[locale]
	const rows: [string, string][] = [
		[copy.amount, formatMinorPrice(transfer.dueMinor, transfer.currency, locale)],
		[copy.holder, transfer.holder],
		['IBAN', transfer.iban],
		...(transfer.bic ? [['BIC', transfer.bic] as [string, string]] : []),
		[copy.reference, transfer.reference],
		[copy.due, formatDay(transfer.dueDay, locale)],
	]
	return (
		<section aria-labelledby="transfer-details" className="mb-8">
			<h2 id="transfer-details" className="mb-3 text-xl font-semibold">
				{copy.title}
			</h2>
			<dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" data-testid="transfer-details">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt>{label}</dt>
						<dd className="font-mono font-semibold">{value}</dd>
					</div>
				))}
			</dl>
			<p className="mt-4">{copy.match}</p>
			<p className="mt-4">
				<a href={localePath(transfer.invoice.path, locale)} className="underline">
					{copy.invoice(transfer.invoice.number)}
				</a>
				{' · '}
				<a href={transfer.invoice.pdfPath} className="underline">
					{copy.pdf}
				</a>
			</p>
		</section>
	)
}
