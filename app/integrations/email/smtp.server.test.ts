import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startSmtp } from '../../../tests/fakes/smtp'
import { OutcomeUnknownError, RFC_5321_TIMEOUTS, submitMessage } from './smtp.server'

const message = {
	from: 'Course <hello@site.test>',
	to: 'ada@example.com',
	subject: 'Hello',
	text: 'T',
	messageId: '<outbox-1-1@site.test>',
}

describe('handing a message to an SMTP server (docs/decisions/101)', () => {
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	beforeAll(async () => {
		smtp = await startSmtp({ account: { user: 'site@example.com', pass: 'p:ss/word' } })
	})
	afterAll(() => smtp?.close())
	const url = (user: string, pass: string) =>
		`smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${smtp.port}`

	test('logs in with the credentials in the URL and sends, with the Message-ID it was given', async () => {
		const { response } = await submitMessage(url('site@example.com', 'p:ss/word'), message)
		expect(response).toMatch(/^250/)
		const [arrived] = smtp.mailTo('ada@example.com')
		expect(arrived!.raw).toContain('Message-ID: <outbox-1-1@site.test>')
	})

	test('wrong credentials are an answer, before any data: a known failure, not an unknown outcome', async () => {
		const error = await submitMessage(url('site@example.com', 'wrong'), message).catch((e) => e)
		expect(error).not.toBeInstanceOf(OutcomeUnknownError)
		expect(error).toMatchObject({ responseCode: 535 })
	})

	test('aborted while waiting for the answer to the data: the outcome is unknown; aborted before the data went: it is not', async () => {
		smtp.stall()
		try {
			const waiting = new AbortController()
			const sending = submitMessage(url('site@example.com', 'p:ss/word'), message, {
				signal: waiting.signal,
			}).catch((e) => e)
			const until = Date.now() + 5_000
			while (smtp.stalledCount() === 0 && Date.now() < until)
				await new Promise((resolve) => setTimeout(resolve, 20))
			waiting.abort(new Error('shutting down'))
			const unknown = await sending
			expect(unknown).toBeInstanceOf(OutcomeUnknownError)
			expect(unknown.message).toBe('no answer after the message was handed over (shutting down)')

			const early = new AbortController()
			const before = submitMessage(url('site@example.com', 'p:ss/word'), message, {
				signal: early.signal,
			}).catch((e) => e)
			early.abort(new Error('shutting down'))
			const known = await before
			expect(known).not.toBeInstanceOf(OutcomeUnknownError)
			expect(known.message).toBe('shutting down')
		} finally {
			smtp.stall(false)
		}
	})

	test('RFC 5321’s waits by default: the greeting within 5 minutes, the answer to the data within 10', () => {
		expect(RFC_5321_TIMEOUTS).toEqual({
			connectionTimeout: 5 * 60_000,
			greetingTimeout: 5 * 60_000,
			socketTimeout: 10 * 60_000,
		})
	})
})
