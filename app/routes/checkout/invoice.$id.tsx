/**
 * /invoice/{id}?sig=…: an invoice or credit note as a page (docs/decisions/115), opened from the
 * thank-you page and the receipt. The link is signed: without its signature, or with another
 * invoice's, the page is a 404 (nothing says whether the invoice exists). It shows the snapshot
 * stored when it was issued, and links to the same document as a PDF. Under /de its words are
 * German (the PDF's table, `INVOICE_WORDS`, and the page's own), decision 176.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import { formatDay } from '~/domain/dates'
import {
	discountLabel,
	invoiceMoney,
	invoiceTitle,
	issueDate,
	issuedOn,
	ratePercent,
} from '~/domain/invoices/format'
import { partyLines } from '~/domain/invoices/party'
import type { Party } from '~/domain/invoices/types'
import type { Locale } from '~/domain/locale'
import { INVOICE_WORDS, notesIn } from '~/models/invoices/pdf-words'
import { findSignedInvoice, invoicePath } from '~/models/invoices/query.server'
import { localeOfPath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

/** The page's own words; the document's are the PDF's (`INVOICE_WORDS`). */
const COPY: Record<
	Locale,
	{
		issued: string
		lines: string
		item: string
		quantity: string
		unitPrice: string
		amount: string
		rate: string
		total: string
		pdf: string
	}
> = {
	'en-US': {
		issued: 'Issued',
		lines: 'What was bought',
		item: 'Item',
		quantity: 'Quantity',
		unitPrice: 'Unit price',
		amount: 'Amount',
		rate: 'Rate',
		total: 'Total',
		pdf: 'Download the PDF',
	},
	'de-DE': {
		issued: 'Ausgestellt am',
		lines: 'Gekaufte Leistungen',
		item: 'Leistung',
		quantity: 'Menge',
		unitPrice: 'Einzelpreis',
		amount: 'Betrag',
		rate: 'Steuersatz',
		total: 'Brutto',
		pdf: 'PDF herunterladen',
	},
}

export const meta: MetaFunction = (args) =>
	pageMeta(args, {
		title: INVOICE_WORDS[localeOfPath(args.location.pathname)].invoice,
		noindex: true,
	})

export async function loader({ params, request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const invoice = requireFound(
		await findSignedInvoice(await getDb(), params.id ?? '', url.searchParams.get('sig')),
		url.pathname,
	)
	return data(
		{ data: invoice.data, pdfUrl: invoicePath(invoice.id, { pdf: true }) },
		{ headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } },
	)
}

function PartyBlock({ title, party }: { title: string; party: Party }) {
	// partyLines prints the VAT number's label in English: the German page names it its way.
	const vatLabel = INVOICE_WORDS[useLocale()].vatNumber
	const lines = partyLines(party)
	return (
		<div>
			<h2 className="mb-1 font-semibold">{title}</h2>
			<address className="not-italic">
				{lines.map((line) => (
					<span key={line} className="block">
						{line.replace(/^VAT number\b/, vatLabel)}
					</span>
				))}
			</address>
		</div>
	)
}

export default function InvoicePage() {
	const { data, pdfUrl } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	const words = INVOICE_WORDS[locale]
	const money = (minor: number) => invoiceMoney(minor, data.currency, locale)
	const german = locale === 'de-DE'
	return (
		<LeadLayout>
			{data.testMode ? (
				<p role="note" className="mt-6 font-semibold text-amber-800 dark:text-amber-200">
					{words.testMode}
				</p>
			) : null}
			<PageHeading
				title={
					german
						? `${data.kind === 'credit_note' ? words.creditNote : words.invoice} ${data.number}`
						: invoiceTitle(data)
				}
				lead={
					<>
						{copy.issued} {german ? formatDay(issueDate(data), locale) : issuedOn(data)} ·{' '}
						{words.order} <code>{data.orderId}</code>
						{data.creditFor ? ` · ${words.cancels(data.creditFor)}` : null}
					</>
				}
			/>
			<div className="mb-8 grid gap-6 sm:grid-cols-2">
				<PartyBlock title={words.from} party={data.seller} />
				<PartyBlock title={words.to} party={data.buyer} />
			</div>
			<table className="mb-6 w-full" data-testid="invoice-lines">
				<caption className="sr-only">{copy.lines}</caption>
				<thead>
					<tr className="text-left">
						<th scope="col">{copy.item}</th>
						<th scope="col" className="text-right">
							{copy.quantity}
						</th>
						<th scope="col" className="text-right">
							{copy.unitPrice}
						</th>
						<th scope="col" className="text-right">
							{copy.amount}
						</th>
					</tr>
				</thead>
				<tbody>
					{data.lines.map((line) => (
						<tr key={line.description}>
							<td>{line.description}</td>
							<td className="text-right">{line.quantity}</td>
							<td className="text-right">{money(line.unitMinor)}</td>
							<td className="text-right">{money(line.amountMinor)}</td>
						</tr>
					))}
					{data.discountMinor !== 0 ? (
						<tr>
							<td colSpan={3}>
								{german
									? `${words.discount}${data.discountNote ? ` (${data.discountNote})` : ''}`
									: discountLabel(data)}
							</td>
							<td className="text-right">{money(-data.discountMinor)}</td>
						</tr>
					) : null}
				</tbody>
			</table>
			<table className="mb-6 w-full" data-testid="invoice-taxes">
				<caption className="mb-1 text-left font-semibold">
					{data.pricesIncludeTax ? words.taxIncluded : words.taxAdded}
				</caption>
				<thead>
					<tr className="text-left">
						<th scope="col">{copy.rate}</th>
						<th scope="col" className="text-right">
							{words.net}
						</th>
						<th scope="col" className="text-right">
							{words.tax}
						</th>
						<th scope="col" className="text-right">
							{copy.total}
						</th>
					</tr>
				</thead>
				<tbody>
					{data.taxes.map((tax) => (
						<tr key={tax.rateBasisPoints}>
							<td>{ratePercent(tax.rateBasisPoints, locale)}</td>
							<td className="text-right">{money(tax.netMinor)}</td>
							<td className="text-right">{money(tax.taxMinor)}</td>
							<td className="text-right">{money(tax.totalMinor)}</td>
						</tr>
					))}
				</tbody>
			</table>
			<dl className="mb-6 grid max-w-sm grid-cols-[1fr_auto] gap-x-6">
				<dt>{words.net}</dt>
				<dd className="text-right">{money(data.netMinor)}</dd>
				<dt>{words.tax}</dt>
				<dd className="text-right">{money(data.taxMinor)}</dd>
				<dt className="font-semibold">
					{data.kind === 'credit_note' ? words.totalCredited : words.totalPaid}
				</dt>
				<dd className="text-right font-semibold" data-testid="invoice-total">
					{money(data.totalMinor)}
				</dd>
			</dl>
			{(german ? notesIn(data, locale) : data.notes).map((note) => (
				<p key={note} className="mb-2">
					{note}
				</p>
			))}
			<p className="mt-6 mb-10">
				<a href={pdfUrl} className="underline" download>
					{copy.pdf}
				</a>
			</p>
		</LeadLayout>
	)
}
