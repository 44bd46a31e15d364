/**
 * What a partial credit note takes back (docs/decisions/115, 123): a refund's share of the
 * invoice, per tax rate as the invoice shows it. A part refunded is split over the invoice's rates
 * in proportion to their totals (the last rate takes the rounding), and each rate's tax in
 * proportion to its total; the rest of an order (its full refund after partial ones) is the
 * invoice less what the earlier credit notes took back, so all of them together take back the
 * invoice exactly.
 */
import type { InvoiceData } from './types'

type TaxRow = InvoiceData['taxes'][number]

/** Positive amounts per rate: what `amountMinor` of the invoice is, net, tax and total. */
export function shareOfInvoice(invoice: InvoiceData, amountMinor: number): TaxRow[] {
	const total = invoice.taxes.reduce((sum, row) => sum + row.totalMinor, 0)
	let left = amountMinor
	return invoice.taxes.map((row, index) => {
		const last = index === invoice.taxes.length - 1
		const rowTotal = last
			? left
			: total === 0
				? 0
				: Math.round((amountMinor * row.totalMinor) / total)
		left -= rowTotal
		const taxMinor =
			row.totalMinor === 0 ? 0 : Math.round((rowTotal * row.taxMinor) / row.totalMinor)
		return {
			rateBasisPoints: row.rateBasisPoints,
			netMinor: rowTotal - taxMinor,
			taxMinor,
			totalMinor: rowTotal,
		}
	})
}

/** Positive amounts per rate: the invoice less what `credited` (earlier credit notes) took back. */
export function restOfInvoice(invoice: InvoiceData, credited: InvoiceData[]): TaxRow[] {
	return invoice.taxes.map((row) => {
		const taken = credited
			.flatMap((note) => note.taxes)
			.filter((other) => other.rateBasisPoints === row.rateBasisPoints)
		const sum = (pick: (r: TaxRow) => number) => taken.reduce((total, r) => total - pick(r), 0)
		return {
			rateBasisPoints: row.rateBasisPoints,
			netMinor: row.netMinor - sum((r) => r.netMinor),
			taxMinor: row.taxMinor - sum((r) => r.taxMinor),
			totalMinor: row.totalMinor - sum((r) => r.totalMinor),
		}
	})
}
