import { describe, expect, test } from 'vitest'
import { restOfInvoice, shareOfInvoice } from './credit-share'
import type { InvoiceData } from './types'

const invoice = (taxes: InvoiceData['taxes']) => ({ taxes }) as InvoiceData

describe('a partial credit note’s share of the invoice', () => {
	test('a part of a one-rate invoice takes back its tax in proportion', () => {
		const inv = invoice([
			{ rateBasisPoints: 2100, netMinor: 10000, taxMinor: 2100, totalMinor: 12100 },
		])
		expect(shareOfInvoice(inv, 4033)).toEqual([
			{ rateBasisPoints: 2100, netMinor: 3333, taxMinor: 700, totalMinor: 4033 },
		])
	})

	test('a part is split over two rates by their totals, the last taking the rounding', () => {
		const inv = invoice([
			{ rateBasisPoints: 2100, netMinor: 1000, taxMinor: 210, totalMinor: 1210 },
			{ rateBasisPoints: 0, netMinor: 1000, taxMinor: 0, totalMinor: 1000 },
		])
		const share = shareOfInvoice(inv, 1001)
		expect(share.reduce((sum, row) => sum + row.totalMinor, 0)).toBe(1001)
		expect(share[0]).toEqual({
			rateBasisPoints: 2100,
			netMinor: 453,
			taxMinor: 95,
			totalMinor: 548,
		})
		expect(share[1]).toEqual({ rateBasisPoints: 0, netMinor: 453, taxMinor: 0, totalMinor: 453 })
	})

	test('the rest after earlier credit notes takes back exactly what they left', () => {
		const inv = invoice([
			{ rateBasisPoints: 2100, netMinor: 10000, taxMinor: 2100, totalMinor: 12100 },
		])
		const first = shareOfInvoice(inv, 4033)
		const credited = invoice(
			first.map((row) => ({
				...row,
				netMinor: -row.netMinor,
				taxMinor: -row.taxMinor,
				totalMinor: -row.totalMinor,
			})),
		)
		expect(restOfInvoice(inv, [credited])).toEqual([
			{ rateBasisPoints: 2100, netMinor: 6667, taxMinor: 1400, totalMinor: 8067 },
		])
	})
})
