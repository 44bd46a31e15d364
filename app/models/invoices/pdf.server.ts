/**
 * The PDF of an invoice or credit note (docs/decisions/115), attached to the receipt and
 * downloaded by the owner: the snapshot's data laid out on one A4 page. It is rendered from the
 * stored snapshot, so it says what the invoice said when it was issued.
 *
 * A legal document must print a buyer's name as written: the text is set in Noto Sans (Latin,
 * Latin Extended, Greek, Cyrillic), embedded, and every run of Chinese, Japanese or Korean in a
 * subset of Noto Sans CJK (docs/decisions/133). pdfkit embeds only the glyphs used, with a map
 * back to Unicode, so the PDF stays small and its text can be copied and searched.
 */
import path from 'node:path'
import * as fontkit from 'fontkit'
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
import { countInvoicePdfRender } from '~/metrics.server'
import { INVOICE_FONTS_DIR } from '~/paths.server'

type Face = 'regular' | 'bold' | 'cjk'

const FONT_FILES: Record<Face, string> = {
	regular: 'NotoSans-Regular.ttf',
	bold: 'NotoSans-Bold.ttf',
	// Regular only: bold CJK would double the fonts shipped; a CJK run in a heading prints regular.
	cjk: 'NotoSansCJKjp-Regular-subset.otf',
}

/**
 * Each font read and parsed once per process, and the parsed font given to every document
 * (pdfkit takes a fontkit font as it takes a file). Parsing per document decoded Noto Sans's
 * layout tables again for each PDF: in the sell-out bench, receipts during a burst held the event
 * loop for seconds (docs/performance.md, 2026-11-29). Each document still makes its own subset
 * of the glyphs it uses; rendering is synchronous, so two documents never use a font at once.
 */
const parsedFonts = new Map<Face, fontkit.Font>()
function font(face: Face): PDFKit.Mixins.PDFFontSource {
	let parsed = parsedFonts.get(face)
	if (!parsed) {
		parsed = fontkit.openSync(path.join(INVOICE_FONTS_DIR, FONT_FILES[face])) as fontkit.Font
		parsedFonts.set(face, parsed)
	}
	// pdfkit's types name files and bytes only; its font factory takes a fontkit font as well.
	return parsed as unknown as PDFKit.Mixins.PDFFontSource
}

// Han, kana, Hangul, CJK punctuation and full-width forms: the characters Noto Sans lacks.
const CJK = /([\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]+)/u

/** `text` cut into runs that one font prints, in order. */
function scriptRuns(text: string): { text: string; cjk: boolean }[] {
	return text
		.split(CJK)
		.map((part, index) => ({ text: part, cjk: index % 2 === 1 }))
		.filter((run) => run.text !== '')
}

export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
	countInvoicePdfRender()
	const doc = new PDFDocument({
		size: 'A4',
		margin: 56,
		info: { Title: invoiceTitle(data), Author: data.seller.name },
	})
	doc.registerFont('regular', font('regular'))
	doc.registerFont('bold', font('bold'))
	// Parsed only for a document that needs it: most have no CJK text.
	if (CJK.test(JSON.stringify(data))) doc.registerFont('cjk', font('cjk'))
	/** Writes `text` (lines separated by \n), each run in the font that has its characters. */
	const write = (
		text: string,
		{
			bold = false,
			at,
			...options
		}: PDFKit.Mixins.TextOptions & { bold?: boolean; at?: [number, number] } = {},
	) => {
		// Noto Sans has no "−" (U+2212): the PDF prints a hyphen-minus.
		const printable = text.replace(/\u2212/g, '-')
		printable.split('\n').forEach((line, lineIndex) => {
			const runs = scriptRuns(line)
			if (runs.length === 0) runs.push({ text: ' ', cjk: false })
			runs.forEach((run, index) => {
				doc.font(run.cjk ? 'cjk' : bold ? 'bold' : 'regular')
				const continued = index < runs.length - 1
				if (lineIndex === 0 && index === 0 && at)
					doc.text(run.text, at[0], at[1], { ...options, continued })
				else doc.text(run.text, { ...options, continued })
			})
		})
	}
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
