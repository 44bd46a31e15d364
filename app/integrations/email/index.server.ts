/**
 * E-mail: `sendEmail` (an outbox row, and its delivery queued when SMTP is configured), the
 * queue's delivery job, `retryEmail` for a failed delivery, and the message templates.
 */

export type { QueuedEmail } from './send.server'
export {
	emailDeliveryJob,
	listOutbox,
	outboxMessage,
	retryEmail,
	sendEmail,
} from './send.server'
export * as templates from './templates'
