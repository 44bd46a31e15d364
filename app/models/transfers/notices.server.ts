/**
 * A bank transfer's messages (docs/decisions/163): its instructions with the invoice, right after
 * the buyer chose it; one reminder before the due date while nothing has arrived; and, once the
 * due date passed unpaid, the cancellation with the credit note. Each goes once, claimed on its
 * `bank_transfers` column in the transaction that writes its outbox row, after the documents it
 * quotes are numbered (numbering never runs inside a transaction, decision 115).
 */
import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { catalogItems, orders } from '~/db/schema.server'
import { bankTransfers } from '~/db/schema-transfers.server'
import { formatDay } from '~/domain/dates'
import { inGroupsOfFour } from '~/domain/transfers/reference'
import { pluralWord, unitsOf } from '~/domain/words'
import { orderTemplates, sendEmail } from '~/integrations/email/index.server'
import type { TransferData } from '~/integrations/email/templates'
import { type JobDefinition, PermanentJobError } from '~/jobs/run.server'
import { TRANSFER_CANCELLED_JOB } from '~/models/checkout/transfer-cancel.server'
import { invoiceAttachment } from '~/models/invoices/attachment.server'
import { numberOrderDocuments } from '~/models/invoices/numbering.server'
import { invoiceOfOrder, invoicePath } from '~/models/invoices/query.server'
import { createLinkToken } from '~/models/links/signed-token.server'
import { siteOrigin } from '~/site-origin.server'

export const INSTRUCTIONS_JOB = 'transfers.instructions'
export const REMINDER_JOB = 'transfers.reminder'

/** The transfer page with the buyer's signed order key: the same details on any device. */
function transferPageUrl(orderId: string): string {
	const key = createLinkToken(
		{ purpose: 'order', subject: orderId, expiresAt: 'never' },
		getConfig().SESSION_SECRET,
	)
	return `${siteOrigin()}/checkout/${orderId}/transfer?key=${encodeURIComponent(key)}`
}

type Loaded = {
	order: typeof orders.$inferSelect
	transfer: typeof bankTransfers.$inferSelect
	data: TransferData
	invoice: NonNullable<Awaited<ReturnType<typeof invoiceOfOrder>>>
}

