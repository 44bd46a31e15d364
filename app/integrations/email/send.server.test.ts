import { describe, expect, test } from 'vitest'
import { outboxMessage } from './deliver.server'

const row = {
	id: 42,
	toAddress: 'ada@example.com',
	fromAddress: 'AI Driven Dev <hello@site.test>',
	subject: 'Hello',
	textBody: 'Plain',
	htmlBody: null,
	transport: 'smtp' as const,
	messageId: null,
	sentAt: null,
	createdAt: new Date('2026-01-01T00:00:00Z'),
	attempts: 0,
	lastError: null,
	failedAt: null,
	attachments: null,
	mailboxKey: null,
	mailboxDomain: null,
	outcomeUnknownAt: null,
	kind: 'receipt' as const,
	listUnsubscribeUrl: null,
	notAfter: null,
	attemptStartedAt: null,
}

describe('an outbox row as the message nodemailer sends (docs/decisions/076)', () => {
	test('carries the row’s addresses, subject and bodies; no HTML part when the row has none', () => {
		expect(outboxMessage(row)).toMatchObject({
			from: 'AI Driven Dev <hello@site.test>',
			to: 'ada@example.com',
			subject: 'Hello',
			text: 'Plain',
			html: undefined,
		})
		expect(outboxMessage({ ...row, htmlBody: '<p>Hi</p>' }).html).toBe('<p>Hi</p>')
	})

	test('carries the row’s attachments (an event’s calendar file, docs/decisions/089)', () => {
		const attachment = {
			filename: 'day.ics',
			contentType: 'text/calendar',
			content: 'BEGIN:VCALENDAR',
		}
		expect(outboxMessage(row).attachments).toBeUndefined()
		expect(outboxMessage({ ...row, attachments: [attachment] }).attachments).toEqual([attachment])
	})

	test('its Message-ID is derived from the row, on the sender’s domain, so a resend is the same message', () => {
		const id = outboxMessage(row).messageId
		expect(id).toBe(`<outbox-42-${row.createdAt.getTime()}@site.test>`)
		expect(outboxMessage({ ...row }).messageId).toBe(id)
		expect(outboxMessage({ ...row, id: 43 }).messageId).not.toBe(id)
	})

	test('a row with a one-click URL carries RFC 8058’s two headers; one without carries neither', () => {
		expect(outboxMessage(row).headers).toBeUndefined()
		const url = 'https://site.test/unsubscribe?token=a.b'
		expect(
			outboxMessage({ ...row, kind: 'workshopConfirmation', listUnsubscribeUrl: url }).headers,
		).toEqual({
			'List-Unsubscribe': `<${url}>`,
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		})
	})
})
