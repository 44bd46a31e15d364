/**
 * The owner erases a lead (docs/decisions/109): the person's right to erasure (GDPR Art. 17),
 * for everything we hold because they signed up. Erasing one lead erases the address everywhere
 * outside the orders, in one transaction with its audit line:
 * - every sign-up of the address (all lists): the address becomes a tombstone, names, avatar,
 *   referral URL and attribution are cleared; the rows stay, so the sign-up counts (and a
 *   partner's, whose key is the partner's, not the person's) stay true;
 * - their survey answers: the address and the free texts (the rating alone stays);
 * - the e-mails sent to them but those about an order: address, bodies, attachments and links
 *   gone, a delivery still waiting given up;
 * - on the owner's messages, the recipient's address (one not yet sent is passed over);
 * - their place on the waiting list: the address becomes a tombstone and the entry is removed;
 * - orders never paid (a checkout left open, a waiting-list offer): the address, name, billing
 *   details and the reminder's address go, and a hold still running ends now, as if it expired;
 * - any order's checkout reminder address; a seat or pass they claimed or were sent (the holder's
 *   address and name, the address it was sent to: a holder is not the buyer, whom the invoice
 *   names), the claim itself staying so the seat is not offered again;
 * - their attendance of events and their certificates of attendance (decision 172);
 * - a gift bought for them: its recipient address, name and message (decision 166);
 * - and the address's mailbox is suppressed, so nothing is ever mailed to it again unless they
 *   resubscribe themselves.
 * Paid and refunded orders are kept, with the buyer's name and e-mail, their passes and the
 * e-mails about them (receipts, refunds, pass links): bookkeeping law requires them (Art.
 * 17(3)(b)); invoices keep the buyer as issued (docs/decisions/132 lists every column holding an
 * address, and tests/integration/erase-everywhere.test.ts reads the schema to hold it to that).
 * The audit line names the lead's number and what was erased, never the address.
 */

import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { orders, passes, refundedPasses, waitlistEntries } from '~/db/schema.server'
import { bulkSendRecipients, bulkSends } from '~/db/schema-bulk.server'
import { certificates, eventAttendance } from '~/db/schema-certificates.server'
import { gifts } from '~/db/schema-gifts.server'
import { leads, outbox, surveyResponses } from '~/db/schema-leads.server'
import { TRANSACTIONAL_KINDS } from '~/domain/email-kinds'
import { countOf } from '~/domain/words'
import { recordOwnerAction } from '~/models/audit/audit.server'
import type { ActionOutcome } from '~/models/checkout/order-actions.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import { unsubscribe } from '~/models/preferences/preferences.server'

/** What stands in for an erased address: `.invalid` never resolves (RFC 2606), so it is never mailed. */
const tombstone = (id: number | string) => `erased-${id}@erased.invalid`

