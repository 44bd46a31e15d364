/**
 * The SMTP peer the integration tests send to (tests/fakes/smtp.ts): a sender that dies in the
 * middle of a conversation, as a killed site does (kept-across-kills.test.ts), must not take the
 * test process with it, and the peer goes on receiving.
 */
import net from 'node:net'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSmtp } from '../fakes/smtp'

let smtp: Awaited<ReturnType<typeof startSmtp>>

beforeAll(async () => {
	smtp = await startSmtp()
})

afterAll(async () => {
	await smtp.close()
})

test('a sender that resets its connection mid-conversation leaves the peer receiving', async () => {
	const socket = net.connect(smtp.port, '127.0.0.1')
	const reply = () => new Promise<void>((resolve) => socket.once('data', () => resolve()))
	await reply()
	socket.write('EHLO killed.example\r\n')
	await reply()
	// Inside a mail transaction: smtp-server reports a reset there (outside one it is quiet).
	socket.write('MAIL FROM:<site@example.com>\r\n')
	await reply()
	// A reset, as the kernel sends for a process killed with its connection open.
	socket.resetAndDestroy()
	await new Promise((resolve) => setTimeout(resolve, 100))

	await nodemailer
		.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true })
		.sendMail({ from: 'a@example.com', to: 'after-reset@example.com', text: 'still here' })
	expect(await smtp.waitFor('after-reset@example.com')).toHaveLength(1)
})
