/**
 * A bank transfer's instructions as the buyer reads them on the site (docs/decisions/163): the
 * amount, the account, the payment reference and the due date, then the invoice. The e-mail
 * shows the same rows (templates.tsx, transferInstructions).
 */
import { formatDay } from '~/domain/dates'
import { formatMinorPrice } from '~/domain/pricing'
import type { TransferView } from '~/models/transfers/view.server'

export function TransferDetails({ transfer }: { transfer: TransferView }) {
	const rows: [string, string][] = [
		['Amount', formatMinorPrice(transfer.dueMinor, transfer.currency)],
		['Account holder', transfer.holder],
		['IBAN', transfer.iban],
		...(transfer.bic ? [['BIC', transfer.bic] as [string, string]] : []),
		['Payment reference', transfer.reference],
		['Due by', formatDay(transfer.dueDay)],
	]
	return (
		<section aria-labelledby="transfer-details" className="mb-8">
			<h2 id="transfer-details" className="mb-3 text-xl font-semibold">
				Transfer details
			</h2>
			<dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" data-testid="transfer-details">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt>{label}</dt>
						<dd className="font-mono font-semibold">{value}</dd>
					</div>
				))}
			</dl>
			<p className="mt-4">
				Write the payment reference exactly as shown in your bank's reference field: it is how we
				match your payment to your order.
			</p>
			<p className="mt-4">
				<a href={transfer.invoice.path} className="underline">
					{`Invoice ${transfer.invoice.number}`}
				</a>
				{' · '}
				<a href={transfer.invoice.pdfPath} className="underline">
					Download the PDF
				</a>
			</p>
		</section>
	)
}
