/**
 * Sign-up confirmations within their hourly limits (docs/decisions/103): per mailbox, per
 * recipient domain, and site-wide. A stranger can type anyone's address into a form, and with
 * `+tags` as many addresses as they like: without a limit per mailbox, the form is a way to
 * flood a third party's inbox with our mail. The counts are the outbox's confirmation rows of
 * the last hour, read under one advisory lock, so they hold across app servers and requests.
 */
import { sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { type EmailMessage, sendEmail } from '~/integrations/email/send.server'
import { log } from '~/log.server'
import { redactEmails } from '~/utils/redact'
import { rowsOf } from './checkout/query.server'
import { mailboxOf } from './mailbox.server'

// pg_advisory_xact_lock's key for "deciding whether a confirmation may go out" ('conf' in ASCII).
const CONFIRMATION_LOCK_KEY = 0x636f6e66

/**
 * Writes the confirmation to the outbox when the limits allow; false when one is reached (the
 * caller answers the visitor as usual: the limit reveals nothing about the address).
 */
export async function sendConfirmation(db: Db, message: EmailMessage): Promise<boolean> {
	const config = getConfig()
	const mailbox = mailboxOf(message.to)
	return db.transaction(async (tx) => {
		// One decision at a time: two app servers never both take the last place in a limit.
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${CONFIRMATION_LOCK_KEY})`)
		const hourAgo = sql`now() - interval '1 hour'`
		const result = await tx.execute(sql`SELECT
			(SELECT count(*) FROM outbox WHERE mailbox_key = ${mailbox.key} AND created_at > ${hourAgo})::int AS mailbox,
			(SELECT count(*) FROM outbox WHERE mailbox_domain = ${mailbox.domain} AND created_at > ${hourAgo})::int AS domain,
			(SELECT count(*) FROM outbox WHERE mailbox_key IS NOT NULL AND created_at > ${hourAgo})::int AS site`)
		const [row] = rowsOf(result)
		const counts = {
			mailbox: Number(row?.mailbox),
			domain: Number(row?.domain),
			site: Number(row?.site),
		}
		const reached =
			counts.mailbox >= config.CONFIRMATIONS_PER_MAILBOX_PER_HOUR
				? 'the mailbox'
				: counts.domain >= config.CONFIRMATIONS_PER_DOMAIN_PER_HOUR
					? `the domain ${mailbox.domain}`
					: counts.site >= config.CONFIRMATIONS_PER_HOUR
						? 'the site'
						: null
		if (reached) {
			log.warn(
				`Confirmation to ${redactEmails(message.to)} not sent: the hourly limit of ${reached} is reached`,
			)
			return false
		}
		await sendEmail(tx, { ...message, mailbox })
		return true
	})
}
