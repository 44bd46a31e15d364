/**
 * Logs carry no e-mail addresses or SQL parameters (docs/decisions/069): what the server prints
 * about a sign-up, delivered or failed, names the address only in a redacted form.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startSmtp } from '../../fakes/smtp'
import { honeypotFields } from '../../support/raw-http'
import { queueSettled, type RunningServer, startServer } from '../../support/server'

function signUp(server: RunningServer, fields: Record<string, string>) {
	return fetch(`${server.url}/workshop?index`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
		body: new URLSearchParams(fields),
	})
}

describe('log redaction', () => {
	let outboxServer: RunningServer
	let failingServer: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	beforeAll(async () => {
		// A mail server that refuses the message and, as real ones do, names the recipient.
		smtp = await startSmtp({
			rejectWith: 'Mailbox unavailable: <leaky.person@example.com> does not exist',
		})
		;[outboxServer, failingServer] = await Promise.all([
			startServer(),
			startServer({ SMTP_URL: smtp.url }),
		])
	})
	afterAll(async () => {
		await Promise.all([outboxServer?.stop(), failingServer?.stop()])
		await smtp?.close()
	})

	test('an e-mail written to the outbox is logged without the address', async () => {
		const fields = await honeypotFields(outboxServer.url, '/workshop')
		const response = await signUp(outboxServer, { ...fields, email: 'quiet.person@example.com' })
		expect(response.status).toBe(302)
		await queueSettled(outboxServer)
		expect(outboxServer.output()).toMatch(
			/E-mail #\d+ to q\*\*\*@example\.com: .* written to the outbox/,
		)
		expect(outboxServer.output()).not.toContain('quiet.person@example.com')
	})

	test('a refused e-mail is logged with the address redacted', async () => {
		const fields = await honeypotFields(failingServer.url, '/workshop')
		const response = await signUp(failingServer, { ...fields, email: 'leaky.person@example.com' })
		expect(response.status).toBe(302)
		// Delivery is a job (docs/decisions/075): the refusal is logged once it has run.
		await queueSettled(failingServer)
		expect(failingServer.output()).toContain('could not be sent')
		expect(failingServer.output()).toContain('l***@example.com')
		expect(failingServer.output()).not.toContain('leaky.person@example.com')
	})
})
