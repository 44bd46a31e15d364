/**
 * The reminders of 0027_event_reminders.sql (docs/decisions/116; their kinds widened by 0044, 155) and the calendar versions of
 * 0028_event_versions.sql (117): one row per event, message and recipient mailbox (its hash),
 * the database's guarantee that each is sent once.
 */
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { outbox } from './schema-leads.server'

/**
 * The reminders of an event; `hand_out_week` and `hand_out_days`: to a buyer of passes not
 * claimed yet, a week and two days before the day (0044, docs/decisions/155).
 */
export type Reminder = 'day_before' | 'hour_before' | 'hand_out_week' | 'hand_out_days'

export const eventReminders = pgTable(
	'event_reminders',
	{
		eventId: text('event_id').notNull(),
		reminder: text('reminder').$type<Reminder>().notNull(),
		// 0041: the event's version the reminder was of (docs/decisions/149).
		sequence: integer('sequence').notNull().default(0),
		mailboxKey: text('mailbox_key').notNull(),
		outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		primaryKey({ columns: [table.eventId, table.sequence, table.reminder, table.mailboxKey] }),
	],
)

/** 0028: what registrants' calendars were last told of each event (docs/decisions/117). */
export const eventVersions = pgTable('event_versions', {
	eventId: text('event_id').primaryKey(),
	sequence: integer('sequence').notNull().default(0),
	fingerprint: text('fingerprint').notNull(),
	changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
	/** 0057: the start (UTC, ISO) before the latest move of the date; null if it never moved. */
	previousStart: text('previous_start'),
})

/** 0028: an update or cancellation of one version of an event, sent to one mailbox once. */
export const eventUpdateNotices = pgTable(
	'event_update_notices',
	{
		eventId: text('event_id').notNull(),
		sequence: integer('sequence').notNull(),
		mailboxKey: text('mailbox_key').notNull(),
		outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [primaryKey({ columns: [table.eventId, table.sequence, table.mailboxKey] })],
)

/** 0041: the reminders of one event a mailbox stopped (docs/decisions/149). */
export const eventReminderStops = pgTable(
	'event_reminder_stops',
	{
		eventId: text('event_id').notNull(),
		mailboxKey: text('mailbox_key').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [primaryKey({ columns: [table.eventId, table.mailboxKey] })],
)

/** 0046: the link a workshop session's follow-up carries, filled in by the owner (decision 157). */
export const eventFollowUps = pgTable('event_follow_ups', {
	eventId: text('event_id').primaryKey(),
	link: text('link').notNull(),
	setBy: text('set_by').notNull(),
	setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
})

/** 0046: a session's follow-up, written to one mailbox once. */
export const eventFollowUpSends = pgTable(
	'event_follow_up_sends',
	{
		eventId: text('event_id').notNull(),
		mailboxKey: text('mailbox_key').notNull(),
		outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [primaryKey({ columns: [table.eventId, table.mailboxKey] })],
)
