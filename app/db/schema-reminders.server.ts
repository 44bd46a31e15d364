/**
 * The reminders of 0050_event_reminders.sql (docs/decisions/116): one row per event, reminder and
 * recipient mailbox (its hash), the database's guarantee that each is sent once.
 */
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { outbox } from './schema-leads.server'

export type Reminder = 'day_before' | 'hour_before'

export const eventReminders = pgTable(
	'event_reminders',
	{
		eventId: text('event_id').notNull(),
		reminder: text('reminder').$type<Reminder>().notNull(),
		mailboxKey: text('mailbox_key').notNull(),
		outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [primaryKey({ columns: [table.eventId, table.reminder, table.mailboxKey] })],
)
