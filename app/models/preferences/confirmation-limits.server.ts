/**
 * Sign-up confirmations within their hourly limits (docs/decisions/103): per mailbox, per
 * recipient domain, and site-wide. A stranger can type anyone's address into a form, and with
 * `+tags` as many addresses as they like: without a limit per mailbox, the form is a way to
 * flood a third party's inbox with our mail. The counts are the outbox's confirmation rows of
 * the last hour, read under one advisory lock, so they hold across app servers and requests; a
 * lead's `confirmation_sent_at` says whether its confirmation went out (once, or again later).
 */
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { leads } from '~/db/schema-leads.server'
import type { LeadList } from '~/forms/names'
import { type EmailMessage, sendEmail } from '~/integrations/email/send.server'
import { log } from '~/log.server'
import { redactEmails } from '~/utils/redact'
import { mailboxOf } from './mailbox.server'

/**
 * Signing up again re-sends the day-event confirmation at most this often per address: often
 * enough for someone whose first mail went astray, too seldom to flood anyone's inbox through
 * the form (the rate limit is per sender address, not per recipient).
 */
export const CONFIRMATION_RESEND_MINUTES = 5

/**
 * Whether this sign-up may send its confirmation now: one conditional UPDATE of
 * `confirmation_sent_at`, committed with the outbox row, so two app servers (or two requests)
 * never both send. A workshop or course lead gets its confirmation once, whenever it was never
 * written; an unconfirmed day-event lead, and a workshop lead whose place waits for its link
 * (docs/decisions/131), gets a fresh link at most once per CONFIRMATION_RESEND_MINUTES.
 */
async function claimConfirmationSend(db: Db, email: string, list: LeadList): Promise<boolean> {
	const resendAfter = lte(
		leads.confirmationSentAt,
		sql`now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES})`,
	)
	const due =
		list === 'day_event'
			? and(isNull(leads.confirmedAt), or(isNull(leads.confirmationSentAt), resendAfter))
			: list === 'workshop'
				? or(
						isNull(leads.confirmationSentAt),
						and(isNotNull(leads.placeExpiresAt), isNull(leads.confirmedAt), resendAfter),
					)
				: isNull(leads.confirmationSentAt)
	const claimed = await db
		.update(leads)
		.set({ confirmationSentAt: sql`now()` })
		.where(and(eq(leads.email, email), eq(leads.list, list), due))
		.returning({ id: leads.id })
	return claimed.length > 0
}

/**
 * Undoes a claim whose confirmation a limit held back. A claim is taken only when nothing was
 * sent or the last send is old enough to send again, so "never sent" is what it was.
 */
async function releaseConfirmationClaim(db: Db, email: string, list: LeadList): Promise<void> {
	await db
		.update(leads)
		.set({ confirmationSentAt: null })
		.where(and(eq(leads.email, email), eq(leads.list, list)))
}

/**
 * A sign-up's confirmation (`message.to` normalised), sent when it is due and within the limits.
 * One a limit held back is not marked sent: signing up again once the limit allows sends it.
 */
export async function sendConfirmationOnce(
	db: Db,
	list: LeadList,
	message: EmailMessage,
): Promise<void> {
	if (!(await claimConfirmationSend(db, message.to, list))) return
	if (!(await sendConfirmation(db, message))) await releaseConfirmationClaim(db, message.to, list)
}

/**
 * A message that answers a sign-up without being its confirmation (a workshop move offer,
 * docs/decisions/131), counted with the confirmations and within the same limits; false when one
 * is reached.
 */
export function sendWithinLimits(db: Db, message: EmailMessage): Promise<boolean> {
	return sendConfirmation(db, message)
}

// pg_advisory_xact_lock's key for "deciding whether a confirmation may go out" ('conf' in ASCII).
const CONFIRMATION_LOCK_KEY = 0x636f6e66

/**
 * Writes the confirmation to the outbox when the limits allow; false when one is reached (the
 * caller answers the visitor as usual: the limit reveals nothing about the address).
 */
async function sendConfirmation(db: Db, message: EmailMessage): Promise<boolean> {
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
