/**
 * Delivering an outbox row over SMTP (docs/decisions/075, 076, 101, 135): the queue's job that
 * hands a row to the mail server (smtp.server.ts, with RFC 5321's timeouts), records the
 * server's acceptance before anything else can run it again, retries with backoff, and gives
 * up after EMAIL_RETRY_HOURS. sendEmail (send.server.ts) writes the rows and queues this job.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { SendMailOptions } from 'nodemailer'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { outbox } from '~/db/schema-leads.server'
import { emailRetryPolicy } from '~/jobs/retry'
import { type JobDefinition, PermanentJobError } from '~/jobs/run.server'
import { log } from '~/log.server'
import { countEmailFailure } from '~/metrics.server'
import { redactEmails } from '~/utils/redact'
import { OutcomeUnknownError, type SmtpTimeouts, submitMessage } from './smtp.server'

export const EMAIL_DELIVERY_JOB = 'email.deliver'

/** Deliveries one worker runs at once, of its four slots (app/jobs/worker.server.ts). */
const EMAIL_DELIVERIES_AT_ONCE = 3

type OutboxRow = typeof outbox.$inferSelect

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
