/**
 * A mail server for the end-to-end tests (playwright.config.ts starts it beside the site, which
 * sends to it through SMTP_URL): SMTP on MAIL_PEER_SMTP_PORT keeps every message, and
 * `GET /messages?to=address` on MAIL_PEER_HTTP_PORT lists what arrived for that address as
 * `[{ to, subject, text }]`. Specs read e-mails the way a visitor would, from their inbox,
 * rather than from the site's operator tools (docs/decisions/068). A message to an address whose
 * local part starts with `bounce-once` is refused for good (550) the first time, and accepted
 * after: a spec gets a failed delivery to retry. Plain JavaScript: Playwright runs it with node.
 */
import http from 'node:http'
import { SMTPServer } from 'smtp-server'

const smtpPort = Number(process.env.MAIL_PEER_SMTP_PORT)
const httpPort = Number(process.env.MAIL_PEER_HTTP_PORT)

/** @type {{ to: string[], subject: string, text: string }[]} */
const received = []
/** The bounce-once addresses refused already. */
const bounced = new Set()

const decodeQuotedPrintable = (text) =>
	text
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
const decodeHeader = (value) =>
	value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind, data) =>
		kind.toLowerCase() === 'b'
			? Buffer.from(data, 'base64').toString('utf8')
			: Buffer.from(decodeQuotedPrintable(data.replaceAll('_', ' ')), 'latin1').toString('utf8'),
	)

function parse(raw, to) {
	const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
	const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
	const subject = unfolded.match(/^subject: (.*)$/im)?.[1] ?? ''
	return { to, subject: decodeHeader(subject), text: decodeQuotedPrintable(rest.join('\n\n')) }
}

const smtp = new SMTPServer({
	authOptional: true,
	disabledCommands: ['STARTTLS'],
	logger: false,
	onData(stream, session, callback) {
		const chunks = []
		stream.on('data', (chunk) => chunks.push(chunk))
		stream.on('end', () => {
			const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase())
			const bounce = to.find(
				(address) => address.startsWith('bounce-once') && !bounced.has(address),
			)
			if (bounce) {
				bounced.add(bounce)
				callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
				return
			}
			received.push(parse(Buffer.concat(chunks).toString('utf8'), to))
			callback()
		})
	},
})

const api = http.createServer((req, res) => {
	const url = new URL(req.url ?? '/', 'http://localhost')
	if (url.pathname !== '/messages') {
		res.writeHead(url.pathname === '/' ? 200 : 404).end()
		return
	}
	const to = url.searchParams.get('to')?.toLowerCase()
	const messages = to ? received.filter((message) => message.to.includes(to)) : received
	res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages))
})

// A site that goes away inside a mail transaction resets its connection, which smtp-server
// reports as an 'error' event: unheard, it would end the peer and every later test's mail.
smtp.on('error', () => {})
smtp.listen(smtpPort, '127.0.0.1', () => api.listen(httpPort, '127.0.0.1'))
for (const signal of ['SIGINT', 'SIGTERM'])
	process.once(signal, () => {
		api.close()
		smtp.close(() => process.exit(0))
	})
