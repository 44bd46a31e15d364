/**
 * The bank-statement import (issue 37 item 2, docs/decisions/170): each credit the owner's
 * statement holds is kept once, by its identity, and matched to the transfer waiting for it by
 * the payment reference written anywhere in its remittance text and by currency; its amount then
 * goes through `recordTransferReceived`, the owner's own path (a part stays due, more than is
 * due is refused). What does not match is kept with the reason, for the owner to assign or set
 * aside. The same statement imported twice records nothing twice.
 */
import crypto from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { newPublicId } from '~/db/public-id.server'
import type { Tx } from '~/db/query.server'
import { orders } from '~/db/schema.server'
import { bankStatementEntries, bankTransfers } from '~/db/schema-transfers.server'
import {
	referencesIn,
	type StatementCredit,
	type UnmatchedReason,
} from '~/domain/transfers/statement'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { recordTransferReceived } from './receive.server'

export type ImportSummary = {
	format: string
	read: number
	alreadyImported: number
	paid: number
	partlyPaid: number
	unmatched: number
}

/**
 * Each credit's identity: the bank's reference where the file gives one; otherwise a hash of
 * its fields and its place among identical lines of the file, so two equal payments on one day
 * stay two, and the same file (or an overlapping one) gives the same identities again.
 */
function identitiesOf(credits: readonly StatementCredit[]): string[] {
	const seen = new Map<string, number>()
	return credits.map((credit) => {
		if (credit.bankRef) return `ref:${credit.bankRef}`
		const fields = [
			credit.bookedOn,
			credit.amountMinor,
			credit.currency,
			credit.remittance,
			credit.payer,
		]
		const key = JSON.stringify(fields)
		const occurrence = (seen.get(key) ?? 0) + 1
		seen.set(key, occurrence)
		const hash = crypto.createHash('sha256').update(`${key}#${occurrence}`).digest('hex')
		return `sha256:${hash}`
	})
}

type Match = { orderId: string; reason: null } | { orderId: string | null; reason: UnmatchedReason }

/** The order `credit` pays, or why none: by reference, then the order's state and currency. */
async function matchCredit(db: Db, credit: StatementCredit): Promise<Match> {
	const references = referencesIn(credit.remittance)
	if (references.length === 0) return { orderId: null, reason: 'no-reference' }
	const [row] = await db
		.select({ order: orders, receivedMinor: bankTransfers.receivedMinor })
		.from(bankTransfers)
		.innerJoin(orders, eq(orders.id, bankTransfers.orderId))
		.where(inArray(bankTransfers.reference, references))
		.limit(1)
	if (!row) return { orderId: null, reason: 'unknown-reference' }
	return { orderId: row.order.id, reason: refusalFor(row.order, row.receivedMinor, credit) }
}

/** Why `credit` cannot be recorded for `order` (null: it can), checked again under its lock. */
export function refusalFor(
	order: { status: string; provider: string; currency: string; amountMinor: number },
	receivedMinor: number,
	credit: Pick<StatementCredit, 'currency' | 'amountMinor'>,
): UnmatchedReason | null {
	if (order.status === 'paid') return 'already-paid'
	if (order.status !== 'pending' || order.provider !== 'transfer') return 'not-waiting'
	if (order.currency.toLowerCase() !== credit.currency) return 'wrong-currency'
	if (receivedMinor + credit.amountMinor > order.amountMinor) return 'too-much'
	return null
}

/**
 * Marks entry `entryId` as recorded for `orderId`, inside the transaction that records its
 * money; throws when it was resolved meanwhile (another import or owner), which records nothing.
 */
export function markEntry(
	entryId: string,
	orderId: string,
	status: 'matched' | 'assigned',
	actor: string,
) {
	return async (tx: Tx) => {
		const marked = await tx
			.update(bankStatementEntries)
			.set({ status, orderId, reason: null, resolvedBy: actor, resolvedAt: sql`now()` })
			.where(
				and(eq(bankStatementEntries.id, entryId), eq(bankStatementEntries.status, 'unmatched')),
			)
			.returning({ id: bankStatementEntries.id })
		if (marked.length === 0) throw new EntryResolvedError()
		await recordOwnerAction(tx, {
			actor,
			action: `statement-entry-${status}`,
			target: entryId,
			after: { orderId },
		})
	}
}

export class EntryResolvedError extends Error {
	constructor() {
		super('the statement entry was resolved meanwhile')
	}
}

/** Imports the credits of one statement file for `actor` (the owner). */
export async function importStatement(
	db: Db,
	statement: { format: string; credits: readonly StatementCredit[] },
	actor: string,
): Promise<ImportSummary> {
	const summary: ImportSummary = {
		format: statement.format,
		read: statement.credits.length,
		alreadyImported: 0,
		paid: 0,
		partlyPaid: 0,
		unmatched: 0,
	}
	const identities = identitiesOf(statement.credits)
	for (const [index, credit] of statement.credits.entries()) {
		const match = await matchCredit(db, credit)
		const { bankRef: _, ...fields } = credit
		const [entry] = await db
			.insert(bankStatementEntries)
			.values({ id: newPublicId(), identity: identities[index] ?? '', ...fields, ...match })
			.onConflictDoNothing({ target: bankStatementEntries.identity })
			.returning({ id: bankStatementEntries.id })
		if (!entry) {
			summary.alreadyImported++
			continue
		}
		if (match.reason !== null) {
			summary.unmatched++
			continue
		}
		const received = await recordTransferReceived(
			db,
			match.orderId,
			{ amountMinor: credit.amountMinor, receivedOn: credit.bookedOn, actor },
			markEntry(entry.id, match.orderId, 'matched', actor),
		).catch((error: unknown) => {
			// The owner resolved the entry between its insert and now: theirs stands.
			if (error instanceof EntryResolvedError) return null
			throw error
		})
		if (!received) continue
		if ('refused' in received) {
			summary.unmatched++
			await db
				.update(bankStatementEntries)
				.set({ reason: received.refused })
				.where(eq(bankStatementEntries.id, entry.id))
		} else if (received.status === 'paid') summary.paid++
		else summary.partlyPaid++
	}
	await recordOwnerAction(db, {
		actor,
		action: 'bank-statement-imported',
		target: statement.format,
		after: summary,
	})
	return summary
}
