/**
 * The PDF worker thread (models/invoices/pdf-thread.server.ts): renders the invoices' and the
 * certificates' PDFs it is sent, one at a time, and posts the bytes back. Its fonts are parsed
 * once, on its first document. Built to build/pdf-thread.js by scripts/build-server.js.
 */
import { parentPort } from 'node:worker_threads'
import type { InvoiceData } from '~/domain/invoices/types'
import { type CertificateContent, renderCertificatePdf } from '~/models/certificates/pdf.server'
import { renderInvoicePdf } from '~/models/invoices/pdf.server'
import type { PdfAnswer, PdfKind, PdfRequest } from '~/models/invoices/pdf-thread.server'

const renderers: Record<PdfKind, (input: never) => Promise<Buffer>> = {
	invoice: (input: InvoiceData) => renderInvoicePdf(input),
	certificate: (input: CertificateContent) => renderCertificatePdf(input),
}

parentPort?.on('message', async ({ id, kind, input }: PdfRequest) => {
	let answer: PdfAnswer
	try {
		answer = { id, pdf: await renderers[kind](input as never) }
	} catch (error) {
		answer = { id, error: error instanceof Error ? error.message : String(error) }
	}
	parentPort?.postMessage(answer)
})
