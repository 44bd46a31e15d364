/**
 * E-mail delivery: through a real SMTP server on loopback (smtp-server), and into the outbox
 * table when no SMTP_URL is set. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { outbox } from '~/db/schema-leads.server'
import { listOutbox, sendEmail, templates } from '~/integrations/email/index.server'
import { decodedMail as decoded, startSmtp } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'

const backends = databaseBackends

describe.each(backends)('e-mail on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await migrate(database)
		smtp = await startSmtp()
	})
	afterAll(async () => {
		await smtp?.close()
		await cleanup?.()
	})

	test('with SMTP_URL, the message arrives at the SMTP server and the outbox records it as sent', async () => {
		const mail = await templates.workshopConfirmation({
			firstName: 'Ada',
			siteUrl: 'https://site.test',
		})
		const sent = await sendEmail(
			{ to: 'ada@example.com', ...mail },
			{ db: database.db, smtpUrl: smtp.url, from: 'Course <hello@site.test>' },
		)
		expect(sent.transport).toBe('smtp')
		expect(smtp.received).toHaveLength(1)
		const [message] = smtp.received
		expect(message!.from).toBe('hello@site.test')
		expect(message!.to).toEqual(['ada@example.com'])
		expect(message!.raw).toContain("Subject: You're signed up for the free workshop")
		expect(decoded(message!.raw)).toContain('building web apps with LLMs')
		expect(message!.raw).toContain('text/html')
		const [row] = await listOutbox(database.db, 'ada@example.com')
		expect(row).toMatchObject({ transport: 'smtp', subject: mail.subject })
		expect(row!.sentAt).toBeInstanceOf(Date)
		expect(row!.messageId).toBe(sent.messageId)
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
		await sendEmail(
			{ to: 'buyer@example.com', ...mail },
			{ db: database.db, smtpUrl: smtp.url, from: 'a@b.test' },
		)
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
			{
				to: 'cal@example.com',
				subject: 'With a date',
				text: 'T',
				html: '<p>T</p>',
				attachments: [attachment],
			},
			{ db: database.db, smtpUrl: smtp.url, from: 'a@b.test' },
		)
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
				{ to: 'grace@example.com', subject: 'Hello', text: 'Body with a link https://site.test/x' },
				{ db: database.db, smtpUrl: null, from: 'a@b.test' },
			)
			expect(sent).toMatchObject({ transport: 'outbox', messageId: null })
		} finally {
			console.log = log
		}
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

	test('when the SMTP server refuses, sendEmail fails and the outbox row stays unsent', async () => {
		const refusing = await startSmtp({ rejectWith: 'Mailbox unavailable' })
		try {
			await expect(
				sendEmail(
					{ to: 'lost@example.com', subject: 'S', text: 'T' },
					{ db: database.db, smtpUrl: refusing.url, from: 'a@b.test' },
				),
			).rejects.toThrow(/Mailbox unavailable/)
		} finally {
			await refusing.close()
		}
		const rows = await database.db.select().from(outbox)
		const row = rows.find((r) => r.toAddress === 'lost@example.com')
		expect(row).toMatchObject({ transport: 'smtp', sentAt: null })
	})
})
