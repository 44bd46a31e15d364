/**
 * Sending a stored message again (the owner's "Retry" on the dashboard's E-mail page). Today it
 * hands the stored message to `sendEmail` once more, which records a new outbox row; the durable
 * job queue replaces this one function with its own retry (DESIGN.md "background work").
 */
import { eq } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { outbox } from '~/db/schema-leads.server'
import { redact } from '~/utils/redact'
import { sendEmail } from './send.server'

export type RetryResult =
	| { ok: true; outboxId: number }
	| { ok: false; reason: 'not-found' | 'failed'; message: string }

export async function retryEmail(outboxId: number): Promise<RetryResult> {
	const db = await getDb()
	const [message] = await db.select().from(outbox).where(eq(outbox.id, outboxId))
	if (!message) return { ok: false, reason: 'not-found', message: 'There is no such message.' }
	try {
		const sent = await sendEmail(
			{
				to: message.toAddress,
				subject: message.subject,
				text: message.textBody,
				html: message.htmlBody ?? undefined,
			},
			{ db, from: message.fromAddress },
		)
		return { ok: true, outboxId: sent.id }
	} catch (error) {
		console.error(`Retrying e-mail #${outboxId} failed:`, redact(error))
		return {
			ok: false,
			reason: 'failed',
			message: `The mail server did not take the message: ${(error as Error).message}`,
		}
	}
}
