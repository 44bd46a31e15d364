/**
 * The owner's messages (issue 25, item 6; docs/decisions/119): written on the dashboard in
 * Markdown, previewed with how many people get it, tested on the owner's own address, then sent
 * to an audience through the throttled bulk send (models/messages/bulk-send.server.ts). The send and its
 * audit line commit together; a test send is audited too.
 */
import { desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { bulkSends } from '~/db/schema-bulk.server'
import { MESSAGES } from '~/forms/messages'
import { templates } from '~/integrations/email/index.server'
import { hasOnlyWebLinks } from '~/integrations/email/owner-markdown.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import {
	sendListEmail,
	unsubscribeLinks,
	withoutUnsubscribed,
} from '~/models/preferences/preferences.server'
import { siteOrigin } from '~/site-origin.server'
import { redactEmails } from '~/utils/redact'
import { audienceLabel, recipientsOf } from './audiences.server'
import {
	createBulkSend,
	type SendProgress,
	sendProgress,
	uniqueRecipients,
} from './bulk-send.server'

export type MessageDraft = { subject: string; body: string; audience: string }

type FieldErrors = Record<string, string[]>

/**
 * Who will receive a message to the audience now: its different addresses, less those that
 * unsubscribed. The preview's "Send to N people" and the send's "on its way to N people" count
 * these, so the owner is never told of e-mails the send would pass over.
 */
async function receivingRecipients(db: Db, audience: string) {
	const everyone = uniqueRecipients(await recipientsOf(db, audience))
	return { everyone, receiving: await withoutUnsubscribed(db, everyone) }
}

/** How many people would receive a message to the audience now (null: no such audience). */
async function audienceCount(db: Db, audience: string): Promise<number | null> {
	if (!audienceLabel(audience)) return null
	return (await receivingRecipients(db, audience)).receiving.length
}

/** What is wrong with the message's words, beyond what its form checks (null: nothing). */
function draftErrors(draft: MessageDraft): FieldErrors | null {
	return hasOnlyWebLinks(draft.body) ? null : { body: [MESSAGES.adminMessageLinks] }
}

/** The stand-in address of a preview's unsubscribe links: no one's. */
const PREVIEW_ADDRESS = 'preview@example.invalid'

/** The message as a recipient will see it, and how many will get it. */
export async function previewMessage(
	db: Db,
	draft: MessageDraft,
): Promise<
	{ ok: true; count: number; html: string; text: string } | { ok: false; fieldErrors: FieldErrors }
> {
	const wrong = draftErrors(draft)
	if (wrong) return { ok: false, fieldErrors: wrong }
	const count = await audienceCount(db, draft.audience)
	if (count === null)
		return { ok: false, fieldErrors: { audience: [MESSAGES.adminMessageAudience] } }
	const mail = await templates.ownerMessage({
		subject: draft.subject,
		body: draft.body,
		unsubscribe: unsubscribeLinks(siteOrigin(), PREVIEW_ADDRESS),
	})
	return { ok: true, count, html: mail.html, text: mail.text }
}

/**
 * Sends the message to `to` alone, marked as a test, as list mail (an unsubscribed address gets
 * no test either: `false`).
 */
export async function sendTestMessage(
	db: Db,
	actor: { name: string },
	draft: MessageDraft,
	to: string,
): Promise<boolean> {
	return db.transaction(async (tx) => {
		const queued = await sendListEmail(tx, {
			to,
			origin: siteOrigin(),
			render: (unsubscribe) =>
				templates.ownerMessage({
					subject: `[Test] ${draft.subject}`,
					body: draft.body,
					unsubscribe,
				}),
		})
		if (!queued) return false
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: 'send-test-message',
			target: `email:${queued.id}`,
			after: { subject: draft.subject, to: redactEmails(to) },
		})
		return true
	})
}

export type SendOutcome =
	| { ok: true; sendId: number; count: number }
	| { ok: false; fieldErrors: FieldErrors }

/**
 * Sends the message to its audience, if the audience still has the `expectedCount` people the
 * owner saw in the preview; otherwise nothing is sent and the form says how many it is now.
 */
export async function sendMessage(
	db: Db,
	actor: { name: string },
	draft: MessageDraft & { expectedCount: number },
): Promise<SendOutcome> {
	const wrong = draftErrors(draft)
	if (wrong) return { ok: false, fieldErrors: wrong }
	if (!audienceLabel(draft.audience))
		return { ok: false, fieldErrors: { audience: [MESSAGES.adminMessageAudience] } }
	const { everyone, receiving: recipients } = await receivingRecipients(db, draft.audience)
	if (everyone.length === 0)
		return { ok: false, fieldErrors: { audience: [MESSAGES.adminMessageNobody] } }
	if (recipients.length === 0)
		return { ok: false, fieldErrors: { audience: [MESSAGES.adminMessageAllUnsubscribed] } }
	if (recipients.length !== draft.expectedCount)
		return {
			ok: false,
			fieldErrors: { audience: [MESSAGES.adminMessageAudienceChanged(recipients.length)] },
		}
	const sendId = await db.transaction(async (tx) => {
		const send = await createBulkSend(
			tx,
			{
				kind: 'message',
				subject: draft.subject,
				body: draft.body,
				audience: draft.audience,
				createdBy: actor.name,
			},
			recipients,
		)
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: 'send-message',
			target: `send:${send.id}`,
			after: { subject: draft.subject, audience: draft.audience, recipients: send.recipients },
		})
		return send.id
	})
	return { ok: true, sendId, count: recipients.length }
}

export type SendSummary = {
	id: number
	kind: 'message' | 'course_access'
	subject: string
	audience: string
	createdBy: string
	createdAt: string
	progress: SendProgress
}

function summaryOf(row: typeof bulkSends.$inferSelect, progress: SendProgress): SendSummary {
	return {
		id: row.id,
		kind: row.kind,
		subject: row.subject,
		audience: audienceLabel(row.audience) ?? row.audience,
		createdBy: row.createdBy,
		createdAt: row.createdAt.toISOString(),
		progress,
	}
}

/** The latest sends, newest first, each with its progress. */
export async function listSends(db: Db, limit = 50): Promise<SendSummary[]> {
	const rows = await db.select().from(bulkSends).orderBy(desc(bulkSends.id)).limit(limit)
	return Promise.all(rows.map(async (row) => summaryOf(row, await sendProgress(db, row.id))))
}

/** One send with its Markdown and progress, or null. */
export async function getSend(
	db: Db,
	id: number,
): Promise<(SendSummary & { body: string }) | null> {
	const [row] = await db.select().from(bulkSends).where(eq(bulkSends.id, id))
	return row ? { ...summaryOf(row, await sendProgress(db, id)), body: row.body } : null
}
