/**
 * Attendance and certificates of 0060_certificates.sql (docs/decisions/172): who attended an
 * event, once per mailbox (its hash), and the certificate each attendee was sent, once.
 */
import { bigint, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { outbox } from './schema-leads.server'

/** `link`: the person's signed joining link opened during the event; `owner`: the owner's word. */
export type AttendanceSource = 'link' | 'owner'

export const eventAttendance = pgTable(
	'event_attendance',
	{
		eventId: text('event_id').notNull(),
		mailboxKey: text('mailbox_key').notNull(),
		email: text('email').notNull(),
		source: text('source').$type<AttendanceSource>().notNull(),
		recordedBy: text('recorded_by'),
		recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [primaryKey({ columns: [table.eventId, table.mailboxKey] })],
)

export const certificates = pgTable(
	'certificates',
	{
		id: text('id').primaryKey(),
		eventId: text('event_id').notNull(),
		mailboxKey: text('mailbox_key').notNull(),
		email: text('email').notNull(),
		/** As printed: the verification page shows it. */
		name: text('name').notNull(),
		/** The owner who issued it; null: the job, for an attendance by link. */
		issuedBy: text('issued_by'),
		issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
		outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id),
		withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
		withdrawnBy: text('withdrawn_by'),
	},
	(table) => [unique().on(table.eventId, table.mailboxKey)],
)
