/**
 * The PDF of an invoice or credit note (docs/decisions/115), attached to the receipt and
 * downloaded by the owner: the snapshot's data laid out on one A4 page. It is rendered from the
 * stored snapshot, so it says what the invoice said when it was issued.
 *
 * A legal document must print a buyer's name as written: its text is written in any script by
 * `pdf-text.server.ts` (docs/decisions/133).
 */
import PDFDocument from 'pdfkit'
import {
	discountLabel,
	invoiceMoney,
	invoiceTitle,
	issuedOn,
	ratePercent,
} from '~/domain/invoices/format'
import { partyLines } from '~/domain/invoices/party'
import type { InvoiceData } from '~/domain/invoices/types'
import { scriptTextWriter, WITHOUT_STANDARD_FONT } from './pdf-text.server'

export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
	const doc = new PDFDocument({
		...WITHOUT_STANDARD_FONT,
		size: 'A4',
		margin: 56,
		info: { Title: invoiceTitle(data), Author: data.seller.name },
	})
	const write = scriptTextWriter(doc, JSON.stringify(data))
	const chunks: Buffer[] = []
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('data', (chunk: Buffer) => chunks.push(chunk))
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})
	const money = (minor: number) => invoiceMoney(minor, data.currency)
	const left = 56
	const right = doc.page.width - 56
	const width = right - left

	doc.fontSize(20)
	write(invoiceTitle(data), { bold: true, at: [left, 56] })
	doc.fontSize(10)
	if (data.testMode) {
		doc.fillColor('#b45309')
		write('Test mode: no real payment.')
		doc.fillColor('black')
	}
	write(`Date: ${issuedOn(data)}`)
	write(`Order: ${data.orderId}`)
	if (data.creditFor) write(`Cancels invoice ${data.creditFor}`)
	doc.moveDown()

	const top = doc.y
	write('From', { bold: true, at: [left, top] })
	write(partyLines(data.seller).join('\n'), { at: [left, doc.y], width: width / 2 - 8 })
	const afterSeller = doc.y
	write('To', { bold: true, at: [left + width / 2, top] })
	write(partyLines(data.buyer).join('\n'), { at: [left + width / 2, doc.y], width: width / 2 })
	doc.y = Math.max(afterSeller, doc.y) + 16

	const row = (label: string, amount: string, bold = false) => {
		const y = doc.y
		write(label, { bold, at: [left, y], width: width - 120 })
		const next = doc.y
		write(amount, { bold, at: [right - 120, y], width: 120, align: 'right' })
		doc.y = Math.max(next, doc.y) + 2
	}
	for (const line of data.lines)
		row(
			`${line.quantity} × ${line.description} (${money(line.unitMinor)} each)`,
			money(line.amountMinor),
		)
	if (data.discountMinor !== 0) row(discountLabel(data), money(-data.discountMinor))
	doc.moveDown(0.5)
	write(data.pricesIncludeTax ? 'VAT included, per rate' : 'VAT per rate', {
		bold: true,
		at: [left, doc.y],
	})
	for (const tax of data.taxes)
		row(
			`VAT ${ratePercent(tax.rateBasisPoints)}: net ${money(tax.netMinor)}, VAT ${money(tax.taxMinor)}`,
			money(tax.totalMinor),
		)
	doc.moveDown(0.5)
	row('Net', money(data.netMinor))
	row('VAT', money(data.taxMinor))
	row(data.kind === 'credit_note' ? 'Total credited' : 'Total paid', money(data.totalMinor), true)
	doc.moveDown()
	for (const note of data.notes) write(note, { at: [left, doc.y], width })
	doc.end()
	return done
}
