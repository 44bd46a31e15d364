/**
 * Bulk sends (docs/decisions/119): one message to many people, the owner's messages and the
 * course's access e-mails alike. A send is a row with its recipients, each listed once (the key
 * is the send and the address), and a job that writes their e-mails to the outbox one by one at
 * EMAIL_SEND_PER_MINUTE, all sends together and across app servers (`bulk_send_pace`: one row
 * every writer locks to take the next slot). A recipient is marked sent with its outbox row in
 * one transaction, so a restart, a second worker or a second job for the same send never
 * writes anyone's e-mail twice; the job simply goes on with those still queued.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import {
	type BulkSendKind,
	bulkSendPace,
	bulkSendRecipients,
	bulkSends,
} from '~/db/schema-bulk.server'
import { outbox } from '~/db/schema-leads.server'
import { foldEmail } from '~/domain/email-address'
import { orderTemplates, sendEmail, templates } from '~/integrations/email/index.server'
import { enqueue } from '~/jobs/queue.server'
import type { JobDefinition } from '~/jobs/run.server'
import { log } from '~/log.server'
import { seatAccessOf } from '~/models/course/seat-access.server'
import { sendListEmail } from '~/models/preferences/preferences.server'
import { siteOrigin } from '~/site-origin.server'

const BULK_SEND_JOB = 'bulk-send.run'

export type Recipient = { email: string; name?: string | null }

export type NewBulkSend = {
	kind: BulkSendKind
	subject: string
	/** The owner's Markdown (a message); empty for the course's access e-mail. */
	body: string
	/** Who it is for, as the dashboard names it (audiences.server.ts). */
	audience: string
	createdBy: string
	/** A send that may exist once, ever (the course opening): a second create finds the first. */
	onceKey?: string
}

/**
 * The same address in any case is one recipient; the owner's lists keep addresses as typed.
 * Recipients without an address are dropped.
 */
export function uniqueRecipients(
	recipients: Recipient[],
): { email: string; name: string | null }[] {
	const byEmail = new Map<string, { email: string; name: string | null }>()
	for (const recipient of recipients) {
		const email = foldEmail(recipient.email)
		if (email && !byEmail.has(email)) byEmail.set(email, { email, name: recipient.name ?? null })
	}
	return [...byEmail.values()]
}

/**
 * Lists `recipients` on send `sendId` (those listed already are left as they are) and, when any
 * was new, queues the job that writes their e-mails. Returns how many were new.
 */
export async function addRecipients(
	db: Db,
	sendId: number,
	recipients: Recipient[],
): Promise<number> {
	const rows = uniqueRecipients(recipients)
	if (rows.length === 0) return 0
	return db.transaction(async (tx) => {
		let added = 0
		// In slices: one statement's parameters are limited (65535 in PostgreSQL's protocol).
		for (let start = 0; start < rows.length; start += 1000) {
			const inserted = await tx
				.insert(bulkSendRecipients)
				.values(rows.slice(start, start + 1000).map((row) => ({ sendId, ...row })))
				.onConflictDoNothing()
				.returning({ email: bulkSendRecipients.email })
			added += inserted.length
		}
		if (added > 0) await enqueue(tx, BULK_SEND_JOB, { sendId }, { maxAttempts: 1_000 })
		return added
	})
}

/**
 * Creates a send and lists its recipients, in one transaction. With `onceKey`, a send made before
 * under that key is found instead (two presses, two app servers): `created` says which.
 */
