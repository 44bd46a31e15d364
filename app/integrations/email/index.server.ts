/** E-mail: `sendEmail` (SMTP or the outbox) and the message templates. */
export { listOutbox, sendEmail } from './send.server'
export * as templates from './templates'
