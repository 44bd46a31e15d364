/**
 * The PDF of an invoice or credit note (docs/decisions/115), attached to the receipt and
 * downloaded by the owner: the snapshot's data laid out on one A4 page. It is rendered from the
 * stored snapshot, so it says what the invoice said when it was issued.
 *
 * A legal document must print a buyer's name as written: its text is written in any script by
 * `pdf-text.server.ts` (docs/decisions/133).
 */
import PDFDocument from 'pdfkit'
import { invoiceMoney, issuedOn, ratePercent } from '~/domain/invoices/format'
import { partyLines } from '~/domain/invoices/party'
import type { InvoiceData } from '~/domain/invoices/types'
import { DEFAULT_LOCALE } from '~/domain/locale'
import { scriptTextWriter, WITHOUT_STANDARD_FONT } from './pdf-text.server'
import { INVOICE_WORDS, notesIn } from './pdf-words'

/** In the document's language (decision 174): its words from pdf-words.ts, its dates and money. */
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
	const locale = data.locale ?? DEFAULT_LOCALE
	const words = INVOICE_WORDS[locale]
	const title = `${data.kind === 'credit_note' ? words.creditNote : words.invoice} ${data.number}`
	const doc = new PDFDocument({
		...WITHOUT_STANDARD_FONT,
		size: 'A4',
		margin: 56,
		info: { Title: title, Author: data.seller.name },
	})
	const write = scriptTextWriter(doc, JSON.stringify(data))
	const chunks: Buffer[] = []
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('data', (chunk: Buffer) => chunks.push(chunk))
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})
	const money = (minor: number) => invoiceMoney(minor, data.currency, locale)
	const party = (lines: string[]) =>
		lines.map((line) => line.replace(/^VAT number: /, `${words.vatNumber}: `)).join('\n')
	const left = 56
	const right = doc.page.width - 56
	const width = right - left

	doc.fontSize(20)
	write(title, { bold: true, at: [left, 56] })
	doc.fontSize(10)
	if (data.testMode) {
		doc.fillColor('#b45309')
		write(words.testMode)
		doc.fillColor('black')
	}
	if (words.numberLabel) write(`${words.numberLabel}: ${data.number}`)
	write(`${words.date}: ${issuedOn(data)}`)
	if (words.serviceDate) write(`${words.serviceDate}: ${issuedOn(data)}`)
	write(`${words.order}: ${data.orderId}`)
	if (data.creditFor) write(words.cancels(data.creditFor))
	doc.moveDown()

	const top = doc.y
	write(words.from, { bold: true, at: [left, top] })
	write(party(partyLines(data.seller, locale)), { at: [left, doc.y], width: width / 2 - 8 })
	const afterSeller = doc.y
	write(words.to, { bold: true, at: [left + width / 2, top] })
	write(party(partyLines(data.buyer, locale)), { at: [left + width / 2, doc.y], width: width / 2 })
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
			`${line.quantity} × ${line.description} (${words.each(money(line.unitMinor))})`,
			money(line.amountMinor),
		)
	if (data.discountMinor !== 0)
		row(
			data.discountNote ? `${words.discount} (${data.discountNote})` : words.discount,
			money(-data.discountMinor),
		)
	doc.moveDown(0.5)
	write(data.pricesIncludeTax ? words.taxIncluded : words.taxAdded, {
		bold: true,
		at: [left, doc.y],
	})
	for (const tax of data.taxes)
		row(
			words.taxRow(
				ratePercent(tax.rateBasisPoints, locale),
				money(tax.netMinor),
				money(tax.taxMinor),
			),
			money(tax.totalMinor),
		)
	doc.moveDown(0.5)
	row(words.net, money(data.netMinor))
	row(words.tax, money(data.taxMinor))
	row(
		data.kind === 'credit_note' ? words.totalCredited : words.totalPaid,
		money(data.totalMinor),
		true,
	)
	doc.moveDown()
	for (const note of notesIn(data, locale)) write(note, { at: [left, doc.y], width })
	doc.end()
	return done
}