export async function createBulkSend(
	db: Db,
	send: NewBulkSend,
	recipients: Recipient[],
): Promise<{ id: number; created: boolean; recipients: number }> {
	return db.transaction(async (tx) => {
		const [row] = await tx
			.insert(bulkSends)
			.values({
				kind: send.kind,
				subject: send.subject,
				body: send.body,
				audience: send.audience,
				createdBy: send.createdBy,
				onceKey: send.onceKey ?? null,
			})
			.onConflictDoNothing({ target: bulkSends.onceKey })
			.returning({ id: bulkSends.id })
		if (!row) {
			const [existing] = await tx
				.select({ id: bulkSends.id })
				.from(bulkSends)
				.where(eq(bulkSends.onceKey, send.onceKey ?? ''))
			return { id: existing!.id, created: false, recipients: 0 }
		}
		const added = await addRecipients(tx, row.id, recipients)
		return { id: row.id, created: true, recipients: added }
	})
}

type Step = { state: 'sent' | 'skipped' } | { state: 'wait'; ms: number } | { state: 'done' }

type BulkSendRow = typeof bulkSends.$inferSelect

/** The e-mail one recipient of `send` gets: the owner's message (list mail) or the access e-mail. */
async function writeEmail(
	tx: Db,
	send: BulkSendRow,
	recipient: { email: string; name: string | null },
): Promise<number | null> {
	const origin = siteOrigin()
	if (send.kind === 'message') {
		const queued = await sendListEmail(tx, {
			to: recipient.email,
			origin,
			render: (unsubscribe) =>
				templates.ownerMessage({ subject: send.subject, body: send.body, unsubscribe }),
		})
		return queued?.id ?? null
	}
	const courseUrl = getConfig().COURSE_URL
	if (!courseUrl) throw new Error('COURSE_URL is not set: the access e-mail has no course to link')
	// Each seat's person (decision 156): a seat claimed since they were listed is its holder's now.
	const access = await seatAccessOf(tx, recipient.email, origin)
	if (!access.ownSeat && access.handOut.length === 0) return null
	// In the language of their seat (decision 177): the claim's, else the order's.
	const { locale, ...seats } = access
	const content = await orderTemplates(locale).courseAccess({
		name: recipient.name,
		courseUrl,
		siteUrl: origin,
		...seats,
	})
	return (await sendEmail(tx, { to: recipient.email, ...content })).id
}

/**
 * Writes the next queued recipient's e-mail of send `sendId` if the throttle has a slot now, in
 * one transaction: the slot taken, the outbox row (and its delivery job) written, the recipient
 * marked. An unsubscribed recipient of list mail is marked skipped and takes no slot.
 */
async function sendNext(db: Db, sendId: number, perMinute: number): Promise<Step> {
	return db.transaction(async (tx) => {
		const [pace] = await tx
			.select({
				waitMs: sql<number>`greatest(0, extract(epoch from (${bulkSendPace.nextAt} - now())) * 1000)`,
			})
			.from(bulkSendPace)
			.where(eq(bulkSendPace.id, 1))
			.for('update')
		const waitMs = Math.ceil(Number(pace?.waitMs ?? 0))
		if (waitMs > 0) return { state: 'wait', ms: waitMs }
		const [recipient] = await tx
			.select({ email: bulkSendRecipients.email, name: bulkSendRecipients.name })
			.from(bulkSendRecipients)
			.where(and(eq(bulkSendRecipients.sendId, sendId), eq(bulkSendRecipients.status, 'queued')))
			.orderBy(asc(bulkSendRecipients.email))
			.limit(1)
			.for('update', { skipLocked: true })
		if (!recipient) return { state: 'done' }
		const [send] = await tx.select().from(bulkSends).where(eq(bulkSends.id, sendId))
		const outboxId = await writeEmail(tx, send!, recipient)
		// An access recipient whose seats were all claimed since they were listed: their holders
		// are listed instead (decision 156), so they are no one this send is for, not a skip.
		if (outboxId === null && send!.kind === 'course_access') {
			await tx
				.delete(bulkSendRecipients)
				.where(
					and(eq(bulkSendRecipients.sendId, sendId), eq(bulkSendRecipients.email, recipient.email)),
				)
			return { state: 'skipped' }
		}
		await tx
			.update(bulkSendRecipients)
			.set(
				outboxId === null
					? { status: 'skipped', doneAt: sql`now()` }
					: { status: 'sent', outboxId, slotAt: sql`now()`, doneAt: sql`now()` },
			)
			.where(
				and(eq(bulkSendRecipients.sendId, sendId), eq(bulkSendRecipients.email, recipient.email)),
			)
		if (outboxId === null) return { state: 'skipped' }
		await tx
			.update(bulkSendPace)
			.set({ nextAt: sql`now() + make_interval(secs => ${60 / perMinute})` })
			.where(eq(bulkSendPace.id, 1))
		return { state: 'sent' }
	})
}

