/**
 * PDFs rendered off the event loop (docs/decisions/162, dated section 2026-11-30): pdfkit lays
 * out, subsets its fonts and compresses synchronously, tens of milliseconds a document, and a
 * burst of receipts in a sell-out spent a fifth of each app server's CPU there, while checkouts
 * on the same event loop waited. The production build renders invoices and certificates in one
 * worker thread (`app/pdf-thread.server.ts`, built to build/pdf-thread.js); the event loop only
 * posts the data and takes the bytes back.
 *
 * Code not run from the build (the test runner, `npm run dev` from its sources) renders in
 * process: the thread's file is the build's, and would be the last build's code, not this one's.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { BUILD_DIR } from '~/paths.server'

/** What the thread renders: each kind's input, as its renderer takes it. */
export type PdfKind = 'invoice' | 'certificate'

/** The thread's message in and its answer. */
export type PdfRequest = { id: number; kind: PdfKind; input: unknown }
export type PdfAnswer = { id: number; pdf?: Uint8Array; error?: string }

/** The worker thread's entry, built beside the server (scripts/build-server.js). */
export const PDF_THREAD_FILE = path.join(BUILD_DIR, 'pdf-thread.js')

/** Whether this process renders in the thread: decided once, from where its code was loaded. */
const inThread =
	fileURLToPath(import.meta.url).startsWith(BUILD_DIR + path.sep) && fs.existsSync(PDF_THREAD_FILE)

type Pending = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }

/** A worker thread rendering PDFs from `file`, started on the first render, again after a crash. */
export function createPdfThread(file: string) {
	let worker: Worker | undefined
	let nextId = 0
	const pending = new Map<number, Pending>()

	const failAll = (error: Error) => {
		for (const waiting of pending.values()) waiting.reject(error)
		pending.clear()
		worker = undefined
	}

	function thread(): Worker {
		if (worker) return worker
		const started = new Worker(file)
		// Never what keeps the process up: a shutdown waits for requests, not for this thread.
		started.unref()
		started.on('message', ({ id, pdf, error }: PdfAnswer) => {
			const waiting = pending.get(id)
			if (!waiting) return
			pending.delete(id)
			if (pdf) waiting.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))
			else waiting.reject(new Error(`PDF thread: ${error ?? 'no PDF'}`))
		})
		started.on('error', (error) => {
			if (worker === started) failAll(error)
		})
		started.on('exit', (code) => {
			if (worker === started) failAll(new Error(`PDF thread exited (${code})`))
		})
		worker = started
		return started
	}

	return {
		render(kind: PdfKind, input: unknown): Promise<Buffer> {
			return new Promise((resolve, reject) => {
				const id = ++nextId
				pending.set(id, { resolve, reject })
				thread().postMessage({ id, kind, input } satisfies PdfRequest)
			})
		},
		/** Stops the thread, failing what it held; the next render starts another. */
		async stop(): Promise<void> {
			const running = worker
			failAll(new Error('PDF thread stopped'))
			await running?.terminate()
		},
	}
}

let processThread: ReturnType<typeof createPdfThread> | undefined

/**
 * `kind`'s PDF of `input`: in the build's worker thread when this code runs from the build and
 * the thread's file is there, else `inProcess(input)`, the same renderer on this thread.
 */
export function renderOffLoop<Input>(
	kind: PdfKind,
	input: Input,
	inProcess: (input: Input) => Promise<Buffer>,
): Promise<Buffer> {
	if (!inThread) return inProcess(input)
	processThread ??= createPdfThread(PDF_THREAD_FILE)
	return processThread.render(kind, input)
}
