/**
 * Tables of 0026_bulk_sends.sql (docs/decisions/119): the owner's messages and the course's
 * access e-mails, each recipient once, and the throttle they share.
 */
import {
	bigint,
	bigserial,
	pgTable,
	primaryKey,
	smallint,
	text,
	timestamp,
} from 'drizzle-orm/pg-core'
import { outbox } from './schema-leads.server'

export type BulkSendKind = 'message' | 'course_access'
export type BulkRecipientStatus = 'queued' | 'sent' | 'skipped'

export const bulkSends = pgTable('bulk_sends', {
	id: bigserial('id', { mode: 'number' }).primaryKey(),
	kind: text('kind').$type<BulkSendKind>().notNull(),
	subject: text('subject').notNull(),
	body: text('body').notNull().default(''),
	audience: text('audience').notNull(),
	createdBy: text('created_by').notNull(),
	onceKey: text('once_key').unique(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const bulkSendRecipients = pgTable(
	'bulk_send_recipients',
	{
		sendId: bigint('send_id', { mode: 'number' })
			.notNull()
			.references(() => bulkSends.id),
		email: text('email').notNull(),
		name: text('name'),
		status: text('status').$type<BulkRecipientStatus>().notNull().default('queued'),
		slotAt: timestamp('slot_at', { withTimezone: true }),
		outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id),
		doneAt: timestamp('done_at', { withTimezone: true }),
	},
	(table) => [primaryKey({ columns: [table.sendId, table.email] })],
)

export const bulkSendPace = pgTable('bulk_send_pace', {
	id: smallint('id').primaryKey(),
	nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
})
