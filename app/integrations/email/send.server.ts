/**
 * Outgoing e-mail (docs/decisions/060, 075, 076, 101). Every message gets an outbox row, written
 * in the transaction of the change that causes it. With SMTP_URL the row's delivery is a job,
 * enqueued in the same transaction, so the visitor never waits for the mail server and a message
 * is never lost when it is down: the worker hands the row to the server (smtp.server.ts, with
 * RFC 5321's timeouts), retrying with backoff for EMAIL_RETRY_HOURS, and records the server's
 * acceptance on the row before anything else can run it again. Without SMTP_URL (the embedded
 * default) the row is the delivery and a line is logged. Each message has a kind (kinds.ts); the
 * kinds that carry one-click unsubscribe keep its URL on the row, and go out with RFC 8058's
 * headers (docs/decisions/109).
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { SendMailOptions } from 'nodemailer'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { outbox } from '~/db/schema-leads.server'
import { enqueue } from '~/jobs/queue.server'
import { emailRetryPolicy } from '~/jobs/retry'
import { type JobDefinition, PermanentJobError } from '~/jobs/run.server'
import { log } from '~/log.server'
import { countEmailFailure } from '~/metrics.server'
import { redactEmails } from '~/utils/redact'
import type { EmailAttachment } from './attachment'
import { carriesUnsubscribe, type EmailKind } from './kinds'
import { OutcomeUnknownError, type SmtpTimeouts, submitMessage } from './smtp.server'

export type EmailMessage = {
	to: string
	/** Its template's name, classified in kinds.ts. */
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

type OutboxRow = typeof outbox.$inferSelect

type EmailOptions = {
	/** Default: SMTP_URL. null forces the outbox. */
	smtpUrl?: string | null
	/** Default: EMAIL_FROM. */
	from?: string
}

const EMAIL_DELIVERY_JOB = 'email.deliver'

/** Deliveries one worker runs at once, of its four slots (app/jobs/worker.server.ts). */
const EMAIL_DELIVERIES_AT_ONCE = 3

/**
 * Writes the message to the outbox and, with SMTP, enqueues its delivery, both in one
 * transaction (a savepoint inside the caller's, when `db` is one: the row then commits with the
 * caller's change). Returns once they are written: no SMTP here.
 */
export async function sendEmail(
	db: Db,
	message: EmailMessage,
	options: EmailOptions = {},
): Promise<QueuedEmail> {
	const smtpUrl = options.smtpUrl === undefined ? getConfig().SMTP_URL : options.smtpUrl
	const from = options.from ?? getConfig().EMAIL_FROM
	const transport = smtpUrl ? 'smtp' : 'outbox'
	if (carriesUnsubscribe(message.kind) !== Boolean(message.listUnsubscribe))
		throw new Error(
			`A ${message.kind} e-mail ${message.listUnsubscribe ? 'carries no' : 'needs its'} List-Unsubscribe URL`,
		)
	const id = await db.transaction(async (tx) => {
		const [row] = await tx
			.insert(outbox)
			.values({
				toAddress: message.to,
				fromAddress: from,
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
			})
			.returning({ id: outbox.id })
		if (smtpUrl) await enqueueDelivery(tx, row!.id)
		return row!.id
	})
	// The subject and a redacted address only: bodies carry sign-in and confirmation links,
	// and logs carry no addresses (docs/decisions/069).
	log.info(
		`E-mail #${id} to ${redactEmails(message.to)}: "${message.subject}" ${smtpUrl ? 'queued for SMTP delivery' : 'written to the outbox'}`,
	)
	return { id, transport }
}

async function enqueueDelivery(db: Db, outboxId: number) {
	const hours = getConfig().EMAIL_RETRY_HOURS
	await enqueue(
		db,
		EMAIL_DELIVERY_JOB,
		{ outboxId },
		// Retries are bounded by time (docs/decisions/076), not by count.
		{ maxAttempts: 1_000, giveUpAt: new Date(Date.now() + hours * 3_600_000) },
	)
}

/**
 * The one conversion of an outbox row into the message nodemailer sends. Its Message-ID is
 * derived from the row, so should a crash between the server's acceptance and our record of it
 * ever send a row twice, the copies are recognisably one message.
 */
