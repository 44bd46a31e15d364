/**
 * Outgoing e-mail (docs/decisions/060). With SMTP_URL, nodemailer hands each message to that
 * server; without it, the embedded default: the message is written to the `outbox` table and a
 * line is logged, so a fresh clone runs every flow and the operator can read what would be sent.
 * Either way each message gets an outbox row first, so nothing is lost when the server is down:
 * a row whose sent_at is empty was never delivered.
 */
import { desc, eq } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import { getConfig } from '~/config.server'
import { type Db, getDb } from '~/db/client.server'
import { outbox } from '~/db/schema-leads.server'
import { redactEmails } from '~/utils/redact'
import type { EmailAttachment } from './attachment'

export type EmailMessage = {
	to: string
	subject: string
	text: string
	html?: string
	attachments?: EmailAttachment[]
}

export type SentEmail = {
	/** The outbox row. */
	id: number
	transport: 'outbox' | 'smtp'
	/** The SMTP server's message id; null in the outbox. */
	messageId: string | null
}

export type EmailOptions = {
	db?: Db
	/** Default: SMTP_URL. null forces the outbox. */
	smtpUrl?: string | null
	/** Default: EMAIL_FROM. */
	from?: string
}

// One pooled transport per SMTP URL for the life of the process.
const transports = new Map<string, Transporter>()

function transportFor(url: string): Transporter {
	let transport = transports.get(url)
	if (!transport) {
		transport = nodemailer.createTransport({
			url,
			// A slow mail server must not hold a visitor's form submission for long.
			connectionTimeout: 10_000,
			greetingTimeout: 10_000,
			socketTimeout: 20_000,
		})
		transports.set(url, transport)
	}
	return transport
}

export async function sendEmail(
	message: EmailMessage,
	options: EmailOptions = {},
): Promise<SentEmail> {
	const db = options.db ?? (await getDb())
	const smtpUrl = options.smtpUrl === undefined ? getConfig().SMTP_URL : options.smtpUrl
	const from = options.from ?? getConfig().EMAIL_FROM
	const transport = smtpUrl ? 'smtp' : 'outbox'
	const [row] = await db
		.insert(outbox)
		.values({
			toAddress: message.to,
			fromAddress: from,
			subject: message.subject,
			textBody: message.text,
			htmlBody: message.html ?? null,
			attachments: message.attachments?.length ? message.attachments : null,
			transport,
		})
		.returning({ id: outbox.id })
	const id = row!.id
	if (!smtpUrl) {
		// The subject and a redacted address only: bodies carry sign-in and confirmation links,
		// and logs carry no addresses (docs/decisions/069).
		console.log(
			`E-mail #${id} to ${redactEmails(message.to)}: "${message.subject}" written to the outbox`,
		)
		return { id, transport, messageId: null }
	}
	const info = await transportFor(smtpUrl).sendMail({
		from,
		to: message.to,
		subject: message.subject,
		text: message.text,
		html: message.html,
		attachments: message.attachments,
	})
	const messageId = typeof info.messageId === 'string' ? info.messageId : null
	await db.update(outbox).set({ messageId, sentAt: new Date() }).where(eq(outbox.id, id))
	console.log(`E-mail #${id} to ${redactEmails(message.to)}: "${message.subject}" sent over SMTP`)
	return { id, transport, messageId }
}

/** The latest messages to `to` (newest first), for the pre-release outbox page and tests. */
export async function listOutbox(db: Db, to?: string, limit = 20) {
	const query = db.select().from(outbox)
	return (to ? query.where(eq(outbox.toAddress, to.trim().toLowerCase())) : query)
		.orderBy(desc(outbox.id))
		.limit(limit)
}
