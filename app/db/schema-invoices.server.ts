/**
 * Invoices and credit notes (0023_invoices.sql, docs/decisions/115). Kept beside schema.server.ts
 * like the jobs table; app/models/invoices/ is the only code that writes them.
 */
import { sql } from 'drizzle-orm'
import {
	char,
	integer,
	jsonb,
	pgTable,
	text,
	timestamp,
	unique,
	uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { InvoiceData } from '~/domain/invoices/types'
import { orders, refunds } from './schema.server'

export type InvoiceKind = 'invoice' | 'credit_note'

export const invoiceCounters = pgTable('invoice_counters', {
	seller: text('seller').primaryKey(),
	lastNumber: integer('last_number').notNull().default(0),
})

export const invoices = pgTable(
	'invoices',
	{
		id: text('id').primaryKey(),
		seller: text('seller').notNull(),
		/** Null until numbered (0024_invoice_numbering.sql): see numbering.server.ts. */
		number: integer('number'),
		/** The seller's invoice prefix when it was issued (INV-). */
		prefix: text('prefix').notNull(),
		kind: text('kind').$type<InvoiceKind>().notNull(),
		orderId: text('order_id')
			.notNull()
			.references(() => orders.id),
		currency: char('currency', { length: 3 }).notNull(),
		totalMinor: integer('total_minor').notNull(),
		data: jsonb('data').$type<InvoiceData>().notNull(),
		issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
		/** A credit note: the refund it is for, one each (0032, docs/decisions/123). */
		refundId: text('refund_id').references(() => refunds.id),
	},
	(table) => [
		unique().on(table.seller, table.number),
		uniqueIndex('invoices_one_invoice_per_order')
			.on(table.orderId)
			.where(sql`${table.kind} = 'invoice'`),
		unique().on(table.refundId),
	],
)
