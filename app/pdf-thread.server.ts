/**
 * The PDF worker thread (models/invoices/pdf-thread.server.ts): renders the invoices' and the
 * certificates' PDFs it is sent, one at a time, and posts the bytes back. Its fonts are parsed
 * once, on its first document. Built to build/pdf-thread.js by scripts/build-server.js.
 */
import fs from 'node:fs'
import os from 'node:os'
import { parentPort } from 'node:worker_threads'
import type { InvoiceData } from '~/domain/invoices/types'
import { type CertificateContent, renderCertificatePdf } from '~/models/certificates/pdf.server'
import { renderInvoicePdf } from '~/models/invoices/pdf.server'
import type { PdfAnswer, PdfKind, PdfRequest } from '~/models/invoices/pdf-thread.server'

/**
 * Background work yields the cores to requests (docs/decisions/184): this thread alone runs at a
 * lower priority, so when the cores are busy the event loop answering checkouts goes first and a
 * receipt's PDF waits. Linux names a thread by its own id (/proc/thread-self), which
 * setpriority takes; where there is none, the thread runs at the process's priority.
 */
function yieldToRequests() {
	try {
		const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1))
		const lower = os.constants.priority.PRIORITY_BELOW_NORMAL
		// Never raised: a process already started below that stays where it was put.
		os.setPriority(threadId, Math.max(os.getPriority(threadId), lower))
	} catch {
		// No /proc (not Linux): the thread keeps the process's priority.
	}
}
yieldToRequests()

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
