/**
 * Paying a checkout by bank transfer against an invoice (issue 37 item 1, docs/decisions/163).
 * The buyer's pending order, still holding its seats, becomes a transfer: its card session is
 * ended first (so it cannot be paid twice), then in one transaction the order's provider becomes
 * `transfer`, its session id the payment reference and its reservation the due date, and its
 * invoice is issued marked due. The seats stay in the seat accounting as every pending order's
 * do (decision 031), within the buyer's hold allowance (033), and a buyer may have at most
 * BANK_TRANSFER_SEATS_PER_BUYER seats waiting for transfers. No pass exists before the money.
 */
import crypto from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { rowsOf, type Tx } from '~/db/query.server'
import { orders, waitlistEntries } from '~/db/schema.server'
import { bankTransfers } from '~/db/schema-transfers.server'
import type { Billing } from '~/domain/invoices/types'
import { reminderTime } from '~/domain/transfers/due'
import { creditorReference } from '~/domain/transfers/reference'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { enqueue } from '~/jobs/queue.server'
import { log } from '~/log.server'
import { issueInvoice } from '~/models/invoices/issue.server'
import { INSTRUCTIONS_JOB, REMINDER_JOB, sendInstructions } from './notices.server'
import { type BankAccount, bankTransferAccount } from './settings.server'
import { transferDueDate } from './starts.server'

export type TransferBuyer = { email: string; name: string | null; billing: Billing }

/** Why a checkout could not become a transfer: each has its own words on the page. */
export type TransferRefusal = 'off' | 'not-pending' | 'offer' | 'too-many-seats'

/** The transfer page of order `id`: where the buyer reads what to pay and how. */
export const transferPath = (id: string) => `/checkout/${id}/transfer`

/** 14 random digits: easy to type from a printed invoice, and 10^14 of them. */
function newReferenceBody(): string {
	return Array.from(crypto.randomBytes(14), (byte) => String(byte % 10)).join('')
}

/**
 * Turns the pending order `orderId` into a bank transfer for `buyer`; its refusal otherwise,
 * with nothing changed. `buyerKey`: the order's hold key, whose transfers the limit counts.
 */
export async function payByTransfer(
	db: Db,
	orderId: string,
	buyer: TransferBuyer,
	origin: string,
): Promise<{ ok: true } | { refused: TransferRefusal }> {
	const account = bankTransferAccount()
	if (!account) return { refused: 'off' }
	const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
	const provider = getPaymentProvider()
	if (order?.status !== 'pending' || order.provider !== provider.id)
		return { refused: 'not-pending' }
	// A waiting-list offer is held for a day, for its person, then passed on (decision 120).
	const [offer] = await db
		.select({ id: waitlistEntries.id })
		.from(waitlistEntries)
		.where(eq(waitlistEntries.offerOrderId, orderId))
	if (offer) return { refused: 'offer' }
	// The card page can no longer be paid once the order waits for a transfer.
	if (order.providerSessionId && provider.expireSession) {
		try {
			await provider.expireSession(order.providerSessionId)
		} catch (error) {
			// Paid or ended there meanwhile: the processing page verifies which.
			log.warn(
				`Checkout ${orderId}: the card session could not be ended: ${(error as Error).message}`,
			)
			return { refused: 'not-pending' }
		}
	}
	const converted = await convert(db, order, buyer, account, origin)
	if ('ok' in converted) await sendInstructions(db, orderId)
	return converted
}

type Order = typeof orders.$inferSelect

async function convert(
	db: Db,
	order: Order,
	buyer: TransferBuyer,
	account: BankAccount,
	origin: string,
): Promise<{ ok: true } | { refused: TransferRefusal }> {
	return db.transaction(async (tx) => {
		// One buyer's transfers are counted one at a time, on every app server.
		await tx.execute(
			sql`SELECT pg_advisory_xact_lock(hashtext(${`transfer:${order.holdKey ?? buyer.email}`}))`,
		)
		const [locked] = await tx
			.select()
			.from(orders)
			.where(
				and(
					eq(orders.id, order.id),
					eq(orders.status, 'pending'),
					gt(orders.expiresAt, sql`now()`),
				),
			)
			.for('update')
		if (!locked || locked.provider !== order.provider) return { refused: 'not-pending' as const }
		const waiting = await seatsWaitingFor(tx, locked.holdKey, buyer.email)
		if (waiting + locked.quantity > account.seatsPerBuyer)
			return { refused: 'too-many-seats' as const }

		const now = new Date()
		const due = await transferDueDate(tx, locked.itemCode, account.days, now)
		const reference = creditorReference(newReferenceBody())
		const [updated] = await tx
			.update(orders)
			.set({
				provider: 'transfer',
				providerSessionId: reference,
				link: `${origin}${transferPath(order.id)}`,
				expiresAt: due.endsAt,
				email: buyer.email,
				customerName: buyer.name,
				billing: buyer.billing,
				updatedAt: now,
			})
			.where(eq(orders.id, order.id))
			.returning()
		await tx.insert(bankTransfers).values({ orderId: order.id, reference, dueAt: due.endsAt })
		await issueInvoice(tx, updated!, {
			day: due.day,
			reference,
			holder: account.holder,
			iban: account.iban,
			bic: account.bic,
		})
		// The instructions go right after the commit, once the invoice has its number; this job
		// sends them should this server stop in between (decision 115's rule for the receipt).
		await enqueue(
			tx,
			INSTRUCTIONS_JOB,
			{ orderId: order.id },
			{
				runAt: new Date(now.getTime() + 30_000),
				dedupeKey: `transfer-instructions:${order.id}`,
			},
		)
		const remindAt = reminderTime(now, due.endsAt)
		if (remindAt)
			await enqueue(
				tx,
				REMINDER_JOB,
				{ orderId: order.id },
				{
					runAt: remindAt,
					dedupeKey: `transfer-reminder:${order.id}`,
				},
			)
		return { ok: true as const }
	})
}

/** Seats in the buyer's open transfers: by their network (hold key) or their address. */
async function seatsWaitingFor(tx: Tx, holdKey: string | null, email: string): Promise<number> {
	const result = await tx.execute(sql`
		SELECT coalesce(sum(o.quantity), 0)::int AS seats FROM orders o
		WHERE o.provider = 'transfer' AND o.status = 'pending' AND o.expires_at > now()
			AND (o.hold_key = ${holdKey} OR lower(o.email) = lower(${email}))`)
	return Number(rowsOf(result)[0]?.seats ?? 0)
}
