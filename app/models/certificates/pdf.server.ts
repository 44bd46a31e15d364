/**
 * A certificate of attendance as a PDF (docs/decisions/172): one A4 landscape page with the
 * name as printed, the event, its date, its hours and the address where anyone can check it.
 * Its text is set in any script as the invoice's is (`invoices/pdf-text.server.ts`): Latin,
 * Greek, Cyrillic and CJK names print as written.
 */
import PDFDocument from 'pdfkit'
import { scriptTextWriter, WITHOUT_STANDARD_FONT } from '~/models/invoices/pdf-text.server'

export type CertificateContent = {
	name: string
	title: string
	/** "Thursday, 14 January 2027": the event's day, as dates.ts writes it. */
	date: string
	/** "8 hours" */
	hours: string
	organizer: string
	verifyUrl: string
}

export function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
	const doc = new PDFDocument({
		...WITHOUT_STANDARD_FONT,
		size: 'A4',
		layout: 'landscape',
		margin: 72,
		info: { Title: `Certificate of attendance: ${content.title}`, Author: content.organizer },
	})
	const write = scriptTextWriter(doc, JSON.stringify(content))
	const chunks: Buffer[] = []
	const done = new Promise<Buffer>((resolve, reject) => {
		doc.on('data', (chunk: Buffer) => chunks.push(chunk))
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
	})
	const width = doc.page.width - 144
	const centred = { align: 'center' as const, width }
	doc.fontSize(30)
	write('Certificate of attendance', { bold: true, at: [72, 110], ...centred })
	doc.moveDown(1.2).fontSize(14)
	write('This certifies that', centred)
	doc.moveDown(0.6).fontSize(26)
	write(content.name, { bold: true, ...centred })
	doc.moveDown(0.6).fontSize(14)
	write('attended', centred)
	doc.moveDown(0.6).fontSize(20)
	write(content.title, { bold: true, ...centred })
	doc.moveDown(0.6).fontSize(14)
	write(`on ${content.date}: ${content.hours}, online.`, centred)
	doc.moveDown(2).fontSize(12)
	write(content.organizer, centred)
	doc.fontSize(9)
	write(`Check this certificate at ${content.verifyUrl}`, {
		at: [72, doc.page.height - 100],
		...centred,
	})
	doc.end()
	return done
}