export async function eraseLead(
	db: Db,
	actor: { name: string },
	leadId: number,
): Promise<ActionOutcome> {
	return db.transaction(async (tx) => {
		const [lead] = await tx
			.select({ email: leads.email })
			.from(leads)
			.where(and(eq(leads.id, leadId), isNull(leads.erasedAt)))
			.for('update')
		if (!lead) return { ok: false, message: 'There is no such lead, or it is erased already.' }
		const address = lead.email
		const signUps = await tx
			.update(leads)
			.set({
				email: sql`'erased-' || ${leads.id} || '@erased.invalid'`,
				firstName: null,
				lastName: null,
				avatarUrl: null,
				referralUrl: null,
				attribution: {},
				erasedAt: sql`now()`,
				updatedAt: sql`now()`,
			})
			.where(eq(leads.email, address))
			.returning({ list: leads.list })
		const answers = await tx
			.update(surveyResponses)
			.set({ email: tombstone(`survey-${leadId}`), helped: '', improve: '' })
			.where(eq(surveyResponses.email, address))
			.returning({ id: surveyResponses.id })
		const emails = await tx
			.update(outbox)
			.set({
				toAddress: tombstone(`mail-${leadId}`),
				textBody: '(erased)',
				htmlBody: null,
				attachments: null,
				listUnsubscribeUrl: null,
				failedAt: sql`coalesce(${outbox.failedAt}, CASE WHEN ${outbox.sentAt} IS NULL THEN now() END)`,
				lastError: sql`CASE WHEN ${outbox.sentAt} IS NULL AND ${outbox.failedAt} IS NULL THEN 'Erased before delivery' ELSE ${outbox.lastError} END`,
			})
			.where(
				and(
					eq(outbox.toAddress, address),
					// The e-mails about an order stay only for its buyer (decision 132): a seat holder's
					// are not bookkeeping.
					or(
						isNull(outbox.kind),
						notInArray(outbox.kind, TRANSACTIONAL_KINDS),
						sql`NOT EXISTS (SELECT 1 FROM orders WHERE orders.email = ${address} AND orders.status IN ('paid', 'refunded'))`,
					),
				),
			)
			.returning({ id: outbox.id })
		// On the owner's messages (not the course's access, which is about an order): the address
		// goes, and one still waiting for its turn is passed over (decision 119).
		await tx
			.update(bulkSendRecipients)
			.set({
				email: tombstone(`send-${leadId}`),
				name: null,
				status: sql`CASE WHEN ${bulkSendRecipients.status} = 'queued' THEN 'skipped' ELSE ${bulkSendRecipients.status} END`,
				doneAt: sql`coalesce(${bulkSendRecipients.doneAt}, now())`,
			})
			.where(
				and(
					eq(bulkSendRecipients.email, address),
					inArray(
						bulkSendRecipients.sendId,
						tx.select({ id: bulkSends.id }).from(bulkSends).where(eq(bulkSends.kind, 'message')),
					),
				),
			)
		// Decision 132: the places decision 109 forgot. The waiting list and the offers are not
		// bookkeeping: the entry goes, and its offer's hold ends as an unpaid checkout's would.
		await tx
			.update(waitlistEntries)
			.set({
				email: sql`'erased-waitlist-' || ${waitlistEntries.id} || '@erased.invalid'`,
				status: 'removed',
				updatedAt: sql`now()`,
			})
			.where(eq(waitlistEntries.email, address))
		await tx
			.update(orders)
			.set({
				email: sql`'erased-order-' || ${orders.id} || '@erased.invalid'`,
				customerName: null,
				billing: null,
				recoveryEmail: null,
				expiresAt: sql`least(${orders.expiresAt}, now())`,
				updatedAt: sql`now()`,
			})
			.where(and(eq(orders.email, address), notInArray(orders.status, ['paid', 'refunded'])))
		await tx
			.update(orders)
			.set({ recoveryEmail: null, updatedAt: sql`now()` })
			.where(eq(orders.recoveryEmail, address))
		await tx
			.update(passes)
			.set({
				holderEmail: sql`'erased-pass-' || ${passes.id} || '@erased.invalid'`,
				holderName: '(erased)',
			})
			.where(eq(passes.holderEmail, address))
		await tx.update(passes).set({ sentTo: null }).where(eq(passes.sentTo, address))
		// A seat they held that was refunded on its own: kept in the owner's records, not their address.
		await tx
			.update(refundedPasses)
			.set({
				holderEmail: sql`'erased-pass-' || ${refundedPasses.id} || '@erased.invalid'`,
				holderName: '(erased)',
			})
			.where(eq(refundedPasses.holderEmail, address))
		await tx.update(refundedPasses).set({ sentTo: null }).where(eq(refundedPasses.sentTo, address))
		// A gift bought for them (decision 166): the buyer's order keeps the gift, not their
		// address, name or the message to them.
		await tx
			.update(gifts)
			.set({
				recipientEmail: sql`'erased-gift-' || ${gifts.orderId} || '@erased.invalid'`,
				recipientName: '(erased)',
				message: '',
				updatedAt: sql`now()`,
			})
			.where(eq(gifts.recipientEmail, address))
		// Their attendance and certificates (decision 172): not bookkeeping; the certificate's
		// verification page then refuses it.
		const mailboxKey = mailboxOf(address).key
		await tx.delete(eventAttendance).where(eq(eventAttendance.mailboxKey, mailboxKey))
		await tx.delete(certificates).where(eq(certificates.mailboxKey, mailboxKey))
		await unsubscribe(tx, address, 'erased')
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: 'erase-lead',
			target: `lead:${leadId}`,
			after: {
				lists: signUps.map((row) => row.list).sort(),
				surveyAnswers: answers.length,
				emails: emails.length,
			},
		})
		return {
			ok: true,
			message: `Lead ${leadId} is erased: ${countOf(signUps.length, { one: 'sign-up', other: 'sign-ups' })}, ${countOf(answers.length, { one: 'survey answer', other: 'survey answers' })} and ${countOf(emails.length, { one: 'e-mail', other: 'e-mails' })}. Orders are kept.`,
		}
	})
}
