/**
 * Handing one message to an SMTP server (docs/decisions/101): a connection per message, with
 * RFC 5321's timeouts, and a failure told apart by what the server can have seen. Before the
 * whole message was handed over, the server cannot have accepted it; after, a timeout or a lost
 * connection leaves the outcome unknown — the server may have accepted it — and the caller
 * retries with the same Message-ID and says so. nodemailer's SMTP connection does the protocol;
 * its transport is not used because it cannot tell those two failures apart.
 */
import MailComposer from 'nodemailer/lib/mail-composer'
import type Mail from 'nodemailer/lib/mailer'
import { parseConnectionUrl } from 'nodemailer/lib/shared'
import SMTPConnection from 'nodemailer/lib/smtp-connection'

export type SmtpTimeouts = {
	/** Connecting and the server's 220 greeting, together (nodemailer counts both in this). */
	connectionTimeout: number
	greetingTimeout: number
	/** How long the server may stay silent at any point of the session. */
	socketTimeout: number
}

const MINUTE = 60_000

/**
 * RFC 5321 §4.5.3.2: the greeting within 5 minutes; MAIL and RCPT 5, DATA 2, each data block 3,
 * and the reply to the final "." 10 minutes — a server may check the whole message before it
 * answers. nodemailer has one inactivity timeout for the whole session, so it is the longest.
 */
export const RFC_5321_TIMEOUTS: SmtpTimeouts = {
	connectionTimeout: 5 * MINUTE,
	greetingTimeout: 5 * MINUTE,
	socketTimeout: 10 * MINUTE,
}

/** The whole message was handed to the server and no answer came: it may have been accepted. */
export class OutcomeUnknownError extends Error {
	name = 'OutcomeUnknownError'
	constructor(cause: Error) {
		super(`no answer after the message was handed over (${cause.message})`, { cause })
	}
}

type SubmitOptions = {
	timeouts?: SmtpTimeouts
	/** Aborting closes the connection at once (shutdown): the send fails like a lost connection. */
	signal?: AbortSignal
	/**
	 * Aborting closes the connection only while the message has not been handed over (the server
	 * cannot have it: a known outcome); once it has, the answer is still awaited.
	 */
	untilHandedOver?: AbortSignal
}

/**
 * Sends `message` through the server at `url` (smtp:// or smtps://, with credentials when the
 * server asks for them). Resolves with the server's acceptance; rejects with its refusal (an
 * error with its `responseCode`), a failure before the message was handed over, or an
 * OutcomeUnknownError.
 */
export function submitMessage(
	url: string,
	message: Mail.Options,
	{ timeouts = RFC_5321_TIMEOUTS, signal, untilHandedOver }: SubmitOptions = {},
): Promise<{ response: string }> {
	const options = { ...parseConnectionUrl(url), ...timeouts }
	const mail = new MailComposer(message).compile()
	return new Promise((resolve, reject) => {
		const connection = new SMTPConnection(options)
		let handedOver = false
		let settled = false
		const finish = (error: Error | null, response = '') => {
			if (settled) return
			settled = true
			signal?.removeEventListener('abort', onAbort)
			untilHandedOver?.removeEventListener('abort', onStop)
			if (!error) {
				connection.quit()
				resolve({ response })
				return
			}
			connection.close()
			// An answer, even a refusal, is an outcome; silence after the data is not.
			const answered = typeof (error as { responseCode?: unknown }).responseCode === 'number'
			reject(handedOver && !answered ? new OutcomeUnknownError(error) : error)
		}
		const abortWith = (reason: unknown) =>
			finish(reason instanceof Error ? reason : new Error('Delivery aborted'))
		const onAbort = () => abortWith(signal?.reason)
		const onStop = () => {
			if (!handedOver) abortWith(untilHandedOver?.reason)
		}
		if (signal?.aborted) return onAbort()
		if (untilHandedOver?.aborted) return onStop()
		signal?.addEventListener('abort', onAbort, { once: true })
		untilHandedOver?.addEventListener('abort', onStop, { once: true })
		// Errors after the end (a late socket error while closing) have nobody left to tell.
		connection.on('error', (error) => finish(error))
		connection.connect((error) => {
			if (error) return finish(error)
			const send = () => {
				const stream = mail.createReadStream()
				// Read to its end only after the server's 354: the whole message is on its way.
				stream.once('end', () => {
					handedOver = true
				})
				connection.send(mail.getEnvelope(), stream, (error, info) => finish(error, info?.response))
			}
			const allowsAuth = (connection as unknown as { allowsAuth?: boolean }).allowsAuth
			if (options.auth && allowsAuth)
				connection.login(options.auth, (error) => (error ? finish(error) : send()))
			else send()
		})
	})
}
