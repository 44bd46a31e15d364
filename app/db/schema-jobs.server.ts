/**
 * The job queue's table (0006_jobs.sql, docs/decisions/075). Kept beside schema.server.ts like
 * the leads tables; the queue (app/jobs/queue.server.ts) is the only module that writes it.
 */
import { bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export type JobStatus = 'queued' | 'running' | 'done' | 'failed'

export const jobs = pgTable('jobs', {
	id: bigserial('id', { mode: 'number' }).primaryKey(),
	kind: text('kind').notNull(),
	payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
	status: text('status').$type<JobStatus>().notNull().default('queued'),
	runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
	attempts: integer('attempts').notNull().default(0),
	maxAttempts: integer('max_attempts').notNull().default(10),
	giveUpAt: timestamp('give_up_at', { withTimezone: true }),
	lockedUntil: timestamp('locked_until', { withTimezone: true }),
	lastError: text('last_error'),
	dedupeKey: text('dedupe_key').unique(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	finishedAt: timestamp('finished_at', { withTimezone: true }),
})
