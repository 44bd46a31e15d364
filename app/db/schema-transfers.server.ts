/**
 * 0051_bank_transfers.sql (docs/decisions/163): a pending order the buyer pays by bank transfer,
 * its payment reference, due date, reminder, cancellation and what has arrived so far.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
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
