/**
 * Outgoing e-mail (docs/decisions/060, 075, 076, 101). Every message gets an outbox row, written
 * in the transaction of the change that causes it. With SMTP_URL the row's delivery is a job,
 * enqueued in the same transaction, so the visitor never waits for the mail server and a message
 * is never lost when it is down: the worker hands the row to the server (smtp.server.ts, with
 * RFC 5321's timeouts), retrying with backoff for EMAIL_RETRY_HOURS, and records the server's
 * acceptance on the row before anything else can run it again. Without SMTP_URL (the embedded
 * default) the row is the delivery and a line is logged. Each message has a kind
 * (domain/email-kinds.ts); the kinds that carry one-click unsubscribe keep its URL on the row,
 * and go out with RFC 8058's headers (docs/decisions/109).
 */
import { and, desc, eq, is, isNotNull, isNull, SQL, sql } from 'drizzle-orm'
import { type PgColumn, type PgTable, PgTransaction } from 'drizzle-orm/pg-core'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { jobs } from '~/db/schema-jobs.server'
import { outbox } from '~/db/schema-leads.server'
import { foldEmail } from '~/domain/email-address'
import type { EmailAttachment } from '~/domain/email-attachment'
import { carriesUnsubscribe, type EmailKind } from '~/domain/email-kinds'
import { enqueue, wakeWorkersIn } from '~/jobs/queue.server'
import { log } from '~/log.server'
import { redactEmails } from '~/utils/redact'
import { EMAIL_DELIVERY_JOB } from './deliver.server'

export type EmailMessage = {
	to: string
	/** Its template's name, classified in domain/email-kinds.ts. */
	kind: EmailKind
	subject: string
	text: string
	html?: string
	attachments?: EmailAttachment[]
	/** RFC 8058's one-click unsubscribe URL: present exactly on the kinds that carry it. */
	listUnsubscribe?: string
	/** Worth nothing after this: delivery gives it up rather than send it late (a reminder). */
	notAfter?: Date
	/** A sign-up confirmation's folded mailbox: the rows its limits count (docs/decisions/103). */
	mailbox?: { key: string; domain: string }
}

export type QueuedEmail = {
	/** The outbox row. */
	id: number
	/** smtp: its delivery is queued; outbox: the row is all there is. */
	transport: 'outbox' | 'smtp'
}

type EmailOptions = {
	/** Default: SMTP_URL. null forces the outbox. */
	smtpUrl?: string | null
	/** Default: EMAIL_FROM. */
	from?: string
}

/** The message's outbox row, checked; how it goes out. */
function outboxRow(message: EmailMessage, options: EmailOptions) {
	const smtpUrl = options.smtpUrl === undefined ? getConfig().SMTP_URL : options.smtpUrl
	const transport: QueuedEmail['transport'] = smtpUrl ? 'smtp' : 'outbox'
	if (carriesUnsubscribe(message.kind) !== Boolean(message.listUnsubscribe))
		throw new Error(
			`A ${message.kind} e-mail ${message.listUnsubscribe ? 'carries no' : 'needs its'} List-Unsubscribe URL`,
		)
	const row = {
		toAddress: message.to,
		fromAddress: options.from ?? getConfig().EMAIL_FROM,
		subject: message.subject,
		textBody: message.text,
		htmlBody: message.html ?? null,
		attachments: message.attachments?.length ? message.attachments : null,
		transport,
		mailboxKey: message.mailbox?.key ?? null,
		mailboxDomain: message.mailbox?.domain ?? null,
		kind: message.kind,
		listUnsubscribeUrl: message.listUnsubscribe ?? null,
		notAfter: message.notAfter ?? null,
	} satisfies typeof outbox.$inferInsert
	return { row, transport }
}

/**
 * Writes the message to the outbox and, with SMTP, enqueues its delivery, both in one
 * transaction: the caller's, when `db` is one (the row then commits with the caller's change; no
 * savepoint, whose two round trips held the caller's connection longer: decision 162), else one
 * of their own. Returns once they are written: no SMTP here.
 */
export async function sendEmail(
	db: Db,
	message: EmailMessage,
	options: EmailOptions = {},
): Promise<QueuedEmail> {
	const { row, transport } = outboxRow(message, options)
	const write = async (tx: Db) => {
		const [written] = await tx.insert(outbox).values(row).returning({ id: outbox.id })
		if (transport === 'smtp')
			await enqueue(tx, EMAIL_DELIVERY_JOB, { outboxId: written!.id }, deliveryOptions())
		return written!.id
	}
	// One statement needs no transaction of its own.
	const id =
		db instanceof PgTransaction || transport === 'outbox'
			? await write(db)
			: await db.transaction(write)
	logQueued(id, message, transport)
	return { id, transport }
}

