/**
 * E-mail: `sendEmail` (an outbox row, and its delivery queued when SMTP is configured), the
 * queue's delivery job, `retryEmail` for a failed delivery, and the message templates.
 */

export { emailDeliveryJob, outboxMessage } from './deliver.server'
export type { QueuedEmail } from './send.server'
export { listOutbox, retryEmail, sendEmail } from './send.server'
export * as templates from './templates'
export { dayEventConfirmationIn, eventTemplatesIn } from './templates-leads.de'
