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
 * - and the address's mailbox is suppressed, so nothing is ever mailed to it again unless they
 *   resubscribe themselves.
 * Orders are kept, with the buyer's name and e-mail, their passes and the e-mails about them
 * (receipts, refunds, pass links): bookkeeping law requires them (Art. 17(3)(b)). The audit line
 * names the lead's number and what was erased, never the address.
 */
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { bulkSendRecipients, bulkSends } from '~/db/schema-bulk.server'
import { leads, outbox, surveyResponses } from '~/db/schema-leads.server'
import { TRANSACTIONAL_KINDS } from '~/integrations/email/kinds'
import { unsubscribe } from '~/models/email-preferences.server'
import { recordOwnerAction } from './audit.server'
import type { ActionOutcome } from './order-actions.server'

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
					or(isNull(outbox.kind), notInArray(outbox.kind, TRANSACTIONAL_KINDS)),
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
			message: `Lead ${leadId} is erased: ${signUps.length} sign-up${signUps.length === 1 ? '' : 's'}, ${answers.length} survey answer${answers.length === 1 ? '' : 's'} and ${emails.length} e-mail${emails.length === 1 ? '' : 's'}. Orders are kept.`,
		}
	})
}
