/**
 * E-mail: `sendEmail` (an outbox row, and its delivery queued when SMTP is configured), the
 * queue's delivery job, `retryEmail` for a failed delivery, and the message templates.
 */
import type { Locale } from '~/domain/locale'
import * as englishTemplates from './templates'
import * as germanGift from './templates-gift.de'
import * as germanMoney from './templates-money.de'
import * as german from './templates-orders.de'
import * as germanPasses from './templates-passes.de'
import * as germanPayments from './templates-payments.de'
import * as germanSeats from './templates-seats.de'

export { emailDeliveryJob, outboxMessage } from './deliver.server'
export type { QueuedEmail } from './send.server'
export { listOutbox, retryEmail, sendEmail, sendEmailOnClaim } from './send.server'
export * as templates from './templates'

const ORDER_TEMPLATES: Record<Locale, typeof englishTemplates> = {
	'en-US': englishTemplates,
	// Each German one named, so a template written but never used shows (knip).
	'de-DE': {
		...englishTemplates,
		receipt: german.receipt,
		passClaimed: german.passClaimed,
		checkoutRecovery: german.checkoutRecovery,
		giftDelivered: germanGift.giftDelivered,
		refundNotice: germanMoney.refundNotice,
		partialRefundNotice: germanMoney.partialRefundNotice,
		transferInstructions: germanMoney.transferInstructions,
		transferReminder: germanMoney.transferReminder,
		transferCancelled: germanMoney.transferCancelled,
		passAssigned: germanPasses.passAssigned,
		passMovedAway: germanPasses.passMovedAway,
		passRefunded: germanPasses.passRefunded,
		holderAddressChanged: germanPasses.holderAddressChanged,
		lateRefund: germanPayments.lateRefund,
		paymentOnItsWay: germanPayments.paymentOnItsWay,
		delayedPaymentEnded: germanPayments.delayedPaymentEnded,
		upgradeCreditLink: germanPayments.upgradeCreditLink,
		courseAccess: germanSeats.courseAccess,
		seatHandOutReminder: germanSeats.seatHandOutReminder,
	},
}

/**
 * The templates of a buyer's e-mails in the order's language (decision 174), and a pass
 * holder's in the language the pass was claimed in (decision 177): the German ones where
 * templates-*.de.tsx have them, the English ones elsewhere.
 */
export function orderTemplates(locale: Locale): typeof englishTemplates {
	return ORDER_TEMPLATES[locale]
}
export { courseSignupConfirmationIn, workshopMoveOfferIn } from './templates-course.de'
export { dayEventConfirmationIn, eventTemplatesIn } from './templates-leads.de'
export { waitlistTemplatesIn } from './templates-waitlist.de'
