/**
 * E-mail delivery (docs/decisions/060, 075, 076, 101): an outbox row and its delivery job, written
 * together; the job hands the row to a real SMTP server on loopback (smtp-server), retries while
 * it is down and records a permanent refusal. A server slow to answer the data is waited for as
 * RFC 5321 asks; no answer at all leaves the outcome unknown, marked on the row, and the retry
 * carries the same Message-ID. Without SMTP_URL the outbox is the delivery. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { jobs } from '~/db/schema-jobs.server'
import { outbox } from '~/db/schema-leads.server'
import {
	emailDeliveryJob,
	listOutbox,
	outboxMessage,
	retryEmail,
	sendEmail,
	templates,
} from '~/integrations/email/index.server'
import { RFC_5321_TIMEOUTS } from '~/integrations/email/smtp.server'
import { runDueJobs, startJobWorker } from '~/jobs/worker.server'
import { log } from '~/log.server'
import { listEmails } from '~/models/messages/outbox.server'
import { decodedMail as decoded, startSmtp } from '../fakes/smtp'
import { databaseBackends, pglite } from '../support/databases'
import { drainJobs, jobsDueNow, leaveInProcess, useInProcess } from '../support/in-process'

const backends = databaseBackends

/** A message's content where any will do: a transactional kind, which carries no unsubscribe. */
const plain = { kind: 'receipt', subject: 'S', text: 'T' } as const

/** The Message-ID header of a message as it arrived. */
const messageIdOf = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim()

