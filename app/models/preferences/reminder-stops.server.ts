/**
 * The reminders of one event, stopped by the person (issue 36, item 4; docs/decisions/149). What
 * someone signed up for is not news: unsubscribing from news (preferences.server.ts) stops no
 * reminder. Each event's e-mails (its reminders, its change notices) carry a link signed for the
 * address and that event: its one-click POST stops that event's reminders only, and the page it
 * opens shows both choices. Kept per folded mailbox, by its hash, like the news suppression.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { emailSuppressions, outbox } from '~/db/schema-leads.server'
import { eventReminderStops, eventReminders } from '~/db/schema-reminders.server'
import type { UnsubscribeLinks } from '~/integrations/email/templates'
import {
	createRemindersToken,
	verifyRemindersToken,
	verifyUnsubscribeToken,
} from '~/models/links/preference-tokens.server'
import { mailboxOf } from './mailbox.server'
import { ONE_CLICK_PATH, PREFERENCES_PATH } from './preferences.server'

/**
 * The links of a message about `eventId` to `email`: the preferences page, opened on this event,
 * and the one-click URL that stops this event's reminders. Absolute from `origin`.
 */
export function eventMailLinks(
	origin: string,
	email: string,
	eventId: string,
	remindersStopped: boolean,
): UnsubscribeLinks {
	const token = encodeURIComponent(
		createRemindersToken({ email, eventId }, getConfig().SESSION_SECRET),
	)
	return {
		preferencesUrl: `${origin}${PREFERENCES_PATH}?token=${token}`,
		oneClickUrl: `${origin}${ONE_CLICK_PATH}?token=${token}`,
		event: { remindersStopped },
	}
}

/** Whose preferences link `token` is: a news link names the address, an event's names the event too. */
export function preferencesLinkOwner(
	token: string | null | undefined,
): { email: string; eventId?: string } | null {
	const secret = getConfig().SESSION_SECRET
	const email = verifyUnsubscribeToken(token, secret)
	return email ? { email } : verifyRemindersToken(token, secret)
}

/** The events whose reminders `email` (any spelling of its mailbox) stopped. */
export async function stoppedReminders(db: Db, email: string): Promise<Set<string>> {
	const rows = await db
		.select({ eventId: eventReminderStops.eventId })
		.from(eventReminderStops)
		.where(eq(eventReminderStops.mailboxKey, mailboxOf(email).key))
	return new Set(rows.map((row) => row.eventId))
}

/**
 * The recipients who may get `eventId`'s reminders, in their order: not those who stopped them,
 * nor an erased person's mailbox. An unsubscribe from news is no reason. One query each.
 */
export async function mayGetReminders<T extends { email: string }>(
	db: Db,
	eventId: string,
	recipients: T[],
): Promise<T[]> {
	if (recipients.length === 0) return []
	const keys = recipients.map((recipient) => mailboxOf(recipient.email).key)
	const unique = [...new Set(keys)]
	const stopped = await db
		.select({ key: eventReminderStops.mailboxKey })
		.from(eventReminderStops)
		.where(
			and(eq(eventReminderStops.eventId, eventId), inArray(eventReminderStops.mailboxKey, unique)),
		)
	const erased = await db
		.select({ key: emailSuppressions.mailboxKey })
		.from(emailSuppressions)
		.where(
			and(eq(emailSuppressions.reason, 'erased'), inArray(emailSuppressions.mailboxKey, unique)),
		)
	const left = new Set([...stopped, ...erased].map((row) => row.key))
	return recipients.filter((_, index) => !left.has(keys[index]!))
}

/**
 * Stops `eventId`'s reminders to `email`'s mailbox; one of them still waiting in the outbox is
 * given up, so none goes out after the click. Stopping again changes nothing.
 */
export async function stopReminders(db: Db, email: string, eventId: string): Promise<void> {
	const mailboxKey = mailboxOf(email).key
	await db.transaction(async (tx) => {
		await tx.insert(eventReminderStops).values({ eventId, mailboxKey }).onConflictDoNothing()
		const waiting = tx
			.select({ id: eventReminders.outboxId })
			.from(eventReminders)
			.where(and(eq(eventReminders.eventId, eventId), eq(eventReminders.mailboxKey, mailboxKey)))
		await tx
			.update(outbox)
			.set({ failedAt: sql`now()`, lastError: 'The recipient stopped these reminders' })
			.where(and(inArray(outbox.id, waiting), isNull(outbox.sentAt), isNull(outbox.failedAt)))
	})
}

/** Resumes `eventId`'s reminders to `email`'s mailbox: the next one due is sent. */
export async function resumeReminders(db: Db, email: string, eventId: string): Promise<void> {
	await db
		.delete(eventReminderStops)
		.where(
			and(
				eq(eventReminderStops.eventId, eventId),
				eq(eventReminderStops.mailboxKey, mailboxOf(email).key),
			),
		)
}
