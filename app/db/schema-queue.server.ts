/**
 * The payment provider's pace and the checkouts waiting for it (0049_checkout_queue.sql,
 * docs/decisions/161). Written only by models/checkout/queue.server.ts.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { orders } from './schema.server'

export const paymentPace = pgTable('payment_pace', {
	provider: text('provider').primaryKey(),
	nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
})

export const checkoutQueue = pgTable(
	'checkout_queue',
	{
		orderId: text('order_id')
			.primaryKey()
			.references(() => orders.id, { onDelete: 'cascade' }),
		slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
		origin: text('origin').notNull(),
		sessionEndsAt: timestamp('session_ends_at', { withTimezone: true }),
		openingUntil: timestamp('opening_until', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('checkout_queue_slot_at_idx').on(table.slotAt, table.orderId)],
)
