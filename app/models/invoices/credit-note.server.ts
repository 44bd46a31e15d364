/**
 * Credit notes (docs/decisions/115, 123): one per refund (`refunds` row), numbered in the
 * invoices' sequence like every document (numbering.server.ts). A whole refund of an order with no
 * partial refunds takes the invoice back line for line; a partial refund takes back its amount,
 * with the tax per rate in proportion (credit-share.ts); the rest of an order after partial
 * refunds takes back what the earlier credit notes left, so together they take back the invoice.
 */
import { and, asc, eq } from 'drizzle-orm'
import { newPublicId } from '~/db/public-id.server'
import type { Tx } from '~/db/query.server'
import { orders, refunds } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { restOfInvoice, shareOfInvoice } from '~/domain/invoices/credit-share'
import type { InvoiceData } from '~/domain/invoices/types'
import type { IssuedInvoice } from './issue.server'

const negate = (minor: number) => (minor === 0 ? 0 : -minor)

/** The id of an order's last refund, what was left of it when it was refunded in full (0032). */
export const restRefundId = (orderId: string) => `${orderId}.rest`

type TaxRow = InvoiceData['taxes'][number]

/** The credit note of `rows` (positive), with one line saying what was refunded. */
function partialData(rows: TaxRow[], line: InvoiceData['lines'][number]) {
	const sum = (pick: (row: TaxRow) => number) => rows.reduce((total, row) => total + pick(row), 0)
	return {
		lines: [line],
		discountMinor: 0,
		taxes: rows.map((row) => ({
			...row,
			netMinor: negate(row.netMinor),
			taxMinor: negate(row.taxMinor),
			totalMinor: negate(row.totalMinor),
		})),
		netMinor: negate(sum((row) => row.netMinor)),
		taxMinor: negate(sum((row) => row.taxMinor)),
		totalMinor: negate(sum((row) => row.totalMinor)),
	}
}

/** The whole invoice back, line for line. */
function wholeData(original: InvoiceData) {
	return {
		lines: original.lines.map((line) => ({ ...line, amountMinor: negate(line.amountMinor) })),
		discountMinor: negate(original.discountMinor),
		discountNote: original.discountNote ?? null,
		taxes: original.taxes.map((row) => ({
			...row,
			netMinor: negate(row.netMinor),
			taxMinor: negate(row.taxMinor),
			totalMinor: negate(row.totalMinor),
		})),
		netMinor: negate(original.netMinor),
		taxMinor: negate(original.taxMinor),
		totalMinor: negate(original.totalMinor),
	}
}

/**
 * Issues the credit note of the refund `refundId` of the order `orderId` (written in the same
 * transaction), once, to be numbered. None when the order never had an invoice or the refund
 * is not recorded (a late payment refunded before it was paid).
 */
export async function issueCreditNote(
	tx: Tx,
	orderId: string,
	refundId: string,
): Promise<IssuedInvoice | null> {
	const [invoice] = await tx
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
	if (!invoice) return null
	const [existing] = await tx.select().from(invoices).where(eq(invoices.refundId, refundId))
	if (existing) return existing
	const [refund] = await tx
		.select()
		.from(refunds)
		.where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)))
	if (!refund) return null
	const earlier = await tx
		.select({ data: invoices.data })
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))
		.orderBy(asc(invoices.issuedAt))
	const original = invoice.data
	const description = original.lines[0]?.description ?? ''
	const [order] = await tx
		.select({ amountMinor: orders.amountMinor })
		.from(orders)
		.where(eq(orders.id, orderId))
	const whole = earlier.length === 0 && refund.amountMinor === (order?.amountMinor ?? -1)
	const rest = refund.id === restRefundId(orderId)
	const figures = whole
		? wholeData(original)
		: partialData(
				rest
					? restOfInvoice(
							original,
							earlier.map((note) => note.data),
						)
					: shareOfInvoice(original, refund.amountMinor),
				{
					description: rest
						? `${description}: the rest of the order`
						: refund.quantity > 0
							? `${description}, ${refund.quantity} refunded`
							: `${description}: part refunded`,
					quantity: 1,
					unitMinor: refund.amountMinor,
					amountMinor: negate(refund.amountMinor),
				},
			)
	return insertCreditNote(tx, invoice, orderId, figures, refundId)
}

/**
 * Writes a credit note for `invoice` with `figures`, to be numbered: the seller's who issued the
 * invoice, in that sequence; `refundId` names the refund behind it, if any.
 */
async function insertCreditNote(
	tx: Tx,
	invoice: IssuedInvoice,
	orderId: string,
	figures: Partial<InvoiceData>,
	refundId?: string | null,
): Promise<IssuedInvoice> {
	const data: InvoiceData = {
		...invoice.data,
		kind: 'credit_note',
		// Both filled in with the number (numbering.server.ts): the invoice may be waiting too.
		number: '',
		issuedAt: new Date().toISOString(),
		...figures,
		creditFor: invoice.data.number || null,
	}
	const [row] = await tx
		.insert(invoices)
		.values({
			id: newPublicId(),
			seller: invoice.seller,
			number: null,
			prefix: invoice.prefix,
			kind: 'credit_note',
			orderId,
			currency: invoice.currency,
			totalMinor: data.totalMinor,
			data,
			refundId,
		})
		.returning()
	return row!
}

/**
 * Cancels the invoice of order `orderId`, never paid (a bank transfer that did not arrive by its
 * due date, docs/decisions/163), with a credit note taking back all of it: once, to be numbered.
 * No refund is behind it (no money moved), so it names none. Null when the order has no invoice.
 */
export async function issueCancellingCreditNote(
	tx: Tx,
	orderId: string,
): Promise<IssuedInvoice | null> {
	const documents = await tx.select().from(invoices).where(eq(invoices.orderId, orderId))
	const invoice = documents.find((document) => document.kind === 'invoice')
	if (!invoice) return null
	const existing = documents.find((document) => document.kind === 'credit_note')
	if (existing) return existing
	return insertCreditNote(tx, invoice, orderId, wholeData(invoice.data))
}
