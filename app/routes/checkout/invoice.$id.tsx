/**
 * /invoice/{id}?sig=…: an invoice or credit note as a page (docs/decisions/115), opened from the
 * thank-you page and the receipt. The link is signed: without its signature, or with another
 * invoice's, the page is a 404 (nothing says whether the invoice exists). It shows the snapshot
 * stored when it was issued, and links to the same document as a PDF.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getDb } from '~/db/client.server'
import {
	discountLabel,
	invoiceMoney,
	invoiceTitle,
	issuedOn,
	ratePercent,
} from '~/domain/invoices/format'
import { partyLines } from '~/domain/invoices/party'
import type { Party } from '~/domain/invoices/types'
import { findSignedInvoice, invoicePath } from '~/models/invoices/query.server'
import { pageMeta } from '~/utils/meta'
import { requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Invoice', noindex: true })

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
	const lines = partyLines(party)
	return (
		<div>
			<h2 className="mb-1 font-semibold">{title}</h2>
			<address className="not-italic">
				{lines.map((line) => (
					<span key={line} className="block">
						{line}
					</span>
				))}
			</address>
		</div>
	)
}

export default function InvoicePage() {
	const { data, pdfUrl } = useLoaderData<typeof loader>()
	const money = (minor: number) => invoiceMoney(minor, data.currency)
	return (
		<LeadLayout>
			{data.testMode ? (
				<p role="note" className="mt-6 font-semibold text-amber-800 dark:text-amber-200">
					Test mode: no real payment.
				</p>
			) : null}
			<PageHeading
				title={invoiceTitle(data)}
				lead={
					<>
						Issued {issuedOn(data)} · Order <code>{data.orderId}</code>
						{data.creditFor ? ` · Cancels invoice ${data.creditFor}` : null}
					</>
				}
			/>
			<div className="mb-8 grid gap-6 sm:grid-cols-2">
				<PartyBlock title="From" party={data.seller} />
				<PartyBlock title="To" party={data.buyer} />
			</div>
			<table className="mb-6 w-full" data-testid="invoice-lines">
				<caption className="sr-only">What was bought</caption>
				<thead>
					<tr className="text-left">
						<th scope="col">Item</th>
						<th scope="col" className="text-right">
							Quantity
						</th>
						<th scope="col" className="text-right">
							Unit price
						</th>
						<th scope="col" className="text-right">
							Amount
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
							<td colSpan={3}>{discountLabel(data)}</td>
							<td className="text-right">{money(-data.discountMinor)}</td>
						</tr>
					) : null}
				</tbody>
			</table>
			<table className="mb-6 w-full" data-testid="invoice-taxes">
				<caption className="mb-1 text-left font-semibold">
					{data.pricesIncludeTax ? 'VAT included, per rate' : 'VAT per rate'}
				</caption>
				<thead>
					<tr className="text-left">
						<th scope="col">Rate</th>
						<th scope="col" className="text-right">
							Net
						</th>
						<th scope="col" className="text-right">
							VAT
						</th>
						<th scope="col" className="text-right">
							Total
						</th>
					</tr>
				</thead>
				<tbody>
					{data.taxes.map((tax) => (
						<tr key={tax.rateBasisPoints}>
							<td>{ratePercent(tax.rateBasisPoints)}</td>
							<td className="text-right">{money(tax.netMinor)}</td>
							<td className="text-right">{money(tax.taxMinor)}</td>
							<td className="text-right">{money(tax.totalMinor)}</td>
						</tr>
					))}
				</tbody>
			</table>
			<dl className="mb-6 grid max-w-sm grid-cols-[1fr_auto] gap-x-6">
				<dt>Net</dt>
				<dd className="text-right">{money(data.netMinor)}</dd>
				<dt>VAT</dt>
				<dd className="text-right">{money(data.taxMinor)}</dd>
				<dt className="font-semibold">
					{data.kind === 'credit_note' ? 'Total credited' : 'Total paid'}
				</dt>
				<dd className="text-right font-semibold" data-testid="invoice-total">
					{money(data.totalMinor)}
				</dd>
			</dl>
			{data.notes.map((note) => (
				<p key={note} className="mb-2">
					{note}
				</p>
			))}
			<p className="mt-6 mb-10">
				<a href={pdfUrl} className="underline" download>
					Download the PDF
				</a>
			</p>
		</LeadLayout>
	)
}
