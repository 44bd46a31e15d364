/**
 * The PDF of an invoice or credit note (docs/decisions/115), attached to the receipt and
 * downloaded by the owner: the snapshot's data laid out on one A4 page with pdfkit's built-in
 * Helvetica (no font files to ship). It is rendered from the stored snapshot each time, so it
 * says what the invoice said when it was issued.
 */
import PDFDocument from 'pdfkit'
import { invoiceMoney, invoiceTitle, issueDate, ratePercent } from './format'
import type { InvoiceData, Party } from './types'

/** Helvetica's encoding has no "−" (U+2212): the PDF prints a hyphen-minus. */
const pdfText = (text: string) => text.replace(/\u2212/g, '-')

function partyLines(party: Party): string[] {
	return [
		party.company,
		party.name,
		...party.address,
		party.country,
		party.vatNumber ? `VAT number: ${party.vatNumber}` : null,
		party.email,
	].filter((line): line is string => !!line)
}

export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
	const doc = new PDFDocument({
		size: 'A4',
		margin: 56,
		info: { Title: invoiceTitle(data), Author: data.seller.name },
	})
	const chunks: Buffer[] = []
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('data', (chunk: Buffer) => chunks.push(chunk))
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})
	const money = (minor: number) => pdfText(invoiceMoney(minor, data.currency))
	const left = 56
	const right = doc.page.width - 56
	const width = right - left

	doc
		.font('Helvetica-Bold')
		.fontSize(20)
		.text(pdfText(invoiceTitle(data)), left, 56)
	doc.font('Helvetica').fontSize(10)
	if (data.testMode) doc.fillColor('#b45309').text('Test mode: no real payment.').fillColor('black')
	doc.text(`Date: ${issueDate(data)}`)
	doc.text(`Order: ${data.orderId}`)
	if (data.creditFor) doc.text(`Cancels invoice ${data.creditFor}`)
	doc.moveDown()

	const top = doc.y
	doc.font('Helvetica-Bold').text('From', left, top)
	doc
		.font('Helvetica')
		.text(pdfText(partyLines(data.seller).join('\n')), left, doc.y, { width: width / 2 - 8 })
	const afterSeller = doc.y
	doc.font('Helvetica-Bold').text('To', left + width / 2, top)
	doc.font('Helvetica').text(pdfText(partyLines(data.buyer).join('\n')), left + width / 2, doc.y, {
		width: width / 2,
	})
	doc.y = Math.max(afterSeller, doc.y) + 16

	const row = (label: string, amount: string, bold = false) => {
		const y = doc.y
		doc.font(bold ? 'Helvetica-Bold' : 'Helvetica')
		doc.text(pdfText(label), left, y, { width: width - 120 })
		const next = doc.y
		doc.text(amount, right - 120, y, { width: 120, align: 'right' })
		doc.y = Math.max(next, doc.y) + 2
	}
	for (const line of data.lines)
		row(
			`${line.quantity} × ${line.description} (${money(line.unitMinor)} each)`,
			money(line.amountMinor),
		)
	if (data.discountMinor !== 0) row('Discount', money(-data.discountMinor))
	doc.moveDown(0.5)
	doc
		.font('Helvetica-Bold')
		.text(data.pricesIncludeTax ? 'VAT included, per rate' : 'VAT per rate', left)
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
	doc.font('Helvetica')
	for (const note of data.notes) doc.text(pdfText(note), left, doc.y, { width })
	doc.end()
	return done
}
