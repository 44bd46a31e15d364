/**
 * Table of 0045_course_opens.sql (docs/decisions/156): the reminders to buyers to hand out their
 * order's unclaimed course seats, one row per order and moment, the database's guarantee that
 * each goes once.
 */
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { orders } from './schema.server'
import { outbox } from './schema-leads.server'

export type SeatHandOutReminder = 'before_opening' | 'after_opening'

export const seatHandOutReminders = pgTable(
	'seat_handout_reminders',
	{
		orderId: text('order_id')
			.notNull()
			.references(() => orders.id, { onDelete: 'cascade' }),
		reminder: text('reminder').$type<SeatHandOutReminder>().notNull(),
		outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [primaryKey({ columns: [table.orderId, table.reminder] })],
)
