/** A real SMTP server on a free loopback port (smtp-server) that keeps what it receives. */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

type ReceivedMail = { from: string; to: string[]; raw: string }

type SmtpOptions = {
	rejectWith?: string
	/** Answer the end of a message's data only after this long (a slow server checking it). */
	answerAfterMs?: number
	/** Only this account may send (AUTH PLAIN or LOGIN). */
	account?: { user: string; pass: string }
	/** Listen on this port (default: a free one): a peer that comes back where it was. */
	port?: number
}

export async function startSmtp(options: SmtpOptions = {}) {
	const received: ReceivedMail[] = []
	const arrivals = new Set<() => void>()
	// While true, a message's data is read but never answered: the sender waits mid-delivery.
	let stalling = false
	// Each held message: accept it now, or refuse it (the server going away), and what it was.
	const stalled: { accept: () => void; refuse: (error: Error) => void; raw: string }[] = []
	let answerAfterMs = options.answerAfterMs ?? 0
	// The greeting waits this long after each connection (a slow server before the data).
	let greetAfterMs = 0
	let connections = 0
	const server = new SMTPServer({
		onConnect(_session, callback) {
			connections++
			if (greetAfterMs > 0) setTimeout(() => callback(), greetAfterMs)
			else callback()
		},
		authOptional: !options.account,
		// Credentials over plain SMTP: it is loopback.
		allowInsecureAuth: true,
		onAuth(auth, _session, callback) {
			const { account } = options
			if (account && auth.username === account.user && auth.password === account.pass)
				callback(null, { user: account.user })
			else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }))
		},
		// Plain SMTP on loopback: nodemailer would refuse the server's self-signed STARTTLS certificate.
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				const raw = Buffer.concat(chunks).toString('utf8')
				const accept = () => {
					if (options.rejectWith) {
						callback(Object.assign(new Error(options.rejectWith), { responseCode: 554 }))
						return
					}
					received.push({
						from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
						to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
						raw,
					})
					callback()
					for (const arrival of arrivals) arrival()
				}
				if (stalling) stalled.push({ accept, refuse: callback, raw })
				else if (answerAfterMs > 0) setTimeout(accept, answerAfterMs)
				else accept()
			})
		},
	})
	// A sender killed inside a mail transaction (kept-across-kills.test.ts) resets its connection,
	// which smtp-server reports as an 'error' event of the server: with no listener it is thrown
	// into the test process (a CI failure). It ends that one connection; the peer carries on.
	server.on('error', () => {})
	await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo
	const mailTo = (address: string) => received.filter((mail) => mail.to.includes(address))
	return {
		url: `smtp://127.0.0.1:${port}`,
		port,
		received,
		mailTo,
		/** Resolves with the messages to `address` once there are `count` (default 1). */
		waitFor(address: string, count = 1, timeoutMs = 20_000): Promise<ReceivedMail[]> {
			return new Promise((resolve, reject) => {
				const check = () => {
					if (mailTo(address).length < count) return false
					arrivals.delete(check)
					clearTimeout(timer)
					resolve(mailTo(address))
					return true
				}
				const timer = setTimeout(() => {
					arrivals.delete(check)
					reject(new Error(`No ${count} message(s) to ${address} within ${timeoutMs} ms`))
				}, timeoutMs)
				arrivals.add(check)
				check()
			})
		},
		/** From now on (or, with false, no longer) messages are read but not answered: the sender hangs mid-delivery. */
		stall(on = true) {
			stalling = on
		},
		/** Messages are being held unanswered. */
		stalledCount: () => stalled.length,
		/** The messages held unanswered, as they were sent. */
		stalledMail: () => stalled.map((held) => held.raw),
		/** From now on the end of each message's data is answered after `ms` (0: at once). */
		answerAfter(ms: number) {
			answerAfterMs = ms
		},
		/** From now on each connection is greeted after `ms` (0: at once). */
		greetAfter(ms: number) {
			greetAfterMs = ms
		},
		/** Connections opened so far. */
		connectionCount: () => connections,
		/** Answers the held messages: accepted, as if the server had only been slow. */
		acceptStalled() {
			for (const held of stalled.splice(0)) held.accept()
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const held of stalled.splice(0))
					held.refuse(Object.assign(new Error('Shutting down'), { responseCode: 421 }))
				server.close(() => resolve())
			}),
	}
}

/** The body as a reader sees it: quoted-printable soft breaks and escapes undone. */
export const decodedMail = (raw: string) =>
	raw
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/**
 * A message as its reader sees it: quoted-printable undone, read as UTF-8 (decodedMail leaves
 * the bytes as latin1 characters), folded header lines joined, and the base64 of its
 * attachments (the invoice's PDF, a calendar file) left out: no reader sees it, and a check that
 * a text is absent would otherwise find it there by chance now and then ("/de/" in a PDF's).
 */
export const readableMail = (raw: string) =>
	Buffer.from(decodedMail(withoutBase64(raw)), 'latin1')
		.toString('utf8')
		.replace(/\r?\n[ \t]+/g, ' ')

/** The base64 body of each part replaced by a mark; its headers kept. */
const withoutBase64 = (raw: string) =>
	raw.replace(
		/(Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n)[A-Za-z0-9+/=\r\n]+/gi,
		'$1[base64]\r\n',
	)
