/** A real SMTP server on a free loopback port (smtp-server) that keeps what it receives. */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

type ReceivedMail = { from: string; to: string[]; raw: string }

export async function startSmtp(options: { rejectWith?: string } = {}) {
	const received: ReceivedMail[] = []
	const server = new SMTPServer({
		authOptional: true,
		// Plain SMTP on loopback: nodemailer would refuse the server's self-signed STARTTLS certificate.
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				if (options.rejectWith) {
					callback(Object.assign(new Error(options.rejectWith), { responseCode: 554 }))
					return
				}
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
					raw: Buffer.concat(chunks).toString('utf8'),
				})
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.server.address() as AddressInfo
	return {
		url: `smtp://127.0.0.1:${port}`,
		received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

/** The body as a reader sees it: quoted-printable soft breaks and escapes undone. */
export const decodedMail = (raw: string) =>
	raw
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
