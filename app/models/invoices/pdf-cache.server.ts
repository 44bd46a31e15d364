/**
 * Rendered invoice PDFs, kept per document version (docs/decisions/133). Rendering one takes tens
 * of milliseconds of CPU, and the buyer's link, the owner's download, the receipt and the
 * accountant's ZIP all ask for the same few documents again and again. The key is the document's
 * id and a hash of its stored snapshot: whatever changes what the PDF says (the number given on
 * first view, a correction of the snapshot) is a new key, so a stale PDF is never served. A new
 * release starts with an empty cache, so a change of layout or font needs no version of its own.
 * In memory and bounded by bytes: a PDF is small (tens of KB), and each app server renders a
 * document at most once while it stays in its cache.
 */
import crypto from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { InvoiceData } from '~/domain/invoices/types'
import { countInvoicePdfRender } from '~/metrics.server'
import { renderInvoicePdf } from './pdf.server'
import { renderOffLoop } from './pdf-thread.server'

const MAX_BYTES = 16 * 1024 * 1024

type Render = (data: InvoiceData) => Promise<Buffer>

/** A cache of `render`'s PDFs within `maxBytes`; concurrent requests for one version share a render. */
export function createInvoicePdfCache({
	render = (data) => renderOffLoop('invoice', data, renderInvoicePdf),
	maxBytes = MAX_BYTES,
}: {
	render?: Render
	maxBytes?: number
} = {}) {
	const rendered = new LRUCache<string, Buffer>({
		maxSize: maxBytes,
		sizeCalculation: (pdf) => Math.max(1, pdf.length),
	})
	const rendering = new Map<string, Promise<Buffer>>()
	return {
		/** The PDF of document `id` as `data` says it, rendered only if this version is not kept. */
		async pdfOf(id: string, data: InvoiceData): Promise<Buffer> {
			const version = crypto.createHash('sha256').update(JSON.stringify(data)).digest('base64url')
			const key = `${id}:${version}`
			const kept = rendered.get(key)
			if (kept) return kept
			let pending = rendering.get(key)
			if (!pending) {
				countInvoicePdfRender()
				pending = render(data)
					.then((pdf) => {
						rendered.set(key, pdf)
						return pdf
					})
					.finally(() => rendering.delete(key))
				rendering.set(key, pending)
			}
			return pending
		},
	}
}

const processCache = createInvoicePdfCache()

/** The PDF of an issued document, from this process's cache when it was rendered before. */
export function invoicePdf(document: { id: string; data: InvoiceData }): Promise<Buffer> {
	return processCache.pdfOf(document.id, document.data)
}
