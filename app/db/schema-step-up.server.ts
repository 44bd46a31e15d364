/**
 * Tables of 0039_owner_step_up.sql (docs/decisions/136): the owners' second factors — one
 * authenticator app (TOTP) each, its secret encrypted, and their passkeys (public keys only),
 * and the passkey challenges already answered.
 */
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

export const ownerTotp = pgTable(
	'owner_totp',
	{
		via: text('via').$type<'github' | 'emulator' | 'link'>().notNull(),
		login: text('login').notNull(),
		/** The confirmed secret, encrypted (step-up/secret-box.server.ts); null: none yet. */
		secret: text('secret'),
		/** A set-up shown but not yet confirmed by a first code, encrypted. */
		pendingSecret: text('pending_secret'),
		/** The 30-second step of the last code accepted: that step and earlier are refused. */
		lastStep: bigint('last_step', { mode: 'number' }),
		failures: integer('failures').notNull().default(0),
		failuresSince: timestamp('failures_since', { withTimezone: true }),
		confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
	},
	(table) => [primaryKey({ columns: [table.via, table.login] })],
)

export const ownerPasskeys = pgTable(
	'owner_passkeys',
	{
		/** The credential id, base64url. */
		id: text('id').primaryKey(),
		via: text('via').$type<'github' | 'emulator' | 'link'>().notNull(),
		login: text('login').notNull(),
		/** The COSE public key, base64url. */
		publicKey: text('public_key').notNull(),
		counter: bigint('counter', { mode: 'number' }).notNull().default(0),
		/** The authenticator's transports, comma-separated (a hint for the browser). */
		transports: text('transports').notNull().default(''),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
	},
	(table) => [index('owner_passkeys_owner').on(table.via, table.login)],
)

/** A WebAuthn challenge answered once; kept until it would have expired. */
export const ownerUsedChallenges = pgTable('owner_used_challenges', {
	nonce: text('nonce').primaryKey(),
	expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
