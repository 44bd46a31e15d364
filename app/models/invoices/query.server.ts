/**
 * Finding issued invoices and the signed links to them (docs/decisions/115). A link is the
 * invoice's unguessable id with a link token for it (signed-token.server.ts, decision 127): it
 * never expires, as a buyer's accountant may open it years later, and no other id can be put in it.
 */
import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { PUBLIC_ID } from '~/db/public-id.server'
import type { Tx } from '~/db/query.server'
import { type InvoiceKind, invoices } from '~/db/schema-invoices.server'
import { createLinkToken, verifyInvoiceLink } from '~/models/links/signed-token.server'
import { siteOrigin } from '~/site-origin.server'
import type { Invoice } from './numbering.server'
import { numbered } from './numbering.server'

export type { Invoice }

/** The path of an invoice's page (`pdf`: its PDF), with its signature. */
export function invoicePath(id: string, { pdf = false } = {}): string {
	const token = createLinkToken(
		{ purpose: 'invoice', subject: id, expiresAt: 'never' },
		getConfig().SESSION_SECRET,
	)
	return `/invoice/${id}${pdf ? '/pdf' : ''}?sig=${token}`
}

/**
 * The invoice `id` when `signature` is its link's; null otherwise. Numbered first if it was still
 * waiting for its number: a buyer never sees an unnumbered invoice (docs/decisions/115).
 */
export async function findSignedInvoice(
	db: Db,
	id: string,
	signature: string | null,
): Promise<Invoice | null> {
	if (!PUBLIC_ID.test(id)) return null
	if (!verifyInvoiceLink(id, signature, getConfig().SESSION_SECRET)) return null
	const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id))
	return numbered(db, invoice ?? null)
}

/**
 * The full address of the credit note of refund `refundId`, signed, for the buyer's refund
 * e-mail (decision 152); null when none was issued (an order without an invoice).
 */
export async function creditNoteUrlOf(tx: Db | Tx, refundId: string): Promise<string | null> {
	const [note] = await tx
		.select({ id: invoices.id })
		.from(invoices)
		.where(and(eq(invoices.refundId, refundId), eq(invoices.kind, 'credit_note')))
	return note ? `${siteOrigin()}${invoicePath(note.id)}` : null
}

/** An order's invoice (or credit note), if issued. */
export async function invoiceOfOrder(
	db: Db | Tx,
	orderId: string,
	kind: InvoiceKind = 'invoice',
): Promise<Invoice | null> {
	const [invoice] = await db
		.select()
		.from(invoices)
		.where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)))
	return invoice ?? null
}

/**
 * Every invoice and credit note issued (numbered) in [from, to), in number order (the
 * accountant's export). One still waiting for its number belongs to the period it is numbered in.
 */
export function invoicesIssuedBetween(db: Db, from: Date, to: Date): Promise<Invoice[]> {
	return db
		.select()
		.from(invoices)
		.where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to), isNotNull(invoices.number)))
		.orderBy(asc(invoices.seller), asc(invoices.number))
}

/** One invoice by id, for the owner (no signature: the dashboard is signed in), numbered. */
export async function findInvoice(db: Db, id: string): Promise<Invoice | null> {
	if (!PUBLIC_ID.test(id)) return null
	const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id))
	return numbered(db, invoice ?? null)
}
