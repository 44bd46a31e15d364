/**
 * A bank transfer as its page shows it (docs/decisions/163): what to pay, to whom, with which
 * reference and by when, the invoice, and where the order stands. Only the buyer's browser
 * reaches it (the route checks); the documents are numbered before anyone sees them (115).
 */
import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { PUBLIC_ID } from '~/db/public-id.server'
import { catalogItems, orders } from '~/db/schema.server'
import { bankTransfers } from '~/db/schema-transfers.server'
import type { OrderStatus } from '~/domain/checkout-rules'
import { inGroupsOfFour } from '~/domain/transfers/reference'
import { pluralWord, unitsOf } from '~/domain/words'
import { numberOrderDocuments } from '~/models/invoices/numbering.server'
import { invoiceOfOrder, invoicePath } from '~/models/invoices/query.server'

export type TransferView = {
	orderId: string
	status: OrderStatus
	itemName: string
	quantity: number
	/** "seats", "pass": what the order holds. */
	units: string
	currency: string
	/** Still to pay: the order's amount less what has arrived. */
	dueMinor: number
	holder: string
	iban: string
	bic: string | null
	reference: string
	/** `YYYY-MM-DD`, a calendar day of the seller's zone. */
	dueDay: string
	invoice: { number: string; path: string; pdfPath: string }
	creditNote: { number: string; path: string } | null
	testAccount: boolean
}

/** The transfer of order `orderId`, or null when the order is not paid by transfer. */
export async function findTransfer(db: Db, orderId: string): Promise<TransferView | null> {
	if (!PUBLIC_ID.test(orderId)) return null
	const [row] = await db
		.select({
			order: orders,
			transfer: bankTransfers,
			itemName: catalogItems.name,
			itemType: catalogItems.type,
		})
		.from(bankTransfers)
		.innerJoin(orders, eq(orders.id, bankTransfers.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(eq(bankTransfers.orderId, orderId))
	if (!row) return null
	await numberOrderDocuments(db, orderId)
	const invoice = await invoiceOfOrder(db, orderId)
	const due = invoice?.data.due
	if (!invoice?.number || !due) return null
	const note = await invoiceOfOrder(db, orderId, 'credit_note')
	const { order, transfer } = row
	return {
		orderId,
		status: order.status,
		itemName: row.itemName,
		quantity: order.quantity,
		units: pluralWord(order.quantity, unitsOf(row.itemType)),
		currency: order.currency,
		dueMinor: order.amountMinor - transfer.receivedMinor,
		holder: due.holder,
		iban: inGroupsOfFour(due.iban),
		bic: due.bic,
		reference: inGroupsOfFour(due.reference),
		dueDay: due.day,
		invoice: {
			number: invoice.data.number,
			path: invoicePath(invoice.id),
			pdfPath: invoicePath(invoice.id, { pdf: true }),
		},
		creditNote: note?.number ? { number: note.data.number, path: invoicePath(note.id) } : null,
		testAccount: invoice.data.testMode,
	}
}
