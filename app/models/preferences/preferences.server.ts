/**
 * Who may get list mail (docs/decisions/109). An address unsubscribes from everything at once
 * (the one-click POST of RFC 8058, or the preferences page) and resubscribes on that page; an
 * erased lead's address is suppressed too. The state is kept per folded mailbox (mailbox.server.ts:
 * `Ada+news@gmail.com` is `ada@gmail.com`), by its hash: unsubscribing one spelling of a mailbox
 * stops mail to every spelling, and no address is stored.
 *
 * Every sender of a `list` kind (domain/email-kinds.ts: reminders, owner messages, news)
 * goes through `sendListEmail`, or asks `isUnsubscribed` / `withoutUnsubscribed` first.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { bulkSendRecipients } from '~/db/schema-bulk.server'
import { emailSuppressions, outbox } from '~/db/schema-leads.server'
import { foldEmail } from '~/domain/email-address'
import type { EmailAttachment } from '~/domain/email-attachment'
import { LIST_KINDS } from '~/domain/email-kinds'
import { type QueuedEmail, sendEmail } from '~/integrations/email/index.server'
import type { EmailContent, UnsubscribeLinks } from '~/integrations/email/templates'
import { createUnsubscribeToken } from '~/models/links/preference-tokens.server'
import { mailboxOf } from './mailbox.server'

/** The preferences page: a GET shows the state and a button, never changes it. */
export const PREFERENCES_PATH = '/email-preferences'
/** RFC 8058's one-click target: a POST unsubscribes, a GET shows the preferences page. */
export const ONE_CLICK_PATH = '/unsubscribe'

/**
 * The links a message to `email` carries (templates' UnsubscribeLinks), absolute from `origin`
 * (SITE_URL or the listen address, never a request's Host: docs/decisions/069).
 */
export function unsubscribeLinks(
	origin: string,
	email: string,
	unsubscribed = false,
): UnsubscribeLinks {
	const token = encodeURIComponent(createUnsubscribeToken(email, getConfig().SESSION_SECRET))
	return {
		preferencesUrl: `${origin}${PREFERENCES_PATH}?token=${token}`,
		oneClickUrl: `${origin}${ONE_CLICK_PATH}?token=${token}`,
		...(unsubscribed ? { unsubscribed } : {}),
	}
}

/** Whether `email` (any spelling of its mailbox) unsubscribed or was erased. */
export async function isUnsubscribed(db: Db, email: string): Promise<boolean> {
	const [row] = await db
		.select({ key: emailSuppressions.mailboxKey })
		.from(emailSuppressions)
		.where(eq(emailSuppressions.mailboxKey, mailboxOf(email).key))
	return row !== undefined
}

/** The recipients whose address has not unsubscribed, in their order: one query per call. */
export async function withoutUnsubscribed<T extends { email: string }>(
	db: Db,
	recipients: T[],
): Promise<T[]> {
	if (recipients.length === 0) return []
	const keys = recipients.map((recipient) => mailboxOf(recipient.email).key)
	const suppressed = new Set(
		(
			await db
				.select({ key: emailSuppressions.mailboxKey })
				.from(emailSuppressions)
				.where(inArray(emailSuppressions.mailboxKey, [...new Set(keys)]))
		).map((row) => row.key),
	)
	return recipients.filter((_, index) => !suppressed.has(keys[index]!))
}

/**
 * Writes a list message to `to` unless the address unsubscribed (then null, and nothing is
 * rendered). `render` gets the recipient's unsubscribe links for its template. In the caller's
 * transaction when `db` is one (docs/decisions/101).
 */
export async function sendListEmail(
	db: Db,
	message: {
		to: string
		origin: string
		render: (unsubscribe: UnsubscribeLinks) => Promise<EmailContent>
		attachments?: EmailAttachment[]
		/** Delivery gives the message up after this (a reminder once its event started). */
		notAfter?: Date
	},
): Promise<QueuedEmail | null> {
	if (await isUnsubscribed(db, message.to)) return null
	const content = await message.render(unsubscribeLinks(message.origin, message.to))
	return sendEmail(db, {
		to: message.to,
		...content,
		attachments: message.attachments,
		notAfter: message.notAfter,
	})
}

/**
 * Suppresses list mail to `email`'s mailbox. An erasure is kept as one: unsubscribing again does
 * not turn it back into a plain unsubscribe. List messages to the address still waiting in the
 * outbox are given up, so none goes out after the click (an owner's send counts them as skipped).
 */
export async function unsubscribe(
	db: Db,
	email: string,
	reason: 'unsubscribed' | 'erased' = 'unsubscribed',
): Promise<void> {
	await db.transaction(async (tx) => {
		const insert = tx.insert(emailSuppressions).values({ mailboxKey: mailboxOf(email).key, reason })
		await (reason === 'erased'
			? insert.onConflictDoUpdate({ target: emailSuppressions.mailboxKey, set: { reason } })
			: insert.onConflictDoNothing())
		const givenUp = await tx
			.update(outbox)
			.set({ failedAt: sql`now()`, lastError: 'The recipient unsubscribed before delivery' })
			.where(
				and(
					eq(outbox.toAddress, foldEmail(email)),
					inArray(outbox.kind, LIST_KINDS),
					// Without a mail server the outbox row is the delivery: it happened, and stays.
					eq(outbox.transport, 'smtp'),
					isNull(outbox.sentAt),
					isNull(outbox.failedAt),
				),
			)
			.returning({ id: outbox.id })
		// An owner's send counts such a message as skipped, like one never written, not as failed.
		if (givenUp.length > 0)
			await tx
				.update(bulkSendRecipients)
				.set({ status: 'skipped' })
				.where(
					inArray(
						bulkSendRecipients.outboxId,
						givenUp.map((row) => row.id),
					),
				)
	})
}

/** Lifts the suppression of `email`'s mailbox: the person asked, from a link only they got. */
export async function resubscribe(db: Db, email: string): Promise<void> {
	await db.delete(emailSuppressions).where(eq(emailSuppressions.mailboxKey, mailboxOf(email).key))
}
