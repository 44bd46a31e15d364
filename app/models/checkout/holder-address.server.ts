/**
 * Correcting a claimed holder's address (issue 36, item 13c; docs/decisions/157): the owner, on
 * the order's page, gives a claimed pass or course seat its holder's right e-mail address. The
 * pass's e-mails follow its `holder_email` (reminders with the joining link, change notices, the
 * course's access), so from the change on they go to the new address; the new holder gets the
 * claim's confirmation again (what it is for, the date and the calendar file with their own
 * signed joining link), and the old address a short notice that never names the new one. The
 * change, its audit line and both messages commit together (docs/decisions/101).
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { MESSAGES } from '~/forms/messages'
import { orderTemplates, sendEmail } from '~/integrations/email/index.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { mailboxOf } from '~/models/preferences/mailbox.server'
import { orderKindOf, passClaimedMessage } from './notices.server'

import type { PartOutcome } from './order-actions.server'

/** Gives claimed pass `passId` of paid order `orderId` the holder address `email` (folded). */
export async function changeHolderAddress(
	db: Db,
	actor: { name: string },
	input: { orderId: string; passId: string; email: string; origin: string },
): Promise<PartOutcome> {
	const where = and(
		eq(passes.id, input.passId),
		eq(passes.orderId, input.orderId),
		isNotNull(passes.claimedAt),
	)
	const [pass] = await db
		.select({
			holderName: passes.holderName,
			holderEmail: passes.holderEmail,
			itemName: catalogItems.name,
			itemType: catalogItems.type,
			locale: passes.locale,
		})
		.from(passes)
		.innerJoin(orders, eq(orders.id, passes.orderId))
		.innerJoin(catalogItems, eq(catalogItems.code, passes.itemCode))
		.where(and(where, eq(orders.status, 'paid')))
	if (!pass?.holderEmail) return { ok: false, message: MESSAGES.holderNotClaimed }
	if (mailboxOf(pass.holderEmail).key === mailboxOf(input.email).key)
		return { ok: false, message: MESSAGES.holderEmailSame, field: 'email' }
	// Rendered before the transaction, so no lock is held while a template renders (decision 101).
	const welcome = await passClaimedMessage(
		{ id: input.passId, ...pass, holderName: pass.holderName ?? '', holderEmail: input.email },
		input.origin,
		false,
		pass.locale,
	)
	const kind = orderKindOf(pass.itemType)
	// Both in the language the pass was claimed in (decision 177).
	const notice = await orderTemplates(pass.locale).holderAddressChanged({
		itemName: pass.itemName,
		kind,
	})
	const changed = await db.transaction(async (tx) => {
		const [row] = await tx
			.update(passes)
			.set({ holderEmail: input.email })
			// The address it had when the page was read: a change meanwhile is not overwritten.
			.where(
				and(
					where,
					eq(passes.holderEmail, pass.holderEmail!),
					sql`exists (select 1 from ${orders}
				where ${orders.id} = ${passes.orderId} and ${orders.status} = 'paid')`,
				),
			)
			.returning({ id: passes.id })
		if (!row) return false
		await recordOwnerAction(tx, {
			actor: actor.name,
			action: 'change-holder-address',
			target: `order:${input.orderId}`,
			before: { passId: input.passId, holderEmail: pass.holderEmail },
			after: { passId: input.passId, holderEmail: input.email },
		})
		await sendEmail(tx, welcome)
		await sendEmail(tx, { to: pass.holderEmail!, ...notice })
		return true
	})
	if (!changed) return { ok: false, message: MESSAGES.holderNotClaimed }
	const unit = kind === 'course' ? 'seat' : 'pass'
	return { ok: true, message: `The ${unit}'s holder address is now ${input.email}.` }
}
