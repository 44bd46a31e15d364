/**
 * A certificate of attendance as a PDF (docs/decisions/172): one A4 landscape page with the
 * name as printed, the event, its date, its hours and the address where anyone can check it.
 * Its text is set in any script as the invoice's is (`invoices/pdf-text.server.ts`): Latin,
 * Greek, Cyrillic and CJK names print as written.
 */
import PDFDocument from 'pdfkit'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { scriptTextWriter, WITHOUT_STANDARD_FONT } from '~/models/invoices/pdf-text.server'

/** The certificate's words per language (decision 177): a missing one does not compile. */
const WORDS: Record<
	Locale,
	{
		heading: string
		certifies: string
		attended: string
		when: (date: string, hours: string) => string
		check: (url: string) => string
	}
> = {
	'en-US': {
		heading: 'Certificate of attendance',
		certifies: 'This certifies that',
		attended: 'attended',
		when: (date, hours) => `on ${date}: ${hours}, online.`,
		check: (url) => `Check this certificate at ${url}`,
	},
	'de-DE': {
		heading: 'Teilnahmebescheinigung',
		certifies: 'Hiermit wird bestätigt, dass',
		attended: 'an der Veranstaltung',
		when: (date, hours) => `am ${date} teilgenommen hat: ${hours}, online.`,
		check: (url) => `Diese Bescheinigung lässt sich prüfen unter ${url}`,
	},
}

export type CertificateContent = {
	name: string
	title: string
	/** "Thursday, 14 January 2027": the event's day, as dates.ts writes it. */
	date: string
	/** "8 hours" */
	hours: string
	organizer: string
	verifyUrl: string
	/** The attendee's language; English when absent. Date and hours come written in it. */
	locale?: Locale
}

export function renderCertificatePdf(content: CertificateContent): Promise<Buffer> {
	const words = WORDS[content.locale ?? DEFAULT_LOCALE]
	const doc = new PDFDocument({
		...WITHOUT_STANDARD_FONT,
		size: 'A4',
		layout: 'landscape',
		margin: 72,
		info: { Title: `${words.heading}: ${content.title}`, Author: content.organizer },
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
	write(words.heading, { bold: true, at: [72, 110], ...centred })
	doc.moveDown(1.2).fontSize(14)
	write(words.certifies, centred)
	doc.moveDown(0.6).fontSize(26)
	write(content.name, { bold: true, ...centred })
	doc.moveDown(0.6).fontSize(14)
	write(words.attended, centred)
	doc.moveDown(0.6).fontSize(20)
	write(content.title, { bold: true, ...centred })
	doc.moveDown(0.6).fontSize(14)
	write(words.when(content.date, content.hours), centred)
	doc.moveDown(2).fontSize(12)
	write(content.organizer, centred)
	doc.fontSize(9)
	write(words.check(content.verifyUrl), {
		at: [72, doc.page.height - 100],
		...centred,
	})
	doc.end()
	return done
}
