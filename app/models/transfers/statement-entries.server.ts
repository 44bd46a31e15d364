/**
 * The owner's matching screen (docs/decisions/170): the credits of imported statements, the
 * ones not matched first with their reason, and the transfers still waiting. An unmatched credit
 * is assigned to an order through the same `recordTransferReceived` the import and the owner's
 * form use, or dismissed; both once, both in the audit log.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { PUBLIC_ID } from '~/db/public-id.server'
import { orders } from '~/db/schema.server'
import { bankStatementEntries, bankTransfers } from '~/db/schema-transfers.server'
import { compact, isCreditorReference } from '~/domain/transfers/reference'
import type { UnmatchedReason } from '~/domain/transfers/statement'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { recordTransferReceived } from './receive.server'
import { EntryResolvedError, markEntry, refusalFor } from './statement-import.server'

const RECENT_RESOLVED = 50

/** Unmatched entries (all, oldest first: the owner works down them), then the latest others. */
export async function listStatementEntries(db: Db) {
	const columns = {
		id: bankStatementEntries.id,
		bookedOn: bankStatementEntries.bookedOn,
		amountMinor: bankStatementEntries.amountMinor,
		currency: bankStatementEntries.currency,
		remittance: bankStatementEntries.remittance,
		payer: bankStatementEntries.payer,
		status: bankStatementEntries.status,
		reason: bankStatementEntries.reason,
		orderId: bankStatementEntries.orderId,
	}
	const unmatched = await db
		.select(columns)
		.from(bankStatementEntries)
		.where(eq(bankStatementEntries.status, 'unmatched'))
		.orderBy(asc(bankStatementEntries.importedAt), asc(bankStatementEntries.id))
		.limit(500)
	const resolved = await db
		.select(columns)
		.from(bankStatementEntries)
		.where(ne(bankStatementEntries.status, 'unmatched'))
		.orderBy(desc(bankStatementEntries.resolvedAt), desc(bankStatementEntries.id))
		.limit(RECENT_RESOLVED)
	return { unmatched, resolved }
}

/** Orders waiting for their transfer, the soonest due first: what an entry can be assigned to. */
export async function listWaitingTransfers(db: Db) {
	return db
		.select({
			orderId: orders.id,
			reference: bankTransfers.reference,
			currency: orders.currency,
			dueMinor: sql<number>`${orders.amountMinor} - ${bankTransfers.receivedMinor}`,
			dueAt: bankTransfers.dueAt,
		})
		.from(bankTransfers)
		.innerJoin(orders, eq(orders.id, bankTransfers.orderId))
		.where(and(eq(orders.status, 'pending'), eq(orders.provider, 'transfer')))
		.orderBy(asc(bankTransfers.dueAt))
		.limit(200)
}

export type Assigned =
	| { status: 'paid' | 'partly-paid'; orderId: string }
	| { refused: UnmatchedReason | 'unknown-order' | 'resolved' }

/**
 * Records the unmatched entry `entryId` for the order the owner names in `orderOrReference`
 * (its id, or its payment reference however spaced).
 */
export async function assignStatementEntry(
	db: Db,
	entryId: string,
	orderOrReference: string,
	actor: string,
): Promise<Assigned> {
	const [entry] = await db
		.select()
		.from(bankStatementEntries)
		.where(and(eq(bankStatementEntries.id, entryId), eq(bankStatementEntries.status, 'unmatched')))
	if (!entry) return { refused: 'resolved' }
	const named = orderOrReference.trim()
	const byReference = isCreditorReference(named)
	if (!byReference && !PUBLIC_ID.test(named)) return { refused: 'unknown-order' }
	const [row] = await db
		.select({ order: orders, receivedMinor: bankTransfers.receivedMinor })
		.from(bankTransfers)
		.innerJoin(orders, eq(orders.id, bankTransfers.orderId))
		.where(
			byReference ? eq(bankTransfers.reference, compact(named)) : eq(bankTransfers.orderId, named),
		)
	if (!row) return { refused: 'unknown-order' }
	const refused = refusalFor(row.order, row.receivedMinor, entry)
	if (refused) return { refused }
	const received = await recordTransferReceived(
		db,
		row.order.id,
		{ amountMinor: entry.amountMinor, receivedOn: entry.bookedOn, actor },
		markEntry(entry.id, row.order.id, 'assigned', actor),
	).catch((error: unknown) => {
		if (error instanceof EntryResolvedError) return { refused: 'resolved' as const }
		throw error
	})
	if ('refused' in received) return { refused: received.refused }
	return { status: received.status, orderId: row.order.id }
}

/** Sets the unmatched entry `entryId` aside (not the shop's money, or settled elsewhere). */
export async function dismissStatementEntry(
	db: Db,
	entryId: string,
	actor: string,
): Promise<boolean> {
	return db.transaction(async (tx) => {
		const [dismissed] = await tx
			.update(bankStatementEntries)
			.set({ status: 'dismissed', resolvedBy: actor, resolvedAt: sql`now()` })
			.where(
				and(eq(bankStatementEntries.id, entryId), eq(bankStatementEntries.status, 'unmatched')),
			)
			.returning()
		if (!dismissed) return false
		await recordOwnerAction(tx, {
			actor,
			action: 'statement-entry-dismissed',
			target: entryId,
			before: { reason: dismissed.reason },
			after: { amountMinor: dismissed.amountMinor, currency: dismissed.currency },
		})
		return true
	})
}
