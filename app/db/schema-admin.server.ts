/**
 * Tables of 0007_owner_dashboard.sql (docs/decisions/080, 081): which GitHub account each owner
 * login is bound to, and the log of what owners did.
 */
import { bigint, bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const ownerAccounts = pgTable('owner_accounts', {
	/** The login as listed in ADMIN_GITHUB_LOGINS, lower-cased. */
	login: text('login').primaryKey(),
	githubId: bigint('github_id', { mode: 'number' }).notNull().unique(),
	/** The account's login at its latest sign-in (it may have been renamed since binding). */
	currentLogin: text('current_login').notNull(),
	boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
	lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
})

export const ownerAuditLog = pgTable('owner_audit_log', {
	id: bigserial('id', { mode: 'number' }).primaryKey(),
	at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
	actor: text('actor').notNull(),
	action: text('action').notNull(),
	target: text('target').notNull(),
	before: jsonb('before').$type<Record<string, unknown> | null>(),
	after: jsonb('after').$type<Record<string, unknown> | null>(),
})
