/**
 * Numbering invoices and credit notes (docs/decisions/115, "Numbering"). The payment's (or the
 * refund's) transaction writes the document without a number; this gives it the seller's next
 * one in ONE statement, outside any transaction of the app's (autocommit): the counter row is
 * locked inside the database for that statement only, never across a rendering or a round trip,
 * so payments do not queue behind each other (the seat lock's rule, docs/decisions/107).
 *
 * The statement locks the unnumbered document first (FOR UPDATE: a concurrent numbering of the
 * same document waits, then finds it numbered and matches nothing), and increments the counter
 * only when it found one, so numbering a numbered document, or one whose transaction has not
 * committed, consumes no number. A document is numbered only once committed, so a rolled-back
 * payment takes none: the sequence has no gaps, and numbers follow their issue times.
 * A credit note is numbered only after its invoice, whose number it quotes.
 *
 * Who numbers (one rule: "right after the commit, and before anyone sees it"): the payment's
 * caller right after its commit; the job queued in the payment's transaction, should that
 * server stop in between; and whatever shows a document (the buyer's page and PDF, the receipt,
 * the owner's downloads) numbers it first if it is still waiting.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { invoices } from '~/db/schema-invoices.server'

export type Invoice = typeof invoices.$inferSelect

/**
 * Numbers the document `id` if it is committed and has no number yet, in one statement; true
 * when this call numbered it. Never call it inside a transaction: the counter row would stay
 * locked until that transaction ends.
 */
export async function numberDocument(db: Db, id: string): Promise<boolean> {
	const result = await db.execute(sql`
		WITH target AS (
			SELECT d.id, d.seller FROM invoices d
			WHERE d.id = ${id} AND d.number IS NULL
				AND (d.kind = 'invoice' OR EXISTS (
					SELECT 1 FROM invoices i
					WHERE i.order_id = d.order_id AND i.kind = 'invoice' AND i.number IS NOT NULL))
			FOR UPDATE
		), counter AS (
			INSERT INTO invoice_counters (seller, last_number)
			SELECT seller, 1 FROM target
			ON CONFLICT (seller) DO UPDATE SET last_number = invoice_counters.last_number + 1
			-- The issue time is read once the counter is locked, not when the statement began (now()):
			-- a numbering that waited on its document's row must not carry a time earlier than the
			-- number it let pass (docs/decisions/138).
			RETURNING last_number, clock_timestamp() AS issued_at
		)
		UPDATE invoices SET
			number = counter.last_number,
			issued_at = counter.issued_at,
			data = invoices.data || jsonb_build_object(
				'number', invoices.prefix || lpad(counter.last_number::text,
					greatest(6, length(counter.last_number::text)), '0'),
				'issuedAt', to_char(counter.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
			) || CASE WHEN invoices.kind = 'credit_note' THEN jsonb_build_object('creditFor', (
				SELECT i.data->'number' FROM invoices i
				WHERE i.order_id = invoices.order_id AND i.kind = 'invoice'))
			ELSE '{}'::jsonb END
		FROM counter
		WHERE invoices.id = ${id} AND invoices.number IS NULL
		RETURNING invoices.id`)
	return rowsOf(result).length > 0
}

/** The rows of a db.execute() result, on PGlite and node-postgres alike. */
function rowsOf(result: unknown): unknown[] {
	return (result as { rows?: unknown[] }).rows ?? []
}

/** Numbers an order's waiting documents, its invoice before its credit note; how many. */
export async function numberOrderDocuments(db: Db, orderId: string): Promise<number> {
	const waiting = await db
		.select({ id: invoices.id, kind: invoices.kind })
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), isNull(invoices.number)))
		// Credit notes (one per refund, 0032) in the order they were issued.
		.orderBy(invoices.issuedAt, invoices.id)
	// The invoice first: a credit note quotes its number.
	waiting.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'invoice' ? -1 : 1))
	let numbered = 0
	for (const document of waiting) {
		if (document.kind === 'credit_note') await numberInvoiceOf(db, orderId)
		if (await numberDocument(db, document.id)) numbered++
	}
	return numbered
}

async function numberInvoiceOf(db: Db, orderId: string) {
	const [invoice] = await db
		.select({ id: invoices.id })
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
	if (invoice) await numberDocument(db, invoice.id)
}

/** The document as anyone may see it: numbered first if it was still waiting (null: none). */
export async function numbered(db: Db, invoice: Invoice | null): Promise<Invoice | null> {
	if (!invoice || invoice.number !== null) return invoice
	if (invoice.kind === 'credit_note') await numberInvoiceOf(db, invoice.orderId)
	await numberDocument(db, invoice.id)
	const [row] = await db.select().from(invoices).where(eq(invoices.id, invoice.id))
	return row?.number != null ? row : null
}
