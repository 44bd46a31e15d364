/**
 * 0051_bank_transfers.sql (docs/decisions/163): a pending order the buyer pays by bank transfer,
 * its payment reference, due date, reminder, cancellation and what has arrived so far.
 */
import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { StatementEntryStatus, UnmatchedReason } from '~/domain/transfers/statement'
import { orders } from './schema.server'

export const bankTransfers = pgTable('bank_transfers', {
	orderId: text('order_id')
		.primaryKey()
		.references(() => orders.id, { onDelete: 'cascade' }),
	/** An RF creditor reference (ISO 11649), printed in groups of four. */
	reference: text('reference').notNull().unique(),
	dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
	instructionsSentAt: timestamp('instructions_sent_at', { withTimezone: true }),
	remindedAt: timestamp('reminded_at', { withTimezone: true }),
	cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
	cancelNoticeSentAt: timestamp('cancel_notice_sent_at', { withTimezone: true }),
	receivedMinor: integer('received_minor').notNull().default(0),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** 0058_bank_statement_entries.sql (docs/decisions/170): a credit read from a bank statement. */
export const bankStatementEntries = pgTable(
	'bank_statement_entries',
	{
		id: text('id').primaryKey(),
		/** `ref:{account}:{bank reference}`, or `sha256:{hash}` of the fields where there is none. */
		identity: text('identity').notNull().unique(),
		bookedOn: date('booked_on', { mode: 'string' }).notNull(),
		amountMinor: integer('amount_minor').notNull(),
		currency: text('currency').notNull(),
		remittance: text('remittance').notNull(),
		payer: text('payer').notNull(),
		status: text('status').$type<StatementEntryStatus>().notNull().default('unmatched'),
		reason: text('reason').$type<UnmatchedReason>(),
		orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
		importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
		resolvedBy: text('resolved_by'),
		resolvedAt: timestamp('resolved_at', { withTimezone: true }),
	},
	(table) => [index('bank_statement_entries_status_idx').on(table.status, table.importedAt.desc())],
)
