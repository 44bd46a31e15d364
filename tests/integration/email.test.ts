/**
 * E-mail delivery (docs/decisions/060, 075, 076): an outbox row and its delivery job, written
 * together; the job hands the row to a real SMTP server on loopback (smtp-server), retries while
 * it is down and records a permanent refusal. Without SMTP_URL the outbox is the delivery. On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { jobs } from '~/db/schema-jobs.server'
import { outbox } from '~/db/schema-leads.server'
import {
	listOutbox,
	outboxMessage,
	retryEmail,
	sendEmail,
	templates,
} from '~/integrations/email/index.server'
import { decodedMail as decoded, startSmtp } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, leaveInProcess, useInProcess } from '../support/in-process'

const backends = databaseBackends

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
		expect(decoded(message!.raw)).toContain('building web apps with LLMs')
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
		// Running the queue again sends nothing twice.
		expect(await drainJobs(database)).toBe(0)
		expect(smtp.received).toHaveLength(1)
	})

	test('an outbox row and its delivery job are written together: a rolled-back transaction leaves neither', async () => {
		await expect(
			database.db.transaction(async (tx) => {
				await sendEmail(tx, { to: 'rolled.back@example.com', subject: 'S', text: 'T' })
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
		const logged: string[] = []
		const log = console.log
		console.log = (...args: unknown[]) => logged.push(args.join(' '))
		try {
			const sent = await sendEmail(
				database.db,
				{ to: 'grace@example.com', subject: 'Hello', text: 'Body with a link https://site.test/x' },
				{ smtpUrl: null, from: 'a@b.test' },
			)
			expect(sent).toEqual({ id: expect.any(Number), transport: 'outbox' })
		} finally {
			console.log = log
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
			await sendEmail(database.db, { to: 'patient@example.com', subject: 'Later', text: 'T' })
			expect(await drainJobs(database)).toBe(1)
			const [row] = await listOutbox(database.db, 'patient@example.com')
			expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 })
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
			;({ id } = await sendEmail(database.db, { to: 'lost@example.com', subject: 'S', text: 'T' }))
			await drainJobs(database)
		} finally {
			await refusing.close()
		}
		const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id))
		expect(row).toMatchObject({ transport: 'smtp', sentAt: null })
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

	test('after EMAIL_RETRY_HOURS of failures the row is failed with the last reason', async () => {
		const port = smtp.port
		await smtp.close()
		try {
			const { id } = await sendEmail(database.db, {
				to: 'late@example.com',
				subject: 'S',
				text: 'T',
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
