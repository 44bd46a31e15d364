import { describe, expect, test } from 'vitest'
import { renderInvoicePdf } from './pdf.server'
import type { InvoiceData } from './types'

const sampleInvoice: InvoiceData = {
	kind: 'invoice',
	number: 'INV-000042',
	issuedAt: '2026-11-26T10:00:00.000Z',
	orderId: 'A'.repeat(22),
	currency: 'EUR',
	seller: {
		name: 'Seller B.V.',
		company: null,
		address: ['Street 1', 'Amsterdam'],
		country: 'NL',
		vatNumber: 'NL000000000B01',
		email: null,
	},
	buyer: {
		name: 'Ada',
		company: 'Acme GmbH',
		address: ['Hauptstraße 1'],
		country: 'DE',
		vatNumber: 'DE123456789',
		email: 'ada@example.com',
	},
	lines: [{ description: 'Day pass', quantity: 2, unitMinor: 5000, amountMinor: 10000 }],
	discountMinor: 0,
	taxes: [{ rateBasisPoints: 0, netMinor: 10000, taxMinor: 0, totalMinor: 10000 }],
	netMinor: 10000,
	taxMinor: 0,
	totalMinor: 10000,
	pricesIncludeTax: true,
	reverseCharge: true,
	notes: ['Reverse charge.'],
	creditFor: null,
	testMode: true,
}

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
