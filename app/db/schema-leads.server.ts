/**
 * Tables of 0003_leads_email.sql: sign-ups (leads), survey answers and the e-mail outbox.
 * Kept beside schema.server.ts rather than in it so that each feature's tables read together;
 * queries use them through the same Drizzle client (db.insert(leads) ...).
 */
import {
	bigserial,
	boolean,
	index,
	integer,
	jsonb,
	pgTable,
	text,
	timestamp,
	unique,
} from 'drizzle-orm/pg-core'
import type { Attribution } from '~/domain/attribution'
import type { EmailAttachment } from '~/domain/email-attachment'
import type { EmailKind } from '~/domain/email-kinds'
import type { Locale } from '~/domain/locale'
import type { LeadList } from '~/forms/names'

export const leads = pgTable(
	'leads',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		email: text('email').notNull(),
		list: text('list').$type<LeadList>().notNull(),
		firstName: text('first_name'),
		lastName: text('last_name'),
		avatarUrl: text('avatar_url'),
		consentAt: timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
		confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
		partnerKey: text('partner_key'),
		referralUrl: text('referral_url'),
		attribution: jsonb('attribution').$type<Attribution>().notNull().default({}),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		// 0005_lead_confirmation_sent_at.sql; since 0010 every confirmation, written with the
		// lead in one transaction (docs/decisions/101). Null: none was ever written.
		confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
		// 0020_workshop_sessions.sql: a workshop lead's session, an event id of content/site
		// (docs/decisions/110).
		workshopSession: text('workshop_session'),
		// 0022_email_preferences.sql: the owner erased the person's data; the e-mail is a
		// tombstone (docs/decisions/109).
		erasedAt: timestamp('erased_at', { withTimezone: true }),
		// 0034_workshop_places_confirmed.sql (docs/decisions/131): until when an unconfirmed
		// workshop place counts (null: it counts for good), and the keyed hash of its network.
		placeExpiresAt: timestamp('place_expires_at', { withTimezone: true }),
		placeNetwork: text('place_network'),
		// 0061_locale.sql: the language the person signed up in, their e-mails' (decision 173).
		locale: text('locale').$type<Locale>().notNull().default('en-US'),
	},
	(table) => [unique().on(table.email, table.list)],
)

export const surveyResponses = pgTable('survey_responses', {
	id: bigserial('id', { mode: 'number' }).primaryKey(),
	email: text('email').notNull(),
	rating: integer('rating').notNull(),
	helped: text('helped').notNull().default(''),
	improve: text('improve').notNull().default(''),
	mayQuote: boolean('may_quote').notNull().default(false),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const outbox = pgTable('outbox', {
	id: bigserial('id', { mode: 'number' }).primaryKey(),
	toAddress: text('to_address').notNull(),
	fromAddress: text('from_address').notNull(),
	subject: text('subject').notNull(),
	textBody: text('text_body').notNull(),
	htmlBody: text('html_body'),
	// 0008_outbox_attachments.sql: the calendar files a confirmation carries (docs/decisions/089).
	attachments: jsonb('attachments').$type<EmailAttachment[]>(),
	transport: text('transport').$type<'outbox' | 'smtp'>().notNull(),
	messageId: text('message_id'),
	sentAt: timestamp('sent_at', { withTimezone: true }),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	// 0006_jobs.sql: delivery through the job queue (docs/decisions/075, 076).
	attempts: integer('attempts').notNull().default(0),
	lastError: text('last_error'),
	failedAt: timestamp('failed_at', { withTimezone: true }),
	// 0010_outbox_mailbox_limits.sql: set on sign-up confirmations only (docs/decisions/103).
	mailboxKey: text('mailbox_key'),
	mailboxDomain: text('mailbox_domain'),
	// 0014: an attempt handed the whole message over and got no answer (docs/decisions/101).
	outcomeUnknownAt: timestamp('outcome_unknown_at', { withTimezone: true }),
	// 0022: the message's kind (domain/email-kinds.ts; null: written before 0022 under an
	// unknown subject) and, on the kinds that carry it, its one-click unsubscribe URL (109).
	kind: text('kind').$type<EmailKind>(),
	listUnsubscribeUrl: text('list_unsubscribe_url'),
	// 0027: delivery gives the message up after this (an "in one hour" reminder once its
	// session has started, docs/decisions/116).
	notAfter: timestamp('not_after', { withTimezone: true }),
	// 0038: the attempt under way, cleared when its end is recorded (docs/decisions/135).
	attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
})

/**
 * 0022: addresses that get no list mail (docs/decisions/109), by the hash of their folded
 * mailbox (models/preferences/mailbox.server.ts): no address is stored, and `Ada+news@` is `ada@`.
 */
export const emailSuppressions = pgTable('email_suppressions', {
	mailboxKey: text('mailbox_key').primaryKey(),
	reason: text('reason').$type<'unsubscribed' | 'erased'>().notNull(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * 0040: each public form's honeypot token a submission was accepted with, and a hash of what
 * was submitted (the form and the address, never the address): one submission per token
 * (docs/decisions/137). Deleted after a day, when the token is refused anyway.
 */
export const formTokens = pgTable(
	'form_tokens',
	{
		token: text('token').primaryKey(),
		fingerprint: text('fingerprint').notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('form_tokens_used_at').on(table.usedAt)],
)