async function waitUntil(what: string, done: () => boolean, timeoutMs = 10_000) {
	const until = Date.now() + timeoutMs
	while (!done()) {
		if (Date.now() > until) throw new Error(`Timed out waiting until ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

describe.each(backends)('e-mail on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	/** The site's configuration in this process, sending to `smtpUrl`. */
	const configure = (smtpUrl: string) =>
		useInProcess({ SMTP_URL: smtpUrl, EMAIL_FROM: 'Course <hello@site.test>' })

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await migrate(database)
		smtp = await startSmtp()
	})
	beforeEach(() => configure(smtp.url))
	afterEach(() => leaveInProcess())
	afterAll(async () => {
		await smtp?.close()
		await cleanup?.()
	})

	test('with SMTP_URL, sending queues the delivery; the job hands it to the SMTP server and the outbox records it as sent', async () => {
		const mail = await templates.workshopConfirmation({
			firstName: 'Ada',
			siteUrl: 'https://site.test',
			workshop: 'Free workshop: AI in your development workflow',
			unsubscribe: {
				preferencesUrl: 'https://site.test/email-preferences?token=a.b',
				oneClickUrl: 'https://site.test/unsubscribe?token=a.b',
			},
		})
		const sent = await sendEmail(database.db, { to: 'ada@example.com', ...mail })
		expect(sent.transport).toBe('smtp')
		// Nothing went out yet: the visitor does not wait for the mail server.
		expect(smtp.mailTo('ada@example.com')).toHaveLength(0)
		expect(await drainJobs(database)).toBe(1)
		expect(smtp.received).toHaveLength(1)
		const [message] = smtp.received
		expect(message!.from).toBe('hello@site.test')
		expect(message!.to).toEqual(['ada@example.com'])
		expect(message!.raw).toContain("Subject: You're signed up for the free workshop")
		expect(decoded(message!.raw)).toContain('Free workshop: AI in your development workflow')
		expect(message!.raw).toContain('text/html')
		const [row] = await listOutbox(database.db, 'ada@example.com')
		expect(row).toMatchObject({
			id: sent.id,
			transport: 'smtp',
			subject: mail.subject,
			attempts: 1,
		})
		expect(row!.sentAt).toBeInstanceOf(Date)
		expect(row!.messageId).toBe(outboxMessage(row!).messageId)
		expect(message!.raw).toContain(`Message-ID: ${row!.messageId}`)
		// A sign-up's confirmation carries one-click unsubscribe (RFC 8058, docs/decisions/109).
		expect(message!.raw).toMatch(
			/^List-Unsubscribe: <https:\/\/site\.test\/unsubscribe\?token=a\.b>\r?$/m,
		)
		expect(message!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m)
		// Running the queue again sends nothing twice.
		expect(await drainJobs(database)).toBe(0)
		expect(smtp.received).toHaveLength(1)
	})

	test('an outbox row and its delivery job are written together: a rolled-back transaction leaves neither', async () => {
		await expect(
			database.db.transaction(async (tx) => {
				await sendEmail(tx, { to: 'rolled.back@example.com', ...plain })
				throw new Error('the caller failed after queueing')
			}),
		).rejects.toThrow('the caller failed')
		expect(await listOutbox(database.db, 'rolled.back@example.com')).toEqual([])
		expect(await drainJobs(database)).toBe(0)
	})

	test('a receipt with order lines and totals arrives intact', async () => {
		const mail = await templates.receipt({
			orderId: 'ord_42',
			currency: 'USD',
			lines: [{ name: 'AI Driven Dev seat', quantity: 1, unitAmountMinor: 24_900 }],
			discountMinor: 0,
			totalMinor: 24_900,
			paidAt: new Date('2026-01-01T00:00:00Z'),
		})
		await sendEmail(database.db, { to: 'buyer@example.com', ...mail })
		await drainJobs(database)
		const message = smtp.received.find((m) => m.to.includes('buyer@example.com'))
		expect(decoded(message!.raw)).toMatch(/Total paid\s+\$249/)
		// A receipt is no list mail: no unsubscribe (docs/decisions/109).
		expect(message!.raw).not.toMatch(/^List-Unsubscribe/im)
	})

	test('a calendar attachment is stored on the outbox row and arrives as a text/calendar part', async () => {
		const ics =
			'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:day@site.test\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n'
		const attachment = {
			filename: 'day.ics',
			contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
			content: ics,
		}
		await sendEmail(
			database.db,
			{
				to: 'cal@example.com',
				kind: 'receipt',
				subject: 'With a date',
				text: 'T',
				html: '<p>T</p>',
				attachments: [attachment],
			},
			{ smtpUrl: smtp.url, from: 'a@b.test' },
		)
		await drainJobs(database)
		const message = smtp.received.find((m) => m.to.includes('cal@example.com'))
		expect(message!.raw).toMatch(
			/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH;?\s+name=day\.ics/,
		)
		expect(message!.raw).toContain('Content-Disposition: attachment; filename=day.ics')
		const [row] = await listOutbox(database.db, 'cal@example.com')
		expect(row!.attachments).toEqual([attachment])
	})

	test('without SMTP_URL the message is written to the outbox and logged, nothing is sent', async () => {
		const before = smtp.received.length
		const info = vi.spyOn(log, 'info').mockImplementation(() => {})
		let logged: string[] = []
		try {
			const sent = await sendEmail(
				database.db,
				{
					to: 'grace@example.com',
					kind: 'receipt',
					subject: 'Hello',
					text: 'Body with a link https://site.test/x',
				},
				{ smtpUrl: null, from: 'a@b.test' },
			)
			expect(sent).toEqual({ id: expect.any(Number), transport: 'outbox' })
			logged = info.mock.calls.map((args) => args.join(' '))
		} finally {
			info.mockRestore()
		}
		// The row is the delivery: no job is queued for it.
		expect(await drainJobs(database)).toBe(0)
		expect(smtp.received.length).toBe(before)
		expect(logged.join('\n')).toMatch(
			// Logs carry no full addresses (docs/decisions/069).
			/E-mail #\d+ to g\*\*\*@example.com: "Hello" written to the outbox/,
		)
		expect(logged.join('\n')).not.toContain('grace@example.com')
		expect(logged.join('\n')).not.toContain('https://site.test/x')
		const [row] = await listOutbox(database.db, 'grace@example.com')
		expect(row).toMatchObject({
			transport: 'outbox',
			textBody: 'Body with a link https://site.test/x',
			sentAt: null,
		})
	})

	test('while the SMTP server is down, delivery is retried with backoff and arrives once when it is back', async () => {
		const port = smtp.port
		await smtp.close()
		try {
			await sendEmail(database.db, { to: 'patient@example.com', ...plain, subject: 'Later' })
			expect(await drainJobs(database)).toBe(1)
			const [row] = await listOutbox(database.db, 'patient@example.com')
			// Nothing reached a server: the outcome is known.
			expect(row).toMatchObject({
				sentAt: null,
				failedAt: null,
				attempts: 1,
				outcomeUnknownAt: null,
			})
			expect(row!.lastError).toMatch(/ECONNREFUSED/)
			const [job] = await database.db.select().from(jobs).where(eq(jobs.status, 'queued'))
			// The first retry comes within a minute (EMAIL_RETRY_FIRST_SECONDS, 30 by default).
			const wait = job!.runAt.getTime() - Date.now()
			expect(wait).toBeGreaterThan(20_000)
			expect(wait).toBeLessThanOrEqual(33_000)
			// Not due yet: nothing runs.
			expect(await drainJobs(database)).toBe(0)
		} finally {
			smtp = await startSmtp({ port })
		}
		await jobsDueNow(database)
		expect(await drainJobs(database)).toBe(1)
		expect(smtp.mailTo('patient@example.com')).toHaveLength(1)
		const [row] = await listOutbox(database.db, 'patient@example.com')
		expect(row).toMatchObject({ attempts: 2, lastError: null, failedAt: null })
		expect(row!.sentAt).toBeInstanceOf(Date)
	})

	test('a permanent refusal (5xx) stops at once: the row is failed with the reason, and retryEmail sends it again', async () => {
		const refusing = await startSmtp({ rejectWith: 'Mailbox unavailable' })
		configure(refusing.url)
		let id: number
		try {
			;({ id } = await sendEmail(database.db, { to: 'lost@example.com', ...plain }))
			await drainJobs(database)
		} finally {
			await refusing.close()
		}
		const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id))
		// Refused after the data: an answer, so not an unknown outcome.
		expect(row).toMatchObject({ transport: 'smtp', sentAt: null, outcomeUnknownAt: null })
		expect(row!.failedAt).toBeInstanceOf(Date)
		expect(row!.lastError).toMatch(/Mailbox unavailable/)
		const [job] = await database.db
			.select()
			.from(jobs)
			.where(eq(jobs.payload, { outboxId: id }))
		expect(job).toMatchObject({ status: 'failed', attempts: 1 })
		expect(job!.lastError).toMatch(/Mailbox unavailable/)

		configure(smtp.url)
		expect(await retryEmail(database.db, id)).toBe(true)
		// Only a failed row can be retried, and only once per failure.
		expect(await retryEmail(database.db, id)).toBe(false)
		await drainJobs(database)
		expect(smtp.mailTo('lost@example.com')).toHaveLength(1)
		const [sent] = await database.db.select().from(outbox).where(eq(outbox.id, id))
		expect(sent).toMatchObject({ failedAt: null, lastError: null })
		expect(sent!.sentAt).toBeInstanceOf(Date)
		expect(await retryEmail(database.db, id)).toBe(false)
	})

	/** The delivery job with RFC 5321's waits scaled down: the server may be silent `ms`. */
	const deliverWithin = (ms: number) => {
		const definitions = [
			emailDeliveryJob(database.db, {
				firstRetrySeconds: 1,
				timeouts: { ...RFC_5321_TIMEOUTS, socketTimeout: ms },
			}),
		]
		return () => runDueJobs({ db: database.db, definitions, lockSeconds: 60 })
	}

	test('a mail server slow to answer the data, within the wait, is waited for: delivered once, nothing to retry', async () => {
		const deliver = deliverWithin(3_000)
		smtp.answerAfter(1_500)
		try {
			await sendEmail(database.db, { to: 'slow.ok@example.com', ...plain })
			expect(await deliver()).toBe(1)
		} finally {
			smtp.answerAfter(0)
		}
		expect(smtp.mailTo('slow.ok@example.com')).toHaveLength(1)
		const [row] = await listOutbox(database.db, 'slow.ok@example.com')
		expect(row).toMatchObject({ attempts: 1, lastError: null, outcomeUnknownAt: null })
		expect(row!.sentAt).toBeInstanceOf(Date)
		expect(await deliver()).toBe(0)
	})

	test('no answer to the data within the wait: the outcome is unknown, the row is marked for the owner, and the retry carries the same Message-ID', async () => {
		const deliver = deliverWithin(500)
		smtp.answerAfter(1_500)
		try {
			await sendEmail(database.db, { to: 'unknown@example.com', ...plain })
			expect(await deliver()).toBe(1)
			const [row] = await listOutbox(database.db, 'unknown@example.com')
			expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 })
			expect(row!.outcomeUnknownAt).toBeInstanceOf(Date)
			expect(row!.lastError).toMatch(/no answer after the message was handed over/)
			const [job] = await database.db
				.select()
				.from(jobs)
				.where(eq(jobs.payload, { outboxId: row!.id }))
			expect(job).toMatchObject({ status: 'queued', attempts: 1 })
			// The server did take it, after the sender stopped waiting.
			await smtp.waitFor('unknown@example.com')
		} finally {
			smtp.answerAfter(0)
		}
		await jobsDueNow(database)
		expect(await deliver()).toBe(1)
		const copies = smtp.mailTo('unknown@example.com')
		expect(copies).toHaveLength(2)
		const [row] = await listOutbox(database.db, 'unknown@example.com')
		expect(row!.sentAt).toBeInstanceOf(Date)
		expect(copies.map((copy) => messageIdOf(copy.raw))).toEqual([row!.messageId, row!.messageId])
		expect(row!.messageId).toBe(outboxMessage(row!).messageId)
		// The owner's e-mail list says it may have arrived twice.
		const listed = await listEmails(database.db, { to: 'unknown@example.com' }, null)
		expect(listed.rows).toEqual([
			expect.objectContaining({ state: 'delivered', outcomeUnknown: true, attempts: 2 }),
		])
		expect(
			(await listEmails(database.db, { to: 'slow.ok@example.com' }, null)).rows[0],
		).toMatchObject({ outcomeUnknown: false })
	})

	test('a delivery still waiting for the answer at shutdown is cut off after the grace period and released at once, due now and marked', async () => {
		const worker = startJobWorker({
			db: database.db,
			definitions: [emailDeliveryJob(database.db, { firstRetrySeconds: 30 })],
			pollSeconds: 60,
			lockSeconds: 120,
		})
		smtp.stall()
		try {
			const { id } = await sendEmail(database.db, {
				to: 'at.shutdown@example.com',
				...plain,
			})
			await waitUntil('the message is mid-delivery', () => smtp.stalledCount() === 1)
			const started = Date.now()
			await worker.stop({ graceMs: 300 })
			expect(Date.now() - started).toBeLessThan(5_000)
			const [job] = await database.db
				.select()
				.from(jobs)
				.where(eq(jobs.payload, { outboxId: id }))
			// Not held until its claim (120 s) lapses: due now, for the next worker.
			expect(job).toMatchObject({ status: 'queued', lockedUntil: null, attempts: 1 })
			expect(job!.lastError).toMatch(/cut off at shutdown/)
			expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now())
			const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id))
			expect(row).toMatchObject({ sentAt: null })
			expect(row!.outcomeUnknownAt).toBeInstanceOf(Date)
		} finally {
			smtp.stall(false)
			await worker.stop()
		}
		// The next worker sends it at once, with the Message-ID the cut-off attempt had.
		expect(await drainJobs(database)).toBe(1)
		const [arrived] = smtp.mailTo('at.shutdown@example.com')
		expect(messageIdOf(arrived!.raw)).toBe(messageIdOf(smtp.stalledMail()[0]!))
	})

	test('after EMAIL_RETRY_HOURS of failures the row is failed with the last reason', async () => {
		const port = smtp.port
		await smtp.close()
		try {
			const { id } = await sendEmail(database.db, {
				to: 'late@example.com',
				...plain,
			})
			await drainJobs(database)
			// A day later, the next failure is the last.
			await database.db
				.update(jobs)
				.set({ runAt: sql`now()`, giveUpAt: sql`now()` })
				.where(eq(jobs.payload, { outboxId: id }))
			await drainJobs(database)
			const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id))
			expect(row).toMatchObject({ sentAt: null, attempts: 2 })
			expect(row!.failedAt).toBeInstanceOf(Date)
			expect(row!.lastError).toMatch(/ECONNREFUSED/)
			const [job] = await database.db
				.select()
				.from(jobs)
				.where(eq(jobs.payload, { outboxId: id }))
			expect(job).toMatchObject({ status: 'failed', attempts: 2 })
		} finally {
			smtp = await startSmtp({ port })
		}
	})
})

describe('the slow mail server of issue 24, with the default waits', () => {
	let database: Database
	let cleanup: () => Promise<void>
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	beforeAll(async () => {
		;({ database, cleanup } = await pglite.open())
		await migrate(database)
		// It answers the end of each message's data after 25 s: nodemailer's 20 s socket timeout
		// used to give up first, and each retry sent the message again.
		smtp = await startSmtp({ answerAfterMs: 25_000 })
		useInProcess({ SMTP_URL: smtp.url })
	})
	afterAll(async () => {
		leaveInProcess()
		await smtp?.close()
		await cleanup?.()
	})

	test('three messages answered after 25 s each arrive once, on the first attempt', async () => {
		const addresses = ['one@example.com', 'two@example.com', 'three@example.com']
		for (const to of addresses) await sendEmail(database.db, { to, ...plain })
		expect(await drainJobs(database)).toBe(3)
		await jobsDueNow(database)
		expect(await drainJobs(database)).toBe(0)
		for (const to of addresses) {
			expect(smtp.mailTo(to)).toHaveLength(1)
			const [row] = await listOutbox(database.db, to)
			expect(row).toMatchObject({ attempts: 1, lastError: null, outcomeUnknownAt: null })
		}
	}, 90_000)
})