export function outboxMessage(row: OutboxRow): SendMailOptions {
	const domain = /@([^\s>]+)/.exec(row.fromAddress)?.[1] ?? 'localhost'
	return {
		from: row.fromAddress,
		to: row.toAddress,
		subject: row.subject,
		text: row.textBody,
		html: row.htmlBody ?? undefined,
		attachments: row.attachments ?? undefined,
		messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`,
		// One-click unsubscribe (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` to the
		// URL. The relay's DKIM signature must cover both headers for clients to offer it.
		headers: row.listUnsubscribeUrl
			? {
					'List-Unsubscribe': `<${row.listUnsubscribeUrl}>`,
					'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
				}
			: undefined,
	}
}

const TOO_LATE = 'Not delivered before the moment it was about had passed'

/** SMTP's permanent failures (5xx: no such mailbox, refused): retrying cannot help. */
function isPermanent(error: unknown): boolean {
	const code = (error as { responseCode?: unknown }).responseCode
	return typeof code === 'number' && code >= 500 && code < 600
}

type DeliveryOptions = {
	/** Aborted at shutdown, or when the job's claim was lost: the connection is closed. */
	signal?: AbortSignal
	/** Aborted when the worker begins to stop: a delivery that has not handed its data over stops. */
	stopping?: AbortSignal
	/** Default: RFC 5321's. Shorter in tests only. */
	timeouts?: SmtpTimeouts
	/**
	 * Messages the server accepted whose record could not be written yet (a full disk), by outbox
	 * row, with their Message-ID: recorded before anything else, never sent again.
	 */
	accepted: Map<number, string>
}

/** Waits before the tries of recording an acceptance, before the attempt fails (docs/decisions/135). */
const RECORD_RETRIES_MS = [200, 1_000]

/**
 * Records the server's acceptance of the row: sent, with its Message-ID. Tried again at once a
 * couple of times; if it still fails, the acceptance stays in `accepted` and the error is thrown,
 * so the job's retry records it (and sends nothing) once the database takes writes again.
 */
async function recordAcceptance(
	db: Db,
	outboxId: number,
	messageId: string,
	accepted: Map<number, string>,
) {
	accepted.set(outboxId, messageId)
	for (let tries = 0; ; tries++) {
		try {
			await db
				.update(outbox)
				.set({ messageId, sentAt: sql`now()`, lastError: null, attemptStartedAt: null })
				.where(and(eq(outbox.id, outboxId), isNull(outbox.sentAt)))
			accepted.delete(outboxId)
			return
		} catch (error) {
			const wait = RECORD_RETRIES_MS[tries]
			if (wait === undefined) throw error
			await new Promise((resolve) => setTimeout(resolve, wait))
		}
	}
}

/**
 * The delivery job's work: hands the row to the SMTP server once. A row already sent or given up
 * is left alone, so a second run of the job (after a crash) sends nothing twice. An attempt whose
 * outcome is unknown (the whole message went, no answer came) marks the row and fails like any
 * other, so it is retried — with the same Message-ID, derived from the row.
 */