/** The order, its transfer and what its messages show, once its invoice is numbered. */
async function loadTransfer(
	db: Db,
	orderId: string,
	unsent: SQL | undefined,
): Promise<Loaded | null> {
	await numberOrderDocuments(db, orderId)
	const [row] = await db
		.select({
			order: orders,
			transfer: bankTransfers,
			itemName: catalogItems.name,
			itemType: catalogItems.type,
		})
		.from(bankTransfers)
		.innerJoin(orders, eq(orders.id, bankTransfers.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(and(eq(bankTransfers.orderId, orderId), isNotNull(orders.email), unsent))
	const invoice = row ? await invoiceOfOrder(db, orderId) : null
	const due = invoice?.data.due
	if (!row || !invoice?.number || !due) return null
	const { order, transfer } = row
	return {
		order,
		transfer,
		invoice,
		data: {
			orderId,
			customerName: order.customerName,
			what: `${order.quantity} × ${row.itemName}`,
			currency: order.currency,
			totalMinor: order.amountMinor - transfer.receivedMinor,
			holder: due.holder,
			iban: inGroupsOfFour(due.iban),
			bic: due.bic,
			reference: inGroupsOfFour(due.reference),
			// In the buyer's language (decision 174), as the e-mail that shows them.
			dueDay: formatDay(due.day, order.locale),
			invoice: { number: invoice.data.number, url: `${siteOrigin()}${invoicePath(invoice.id)}` },
			pageUrl: transferPageUrl(orderId),
			units: pluralWord(order.quantity, unitsOf(row.itemType)),
			quantity: order.quantity,
			testAccount: invoice.data.testMode,
		},
	}
}

/** The instructions, once: right after the choice, or by the job should the server stop. */
export async function sendInstructions(db: Db, orderId: string): Promise<boolean> {
	const unsent = isNull(bankTransfers.instructionsSentAt)
	const loaded = await loadTransfer(db, orderId, unsent)
	if (!loaded?.order.email) return false
	const content = await orderTemplates(loaded.order.locale).transferInstructions(loaded.data)
	const attachment = await invoiceAttachment(loaded.invoice)
	return db.transaction(async (tx) => {
		const [claimed] = await tx
			.update(bankTransfers)
			.set({ instructionsSentAt: new Date() })
			.where(and(eq(bankTransfers.orderId, orderId), unsent))
			.returning()
		if (!claimed) return false
		await sendEmail(tx, { to: loaded.order.email!, ...content, attachments: [attachment] })
		return true
	})
}

/** The reminder, once, while the order still waits for its money. */
async function sendReminder(db: Db, orderId: string): Promise<boolean> {
	const unsent = and(
		isNull(bankTransfers.remindedAt),
		isNull(bankTransfers.cancelledAt),
		eq(orders.status, 'pending'),
	)
	const loaded = await loadTransfer(db, orderId, unsent)
	if (!loaded?.order.email) return false
	const content = await orderTemplates(loaded.order.locale).transferReminder(loaded.data)
	return db.transaction(async (tx) => {
		const [claimed] = await tx
			.update(bankTransfers)
			.set({ remindedAt: new Date() })
			.where(and(eq(bankTransfers.orderId, orderId), isNull(bankTransfers.remindedAt)))
			.returning()
		if (!claimed) return false
		// The reminder is worth nothing once the due date has passed.
		await sendEmail(tx, { to: loaded.order.email!, ...content, notAfter: loaded.transfer.dueAt })
		return true
	})
}

/** The cancellation notice, once, after the credit note is numbered. */
async function sendCancellation(db: Db, orderId: string): Promise<boolean> {
	const unsent = and(isNotNull(bankTransfers.cancelledAt), isNull(bankTransfers.cancelNoticeSentAt))
	const loaded = await loadTransfer(db, orderId, unsent)
	if (!loaded?.order.email) return false
	const note = await invoiceOfOrder(db, orderId, 'credit_note')
	const content = await orderTemplates(loaded.order.locale).transferCancelled({
		orderId,
		customerName: loaded.order.customerName,
		what: loaded.data.what,
		units: loaded.data.units,
		quantity: loaded.data.quantity,
		dueDay: loaded.data.dueDay,
		invoiceNumber: loaded.invoice.data.number,
		creditNote: note?.number
			? { number: note.data.number, url: `${siteOrigin()}${invoicePath(note.id)}` }
			: null,
		siteUrl: siteOrigin(),
		testAccount: loaded.data.testAccount,
	})
	return db.transaction(async (tx) => {
		const [claimed] = await tx
			.update(bankTransfers)
			.set({ cancelNoticeSentAt: new Date() })
			.where(and(eq(bankTransfers.orderId, orderId), isNull(bankTransfers.cancelNoticeSentAt)))
			.returning()
		if (!claimed) return false
		await sendEmail(tx, { to: loaded.order.email!, ...content })
		return true
	})
}

const orderJob = (kind: string, run: (orderId: string) => Promise<unknown>): JobDefinition => ({
	kind,
	run: async (payload) => {
		if (typeof payload.orderId !== 'string') throw new PermanentJobError('no order')
		await run(payload.orderId)
	},
})

export function transferNoticeJobs(db: Db): JobDefinition[] {
	return [
		orderJob(INSTRUCTIONS_JOB, (id) => sendInstructions(db, id)),
		orderJob(REMINDER_JOB, (id) => sendReminder(db, id)),
		orderJob(TRANSFER_CANCELLED_JOB, (id) => sendCancellation(db, id)),
	]
}
