/**
 * Everything the owner's dashboard knows about e-mail delivery, in one module (docs/decisions/
 * 060, 084): the outbox list with each message's state, one message for its preview, and Retry.
 * Today a message's state comes from its transport and sent_at; when the durable job queue adds
 * delivery columns (attempts, last error), only this module changes.
 */
import { and, desc, eq, isNull, like, type SQL } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { outbox } from '~/db/schema-leads.server'
import { retryEmail } from '~/integrations/email/retry.server'
import { recordOwnerAction } from './audit.server'
import { beforeCursor, cursorTime, decodeCursor, pageOf } from './cursor.server'
import type { DeliveryState } from './delivery'
import { prefixPattern } from './orders.server'

function deliveryState(row: { transport: string; sentAt: Date | null }): DeliveryState {
	if (row.transport === 'outbox') return 'outbox-only'
	return row.sentAt ? 'delivered' : 'not-delivered'
}

/** What went wrong: the outbox keeps no error yet, only that the SMTP hand-over did not finish. */
function deliveryError(state: DeliveryState): string | null {
	return state === 'not-delivered'
		? 'The mail server did not accept it (the error is in the server log).'
		: null
}

export async function listEmails(
	db: Db,
	filters: { to?: string; undelivered?: boolean },
	after: string | null,
	limit = 50,
) {
	const conditions: (SQL | undefined)[] = [
		filters.to ? like(outbox.toAddress, prefixPattern(filters.to)) : undefined,
		filters.undelivered ? and(eq(outbox.transport, 'smtp'), isNull(outbox.sentAt)) : undefined,
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
			const state = deliveryState(row)
			return {
				id: row.id,
				createdAt: row.createdAt.toISOString(),
				to: row.toAddress,
				subject: row.subject,
				state,
				error: deliveryError(state),
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
		messageId: row.messageId,
		state,
		error: deliveryError(state),
		canRetry: state === 'not-delivered',
	}
}

/** Sends a message again (retryEmail) and logs the owner's action. */
export async function retryEmailAsOwner(db: Db, actor: { name: string }, id: number) {
	const result = await retryEmail(id)
	await recordOwnerAction(db, {
		actor: actor.name,
		action: 'retry-email',
		target: `email:${id}`,
		after: result.ok ? { outboxId: result.outboxId } : { error: result.message },
	})
	return result
}
