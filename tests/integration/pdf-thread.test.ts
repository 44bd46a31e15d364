/**
 * The PDF worker thread of the production build (decision 162's dated section, 2026-11-30):
 * invoices and certificates rendered there as on the event loop, a renderer's failure answered
 * as an error, a thread that died replaced. Needs `npm run build` (build/pdf-thread.js).
 */
import fs from 'node:fs'
import { afterAll, describe, expect, test } from 'vitest'
import { renderCertificatePdf } from '~/models/certificates/pdf.server'
import { renderInvoicePdf } from '~/models/invoices/pdf.server'
import { createPdfThread, PDF_THREAD_FILE } from '~/models/invoices/pdf-thread.server'
import { sampleInvoice } from '../fixtures/invoice'

const certificate = {
	name: 'Grace Hopper',
	title: 'AI Driven Development Day',
	date: 'Thursday, 14 January 2027',
	hours: '8 hours',
	organizer: 'AI Driven Dev',
	verifyUrl: 'https://site.test/certificates/abc',
}

/**
 * A PDF's bytes without what differs between two renders of it: its creation date, its id and
 * the random tags of its font subsets' names.
 */
const settled = (pdf: Buffer) =>
	pdf
		.toString('latin1')
		.replace(/\(D:\d{14}Z\)/g, '')
		.replace(/\/ID \[[^\]]*\]/g, '')
		.replace(/\/[A-Z]{6}\+/g, '/')

/** Linux: each thread of this process by its id, with its nice value (field 19 of its stat). */
function niceByThread(): Map<number, number> {
	return new Map(
		fs.readdirSync('/proc/self/task').map((id) => {
			const stat = fs.readFileSync(`/proc/self/task/${id}/stat`, 'utf8')
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
			return [Number(id), Number(fields[16])]
		}),
	)
}

describe('the PDF thread', () => {
	const thread = createPdfThread(PDF_THREAD_FILE)
	afterAll(() => thread.stop())

	test('renders an invoice and a certificate as the event loop would, many at once', async () => {
		const invoices = await Promise.all(
			Array.from({ length: 4 }, () => thread.render('invoice', sampleInvoice)),
		)
		const here = await renderInvoicePdf(sampleInvoice)
		for (const pdf of invoices) expect(settled(pdf)).toBe(settled(here))
		const printed = await thread.render('certificate', certificate)
		expect(settled(printed)).toBe(settled(await renderCertificatePdf(certificate)))
	})

	test('a renderer’s failure is an error for its caller, and the thread goes on', async () => {
		await expect(thread.render('invoice', { nothing: 'here' })).rejects.toThrow(/^PDF thread: /)
		const pdf = await thread.render('invoice', sampleInvoice)
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
	})

	test.runIf(process.platform === 'linux')(
		'it renders at a lower priority than the requests, and only it (decision 184)',
		async () => {
			const fresh = createPdfThread(PDF_THREAD_FILE)
			const before = niceByThread()
			await fresh.render('invoice', sampleInvoice)
			const after = niceByThread()
			const started = [...after].filter(([id]) => !before.has(id)).map(([, nice]) => nice)
			expect(started).toContain(10)
			for (const [id, nice] of before) if (after.has(id)) expect(after.get(id), `${id}`).toBe(nice)
			await fresh.stop()
		},
	)

	test('a thread that died fails what it held, and the next render starts another', async () => {
		const held = expect(thread.render('invoice', sampleInvoice)).rejects.toThrow(/stopped/)
		await thread.stop()
		await held
		const pdf = await thread.render('invoice', sampleInvoice)
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
	})
})
