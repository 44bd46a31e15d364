/**
 * Tables of 0007_owner_dashboard.sql (docs/decisions/080, 081): which GitHub account each owner
 * login is bound to, and the log of what owners did; and of 0010 (decision 102), whose sessions
 * are still current.
 */
import {
	bigint,
	bigserial,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	timestamp,
} from 'drizzle-orm/pg-core'

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
	/** The client address acted from (0039, docs/decisions/136); null outside a request. */
	source: text('source'),
})

/**
 * Table of 0011_owner_session_versions.sql (docs/decisions/102): each owner's session version;
 * a session cookie with an older one is no owner's.
 */
export const ownerSessionVersions = pgTable(
	'owner_session_versions',
	{
		via: text('via').$type<'github' | 'emulator' | 'link'>().notNull(),
		login: text('login').notNull(),
		version: integer('version').notNull().default(1),
		/** When the owner last signed out, ending every session up to `version`. */
		endedAt: timestamp('ended_at', { withTimezone: true }),
	},
	(table) => [primaryKey({ columns: [table.via, table.login] })],
)

/**
 * Table of 0043_owner_sign_in_links.sql (docs/decisions/151): the owner sign-in links already
 * followed, by their nonce, until they expire.
 */
export const ownerSignInLinksUsed = pgTable('owner_sign_in_links_used', {
	nonce: text('nonce').primaryKey(),
	usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
	expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
