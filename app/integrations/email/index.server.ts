/** E-mail: `sendEmail` (SMTP or the outbox) and the message templates. */
export {
	type EmailMessage,
	type EmailOptions,
	listOutbox,
	type SentEmail,
	sendEmail,
} from './send.server'
export type { EmailContent, ReceiptData, ReceiptLine } from './templates'
export * as templates from './templates'
