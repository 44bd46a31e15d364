import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import type { InvoiceData } from '~/domain/invoices/types'
import { sampleInvoice } from '../../../tests/fixtures/invoice'
import { renderInvoicePdf } from './pdf.server'

describe('the invoice PDF', () => {
	test('is a PDF document titled with the invoice’s number', async () => {
		const pdf = await renderInvoicePdf(sampleInvoice)
		expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
		expect(pdf.toString('latin1')).toMatch(/%%EOF\s*$/)
		expect(pdf.toString('latin1')).toContain('Invoice INV-000042')
	})
	test('a credit note renders too, with negative amounts', async () => {
		const pdf = await renderInvoicePdf({
			...sampleInvoice,
			kind: 'credit_note',
			creditFor: 'INV-000041',
			totalMinor: -10000,
			lines: [{ description: 'Day pass', quantity: 2, unitMinor: 5000, amountMinor: -10000 }],
		})
		expect(pdf.toString('latin1')).toContain('Credit note INV-000042')
	})
})

// pdftotext (poppler-utils) reads a PDF's text as a reader's copy and paste would.
const pdftotext = spawnSync('pdftotext', ['-v']).error ? null : 'pdftotext'

describe('the invoice PDF in any script (docs/decisions/133)', () => {
	const names = {
		japanese: '株式会社テスト商事',
		polish: 'Zażółć gęślą jaźń',
		greek: 'Ελένη Παπαδοπούλου',
		cyrillic: 'Ирина Сергеевна',
		chinese: '北京测试有限公司',
		korean: '김민준',
	}
	const international: InvoiceData = {
		...sampleInvoice,
		buyer: {
			...sampleInvoice.buyer,
			company: names.japanese,
			name: names.polish,
			address: [names.greek, `${names.cyrillic}, ${names.chinese}`, names.korean],
		},
		lines: [{ ...sampleInvoice.lines[0]!, description: `Day pass for ${names.greek}` }],
	}

	test('embeds its fonts, with a map back to Unicode, instead of a standard one', async () => {
		const pdf = (await renderInvoicePdf(international)).toString('latin1')
		expect(pdf).not.toMatch(/\/BaseFont \/Helvetica/)
		expect(pdf).toMatch(/\/FontFile2|\/FontFile3/)
		expect(pdf).toContain('/ToUnicode')
		expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/)
		expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansCJK/)
	})

	/** The PDF's text as a reader's copy and paste gives it. */
	function textOf(pdf: Buffer): string {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-'))
		try {
			fs.writeFileSync(path.join(dir, 'invoice.pdf'), pdf)
			return spawnSync(pdftotext!, ['-enc', 'UTF-8', path.join(dir, 'invoice.pdf'), '-'], {
				encoding: 'utf8',
			}).stdout
		} finally {
			fs.rmSync(dir, { recursive: true, force: true })
		}
	}

	test.skipIf(!pdftotext)(
		'Japanese, Chinese, Korean, Polish, Greek and Cyrillic names read back as written',
		async () => {
			const text = textOf(await renderInvoicePdf(international))
			for (const [script, name] of Object.entries(names)) expect(text, script).toContain(name)
			expect(text).toContain(`Day pass for ${names.greek}`)
			expect(text).toContain('Invoice INV-000042')
		},
	)

	test.skipIf(!pdftotext)(
		'documents rendered at once share the parsed fonts, and each prints its own names',
		async () => {
			const other: InvoiceData = {
				...sampleInvoice,
				number: 'INV-000043',
				buyer: { ...sampleInvoice.buyer, name: 'Zoë Ødegård', company: '山田商店' },
			}
			const [first, second] = await Promise.all([
				renderInvoicePdf(international),
				renderInvoicePdf(other),
			])
			const firstText = textOf(first!)
			const secondText = textOf(second!)
			for (const [script, name] of Object.entries(names)) expect(firstText, script).toContain(name)
			expect(secondText).toContain('Zoë Ødegård')
			expect(secondText).toContain('山田商店')
			expect(secondText).toContain('Invoice INV-000043')
			expect(secondText).not.toContain(names.greek)
		},
	)
})
