/**
 * 0059_gifts.sql (docs/decisions/166): an order bought as a gift, its recipient, the buyer's
 * message, the day its seat link goes out, and whether it went.
 */
import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { orders } from './schema.server'

export const gifts = pgTable('gifts', {
	orderId: text('order_id')
		.primaryKey()
		.references(() => orders.id, { onDelete: 'cascade' }),
	recipientName: text('recipient_name').notNull(),
	recipientEmail: text('recipient_email').notNull(),
	message: text('message').notNull().default(''),
	/** YYYY-MM-DD: the day the recipient gets the seat link (domain/gift.ts `giftDeliveryAt`). */
	deliverOn: date('deliver_on', { mode: 'string' }).notNull(),
	version: integer('version').notNull().default(1),
	deliveredAt: timestamp('delivered_at', { withTimezone: true }),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