/** Waits `ms`, or throws as soon as `signal` aborts (shutdown, a lost claim). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal.aborted) return reject(signal.reason)
		const timer = setTimeout(() => {
			signal.removeEventListener('abort', stop)
			resolve()
		}, ms)
		function stop() {
			clearTimeout(timer)
			reject(signal.reason)
		}
		signal.addEventListener('abort', stop, { once: true })
	})
}

/**
 * Writes every queued e-mail of send `sendId`, one per throttle slot, until none is left. Stops
 * (throws) when `signal` aborts: the job is then released and a worker goes on where it stopped.
 */
export async function runBulkSend(
	db: Db,
	sendId: number,
	options: { perMinute: number; signal: AbortSignal },
): Promise<void> {
	let written = 0
	for (;;) {
		if (options.signal.aborted) throw options.signal.reason
		const step = await sendNext(db, sendId, options.perMinute)
		if (step.state === 'done') break
		if (step.state === 'wait') await pause(step.ms, options.signal)
		if (step.state === 'sent') written++
	}
	if (written > 0) log.info(`Bulk send #${sendId}: ${written} e-mails written to the outbox`)
}

/** The queue's definition of a bulk send's run (docs/decisions/075, 119). */
export function bulkSendJob(db: Db, options: { perMinute: number }): JobDefinition {
	return {
		kind: BULK_SEND_JOB,
		run: (payload, _job, signal) =>
			runBulkSend(db, Number(payload.sendId), { perMinute: options.perMinute, signal }),
		// A send may take hours at its pace: one per worker, so e-mail delivery keeps its slots.
		maxRunning: 1,
	}
}

export type SendProgress = {
	total: number
	/** Not yet written, or written and waiting for the mail server. */
	queued: number
	/** Accepted by the mail server. */
	sent: number
	/** Kept in the outbox: no SMTP_URL, so nothing is sent (the embedded default). */
	outboxOnly: number
	/** The mail server refused it, or retries ran out. */
	failed: number
	/** The address unsubscribed: no e-mail was written, or the one written was given up. */
	skipped: number
}

/** Where each recipient of send `sendId` stands, from its row and its outbox row. */
export async function sendProgress(db: Db, sendId: number): Promise<SendProgress> {
	const rows = await db
		.select({
			state: sql<string>`case
				when ${bulkSendRecipients.status} = 'skipped' then 'skipped'
				when ${bulkSendRecipients.status} = 'queued' then 'queued'
				when ${outbox.failedAt} is not null then 'failed'
				when ${outbox.sentAt} is not null then 'sent'
				when ${outbox.transport} = 'outbox' then 'outboxOnly'
				else 'queued' end`,
			recipients: count(),
		})
		.from(bulkSendRecipients)
		.leftJoin(outbox, eq(outbox.id, bulkSendRecipients.outboxId))
		.where(eq(bulkSendRecipients.sendId, sendId))
		.groupBy(sql`1`)
	const of = (state: string) => Number(rows.find((row) => row.state === state)?.recipients ?? 0)
	const progress = {
		queued: of('queued'),
		sent: of('sent'),
		outboxOnly: of('outboxOnly'),
		failed: of('failed'),
		skipped: of('skipped'),
	}
	return { total: Object.values(progress).reduce((sum, n) => sum + n, 0), ...progress }
}
