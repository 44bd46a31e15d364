/**
 * The accountant's exports (docs/decisions/115): every invoice and credit note of a period as a
 * CSV (one row per document, amounts in major units and the document's currency) or as a zip of
 * their PDFs with that CSV. Rendered from the stored snapshots, so a re-export says the same.
 * A period is at most MAX_RANGE_DAYS long; the zip is built in memory (a PDF is a few kB).
 */
import { zipSync } from 'fflate'
import type { CsvValue } from '~/domain/csv'
import { invoiceFileName, issueDate } from '~/domain/invoices/format'
import { toMajorUnits } from '~/domain/pricing'
import { invoicePdf } from './pdf-cache.server'
import type { Invoice } from './query.server'

export const INVOICE_CSV_HEADER = [
	'number',
	'kind',
	'issued_on',
	'order_id',
	'credit_for',
	'buyer_name',
	'buyer_company',
	'buyer_country',
	'buyer_vat_number',
	'currency',
	'net',
	'vat_rates',
	'vat',
	'total',
	'reverse_charge',
] as const

export function invoiceCsvRow(invoice: Invoice): CsvValue[] {
	const data = invoice.data
	const major = (minor: number) => toMajorUnits(minor, data.currency)
	return [
		data.number,
		data.kind === 'credit_note' ? 'credit note' : 'invoice',
		issueDate(data),
		data.orderId,
		data.creditFor,
		data.buyer.name,
		data.buyer.company,
		data.buyer.country,
		data.buyer.vatNumber,
		data.currency,
		major(data.netMinor),
		data.taxes.map((tax) => `${tax.rateBasisPoints / 100}%`).join(' '),
		major(data.taxMinor),
		major(data.totalMinor),
		data.reverseCharge,
	]
}

/** A zip of the documents' PDFs and the CSV of them. */
export async function invoicesZip(invoices: Invoice[], csv: string): Promise<Uint8Array> {
	const files: Record<string, Uint8Array> = { 'invoices.csv': new TextEncoder().encode(csv) }
	for (const invoice of invoices)
		files[invoiceFileName(invoice.data)] = new Uint8Array(await invoicePdf(invoice))
	return zipSync(files, { level: 6 })
}
