/**
 * Everything the owner's dashboard knows about e-mail delivery, in one module (docs/decisions/
 * 060, 084): the outbox list with each message's state, one message for its preview, and Retry.
 * The state comes from the delivery job's columns (docs/decisions/075, 076): sent_at, attempts,
 * the last error and failed_at; outcome_unknown_at marks an attempt that may have been delivered
 * (docs/decisions/101).
 */
import { and, desc, eq, isNotNull, isNull, like, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { beforeCursor, cursorTime, decodeCursor, pageOf } from '~/db/cursor.server'
import { outbox } from '~/db/schema-leads.server'
import { type DeliveryColumns, deliveryState, type UNDELIVERED_STATES } from '~/domain/delivery'
import { summarizeAttachments } from '~/domain/email-attachment'
import { outboxMessage, retryEmail } from '~/integrations/email/index.server'
import { recordOwnerAction } from '~/models/audit/audit.server'

type UndeliveredState = (typeof UNDELIVERED_STATES)[number]

import { prefixPattern } from '~/models/checkout/orders.server'

/** What went wrong last, while the message is not delivered (the job keeps the last error). */
function deliveryError(row: DeliveryColumns & { lastError: string | null }): string | null {
	return row.sentAt ? null : row.lastError
}

const stateCondition: Record<UndeliveredState, SQL | undefined> = {
	queued: and(eq(outbox.transport, 'smtp'), isNull(outbox.sentAt), isNull(outbox.failedAt)),
	failed: and(isNull(outbox.sentAt), isNotNull(outbox.failedAt)),
}

export async function listEmails(
	db: Db,
	filters: { to?: string; state?: UndeliveredState },
	after: string | null,
	limit = 50,
) {
	const conditions: (SQL | undefined)[] = [
		filters.to ? like(outbox.toAddress, prefixPattern(filters.to)) : undefined,
		filters.state ? stateCondition[filters.state] : undefined,
		beforeCursor(decodeCursor(after), outbox.createdAt, outbox.id),
	]
	const rows = await db
		.select({
			id: outbox.id,
			createdAt: outbox.createdAt,
			toAddress: outbox.toAddress,
			subject: outbox.subject,
			transport: outbox.transport,
			sentAt: outbox.sentAt,
			failedAt: outbox.failedAt,
			lastError: outbox.lastError,
			attempts: outbox.attempts,
			outcomeUnknownAt: outbox.outcomeUnknownAt,
			cursorAt: cursorTime(outbox.createdAt),
		})
		.from(outbox)
		.where(and(...conditions))
		.orderBy(desc(outbox.createdAt), desc(outbox.id))
		.limit(limit + 1)
	const page = pageOf(rows, limit, (row) => ({ at: row.cursorAt, id: String(row.id) }))
	return {
		next: page.next,
		rows: page.rows.map((row) => {
			return {
				id: row.id,
				createdAt: row.createdAt.toISOString(),
				to: row.toAddress,
				subject: row.subject,
				state: deliveryState(row),
				attempts: row.attempts,
				error: deliveryError(row),
				outcomeUnknown: row.outcomeUnknownAt !== null,
			}
		}),
	}
}

export async function getEmail(db: Db, id: number) {
	const [row] = await db.select().from(outbox).where(eq(outbox.id, id))
	if (!row) return null
	const state = deliveryState(row)
	return {
		id: row.id,
		createdAt: row.createdAt.toISOString(),
		sentAt: row.sentAt?.toISOString() ?? null,
		from: row.fromAddress,
		to: row.toAddress,
		subject: row.subject,
		text: row.textBody,
		html: row.htmlBody,
		attachments: summarizeAttachments(row.attachments),
		// Derived from the row (outboxMessage): every attempt carries it, a sent one records it.
		messageId: row.transport === 'smtp' ? String(outboxMessage(row).messageId) : null,
		state,
		attempts: row.attempts,
		error: deliveryError(row),
		outcomeUnknown: row.outcomeUnknownAt !== null,
		// retryEmail takes a message whose delivery gave up; a queued one is retried already.
		canRetry: state === 'failed',
	}
}

/**
 * Queues a failed message's delivery again (retryEmail) and logs the owner's action, in one
 * transaction (docs/decisions/101). False when the message's delivery has not failed (it was
 * delivered, or is still being retried).
 */
export async function retryEmailAsOwner(db: Db, actor: { name: string }, id: number) {
	return db.transaction(async (tx) => {
		if (!(await retryEmail(tx, id))) return false
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: 'retry-email',
			target: `email:${id}`,
			before: { state: 'failed' },
			after: { state: 'queued' },
		})
		return true
	})
}
