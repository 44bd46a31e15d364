/**
 * The owner's command on one order, parsed by the form pipeline, handed to the checkout's order
 * actions (docs/decisions/082): refund all, one pass or an amount, resend the receipt, reassign
 * an unclaimed pass, correct a claimed holder's address.
 */
import type { Db } from '~/db/client.server'
import { foldEmail } from '~/domain/email-address'
import type { FormValue } from '~/forms/registry'
import type { Owner } from '~/http/owner.server'
import { changeHolderAddress } from '~/models/checkout/holder-address.server'
import {
	type PartOutcome,
	reassignPass,
	refundOrder,
	refundOrderPart,
	resendOrderReceipt,
} from '~/models/checkout/order-actions.server'

export function runOrderCommand(
	db: Db,
	owner: Owner,
	orderId: string,
	command: FormValue<'adminOrderAction'>,
	origin: string,
): Promise<PartOutcome> {
	switch (command.intent) {
		case 'refund':
			return refundOrder(db, owner, orderId)
		case 'refund-pass':
			return refundOrderPart(db, owner, { orderId, passId: command.passId })
		case 'refund-amount':
			return refundOrderPart(db, owner, { orderId, amount: command.amount, key: command.key })
		case 'resend-receipt':
			return resendOrderReceipt(db, owner, orderId)
		case 'reassign-pass':
			return reassignPass(db, owner, {
				orderId,
				passId: command.passId,
				email: foldEmail(command.email),
				origin,
			})
		case 'change-holder':
			return changeHolderAddress(db, owner, {
				orderId,
				passId: command.passId,
				email: foldEmail(command.email),
				origin,
			})
	}
}
