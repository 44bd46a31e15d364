/**
 * The owners' audit log (docs/decisions/081): who did what to which record, when, and the
 * record before and after. Written in the same transaction as the change where there is one,
 * so a change is never without its line; read newest first, by key.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { desc } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { beforeCursor, cursorTime, decodeCursor, pageOf } from '~/db/cursor.server'
import type { Tx } from '~/db/query.server'
import { ownerAuditLog } from '~/db/schema-admin.server'

export type AuditEntry = {
	actor: string
	action: string
	target: string
	before?: Record<string, unknown> | null
	after?: Record<string, unknown> | null
}

// The client address of the request being handled (decision 136), set once per request by the
// owner gate: every line of the log gets its source without each model that acts being handed
// the request. One store per process: server.ts and the Remix build each bundle this module.
const shared = globalThis as typeof globalThis & { __auditSource?: AsyncLocalStorage<string> }
if (!shared.__auditSource) shared.__auditSource = new AsyncLocalStorage<string>()
const sources = shared.__auditSource

/** Runs `work` with `address` (as resolved under TRUST_PROXY) as its audit lines' source. */
export function withAuditSource<T>(address: string, work: () => T): T {
	return sources.run(address, work)
}

export async function recordOwnerAction(db: Db | Tx, entry: AuditEntry): Promise<void> {
	await db.insert(ownerAuditLog).values({
		actor: entry.actor,
		action: entry.action,
		target: entry.target,
		before: entry.before ?? null,
		after: entry.after ?? null,
		source: sources.getStore() || null,
	})
}

/** One page of the log, newest first; `after` is the previous page's cursor. */
export async function listAuditLog(db: Db, after: string | null, limit = 50) {
	const rows = await db
		.select({
			id: ownerAuditLog.id,
			at: ownerAuditLog.at,
			actor: ownerAuditLog.actor,
			action: ownerAuditLog.action,
			target: ownerAuditLog.target,
			before: ownerAuditLog.before,
			after: ownerAuditLog.after,
			source: ownerAuditLog.source,
			cursorAt: cursorTime(ownerAuditLog.at),
		})
		.from(ownerAuditLog)
		.where(beforeCursor(decodeCursor(after), ownerAuditLog.at, ownerAuditLog.id))
		.orderBy(desc(ownerAuditLog.at), desc(ownerAuditLog.id))
		.limit(limit + 1)
	const page = pageOf(rows, limit, (row) => ({ at: row.cursorAt, id: String(row.id) }))
	return {
		entries: page.rows.map(({ cursorAt: _, ...row }) => ({ ...row, at: row.at.toISOString() })),
		next: page.next,
	}
}