async function deliverEmail(db: Db, outboxId: number, options: DeliveryOptions): Promise<void> {
	const acceptedAs = options.accepted.get(outboxId)
	if (acceptedAs) {
		// The server took it on an earlier attempt, whose record failed: record it, send nothing.
		await recordAcceptance(db, outboxId, acceptedAs, options.accepted)
		log.info(`E-mail #${outboxId}: its acceptance by the mail server recorded late`)
		return
	}
	const smtpUrl = getConfig().SMTP_URL
	const [row] = await db
		.update(outbox)
		.set({
			attempts: sql`${outbox.attempts} + 1`,
			attemptStartedAt: sql`now()`,
			// An earlier attempt whose end was never recorded (a killed process) may have handed the
			// message over: this one may be a second copy (same Message-ID), and the owner is told.
			outcomeUnknownAt: sql`case when ${outbox.attemptStartedAt} is null then ${outbox.outcomeUnknownAt} else coalesce(${outbox.outcomeUnknownAt}, now()) end`,
		})
		.where(and(eq(outbox.id, outboxId), isNull(outbox.sentAt), isNull(outbox.failedAt)))
		.returning()
	if (!row) return
	const to = redactEmails(row.toAddress)
	if (row.notAfter && row.notAfter.getTime() <= Date.now()) {
		await db
			.update(outbox)
			.set({ failedAt: sql`now()`, lastError: TOO_LATE, attemptStartedAt: null })
			.where(eq(outbox.id, outboxId))
		log.info(`E-mail #${row.id} to ${to}: "${row.subject}" given up: ${TOO_LATE}`)
		return
	}
	if (!smtpUrl) throw new Error('SMTP_URL is not set: the message cannot be delivered')
	const message = outboxMessage(row)
	try {
		await submitMessage(smtpUrl, message, {
			signal: options.signal,
			untilHandedOver: options.stopping,
			timeouts: options.timeouts,
		})
	} catch (error) {
		const unknown = error instanceof OutcomeUnknownError
		const reason = redactEmails((error as Error).message ?? String(error))
		countEmailFailure('attempt')
		await db
			.update(outbox)
			.set({
				lastError: reason,
				attemptStartedAt: null,
				...(unknown ? { outcomeUnknownAt: sql`now()` } : {}),
			})
			.where(eq(outbox.id, outboxId))
		log.error(
			`E-mail #${row.id} to ${to}: "${row.subject}" ${unknown ? 'may have been delivered (no answer after the data)' : 'could not be sent'} (attempt ${row.attempts}): ${reason}`,
		)
		if (isPermanent(error)) throw new PermanentJobError(reason)
		throw error
	}
	// Recorded first, before the job is marked done: a retry now finds the row sent — or, should
	// the write fail, finds the acceptance remembered and sends nothing.
	await recordAcceptance(db, outboxId, String(message.messageId), options.accepted)
	log.info(`E-mail #${row.id} to ${to}: "${row.subject}" sent over SMTP`)
}

/** After the last attempt: the row says "failed" and why, in the outbox view and the log. */
async function giveUpEmail(db: Db, outboxId: number, reason: string) {
	const [row] = await db
		.update(outbox)
		.set({ failedAt: sql`now()`, lastError: reason })
		.where(and(eq(outbox.id, outboxId), isNull(outbox.sentAt)))
		.returning({ to: outbox.toAddress, subject: outbox.subject })
	if (!row) return
	countEmailFailure('given_up')
	log.error(
		`E-mail #${outboxId} to ${redactEmails(row.to)}: "${row.subject}" failed for good: ${reason}`,
	)
}

const outboxIdOf = (payload: Record<string, unknown>) => {
	const id = Number(payload.outboxId)
	if (!Number.isSafeInteger(id)) throw new PermanentJobError('the job names no outbox row')
	return id
}

/**
 * The queue's definition of e-mail delivery from the outbox of `db` (docs/decisions/076, 101).
 * A delivery may wait minutes for a slow server, so it never takes every slot of a worker: the
 * checkout's jobs keep running meanwhile.
 */
export function emailDeliveryJob(
	db: Db,
	options: { firstRetrySeconds: number; timeouts?: SmtpTimeouts },
): JobDefinition {
	// This process's memory of acceptances not yet recorded (docs/decisions/135).
	const accepted = new Map<number, string>()
	return {
		kind: EMAIL_DELIVERY_JOB,
		run: (payload, _job, signal, stopping) =>
			deliverEmail(db, outboxIdOf(payload), {
				signal,
				stopping,
				timeouts: options.timeouts,
				accepted,
			}),
		retry: emailRetryPolicy(options.firstRetrySeconds),
		onGiveUp: async (payload, reason) => {
			const outboxId = outboxIdOf(payload)
			const acceptedAs = accepted.get(outboxId)
			// Delivered, only never recorded: not a failure.
			if (acceptedAs) await recordAcceptance(db, outboxId, acceptedAs, accepted)
			else await giveUpEmail(db, outboxId, reason)
		},
		maxRunning: EMAIL_DELIVERIES_AT_ONCE,
	}
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
		await enqueueDelivery(tx, row.id)
		return true
	})
}

/** The latest messages to `to` (newest first), for the outbox page and tests. */
export async function listOutbox(db: Db, to?: string, limit = 20) {
	const query = db.select().from(outbox)
	return (to ? query.where(eq(outbox.toAddress, to.trim().toLowerCase())) : query)
		.orderBy(desc(outbox.id))
		.limit(limit)
}
