/**
 * E-mail: `sendEmail` (an outbox row, and its delivery queued when SMTP is configured), the
 * queue's delivery job, `retryEmail` for a failed delivery, and the message templates.
 */
import type { Locale } from '~/domain/locale'
import * as englishTemplates from './templates'
import * as germanGift from './templates-gift.de'
import * as germanMoney from './templates-money.de'
import * as german from './templates-orders.de'

export { emailDeliveryJob, outboxMessage } from './deliver.server'
export type { QueuedEmail } from './send.server'
export { listOutbox, retryEmail, sendEmail } from './send.server'
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
	},
}

/**
 * The templates of a buyer's e-mails in the order's language (decision 174): the German ones
 * where templates-orders.de.tsx has them, the English ones elsewhere.
 */
export function orderTemplates(locale: Locale): typeof englishTemplates {
	return ORDER_TEMPLATES[locale]
}
export { dayEventConfirmationIn, eventTemplatesIn } from './templates-leads.de'
export { waitlistTemplatesIn } from './templates-waitlist.de'