/**
 * Sends the message only under a claim, in ONE statement: `claim` is an UPDATE … RETURNING of
 * at most one row (a receipt's `receipt_sent_at`), and the outbox row and its delivery job are
 * written from what it returns. The claim and the message commit together or not at all, with
 * no transaction held open across round trips (issue 35 item 3: the receipt's transaction was
 * four of them, five with SMTP). null: nothing was claimed, nothing written.
 */
export async function sendEmailOnClaim(
	db: Db,
	claim: SQL,
	message: EmailMessage,
	options: EmailOptions = {},
): Promise<QueuedEmail | null> {
	const { row, transport } = outboxRow(message, options)
	const delivery = deliveryOptions()
	const job = {
		kind: EMAIL_DELIVERY_JOB,
		payload: sql`jsonb_build_object('outboxId', mail.id)`,
		runAt: sql`now()`,
		maxAttempts: delivery.maxAttempts,
		giveUpAt: delivery.giveUpAt,
	}
	const result = await db.execute(sql`
		WITH claimed AS (${claim}),
		mail AS (${insertSelect(outbox, row, sql`claimed`)} RETURNING id)
		${transport === 'smtp' ? sql`, delivery AS (${insertSelect(jobs, job, sql`mail`)})` : sql``}
		SELECT id FROM mail`)
	const [written] = (result as unknown as { rows: { id: number | string }[] }).rows
	if (!written) return null
	const id = Number(written.id)
	if (transport === 'smtp') wakeWorkersIn(0)
	logQueued(id, message, transport)
	return { id, transport }
}

/**
 * `INSERT INTO table (…) SELECT … FROM source`: the row's values, each cast to its column's type
 * (a parameter in a select list has none), or SQL as it is.
 */
function insertSelect<T extends PgTable>(
	table: T,
	row: Partial<Record<keyof T['_']['columns'], unknown>>,
	source: SQL,
): SQL {
	const columns = Object.entries(row).map(([key, value]) => {
		const column = (table as unknown as Record<string, PgColumn>)[key]!
		return {
			name: sql.identifier(column.name),
			value: is(value, SQL)
				? value
				: sql`CAST(${sql.param(value, column)} AS ${sql.raw(column.getSQLType())})`,
		}
	})
	return sql`INSERT INTO ${table} (${sql.join(
		columns.map((column) => column.name),
		sql`, `,
	)}) SELECT ${sql.join(
		columns.map((column) => column.value),
		sql`, `,
	)} FROM ${source}`
}

/** Retries are bounded by time (docs/decisions/076), not by count. */
function deliveryOptions() {
	const hours = getConfig().EMAIL_RETRY_HOURS
	return { maxAttempts: 1_000, giveUpAt: new Date(Date.now() + hours * 3_600_000) }
}

/**
 * The subject and a redacted address only: bodies carry sign-in and confirmation links, and
 * logs carry no addresses (docs/decisions/069).
 */
function logQueued(id: number, message: EmailMessage, transport: QueuedEmail['transport']) {
	log.info(
		`E-mail #${id} to ${redactEmails(message.to)}: "${message.subject}" ${transport === 'smtp' ? 'queued for SMTP delivery' : 'written to the outbox'}`,
	)
}

/**
 * Queues a failed delivery again (the owner's "retry"), with a fresh retry window. false when the
 * row is not a failed SMTP message (unknown, sent already, still being retried, or outbox-only).
 */
export async function retryEmail(db: Db, outboxId: number): Promise<boolean> {
	return db.transaction(async (tx) => {
		const [row] = await tx
			.update(outbox)
			.set({ failedAt: null })
			.where(
				and(
					eq(outbox.id, outboxId),
					eq(outbox.transport, 'smtp'),
					isNull(outbox.sentAt),
					isNotNull(outbox.failedAt),
				),
			)
			.returning({ id: outbox.id })
		if (!row) return false
		await enqueue(tx, EMAIL_DELIVERY_JOB, { outboxId: row.id }, deliveryOptions())
		return true
	})
}

/** The latest messages to `to` (newest first), for the outbox page and tests. */
export async function listOutbox(db: Db, to?: string, limit = 20) {
	const query = db.select().from(outbox)
	return (to ? query.where(eq(outbox.toAddress, foldEmail(to))) : query)
		.orderBy(desc(outbox.id))
		.limit(limit)
}
