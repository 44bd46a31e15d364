import { describe, expect, test } from 'vitest'
import { sampleInvoice } from '../../../tests/fixtures/invoice'
import { renderInvoicePdf } from './pdf.server'
import { createInvoicePdfCache } from './pdf-cache.server'

function countingCache(maxBytes?: number) {
	let renders = 0
	const cache = createInvoicePdfCache({
		maxBytes,
		render: (data) => {
			renders++
			return renderInvoicePdf(data)
		},
	})
	return { cache, renders: () => renders }
}

describe('the invoice PDF cache', () => {
	test('a document asked for again, also by requests at the same time, is rendered once', async () => {
		const { cache, renders } = countingCache()
		const [first, second] = await Promise.all([
			cache.pdfOf('doc-1', sampleInvoice),
			cache.pdfOf('doc-1', sampleInvoice),
		])
		const third = await cache.pdfOf('doc-1', { ...sampleInvoice })
		expect(renders()).toBe(1)
		expect(second).toBe(first)
		expect(third).toBe(first)
	})

	test('a new version of the document, or another document, is rendered anew', async () => {
		const { cache, renders } = countingCache()
		await cache.pdfOf('doc-1', sampleInvoice)
		const renumbered = await cache.pdfOf('doc-1', { ...sampleInvoice, number: 'INV-000043' })
		expect(renders()).toBe(2)
		expect(renumbered.toString('latin1')).toContain('INV-000043')
		await cache.pdfOf('doc-2', sampleInvoice)
		expect(renders()).toBe(3)
	})

	test('keeps within its byte budget, the least recently used going first', async () => {
		const size = (await renderInvoicePdf(sampleInvoice)).length
		const { cache, renders } = countingCache(Math.floor(size * 2.5))
		for (const id of ['a', 'b', 'c']) await cache.pdfOf(id, sampleInvoice)
		await cache.pdfOf('c', sampleInvoice)
		expect(renders()).toBe(3)
		await cache.pdfOf('a', sampleInvoice)
		expect(renders()).toBe(4)
	})
})
