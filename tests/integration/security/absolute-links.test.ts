/**
 * Absolute links never come from the Host header (docs/decisions/069): canonical and Open Graph
 * URLs and links in e-mails use SITE_URL, or the address the server was started on, whatever
 * Host or X-Forwarded-Host a request carries.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodedMail, startSmtp } from '../../fakes/smtp'
import { honeypotFields, rawRequest } from '../../support/raw-http'
import { type RunningServer, startServer } from '../../support/server'

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1]
const ogUrlOf = (html: string) => html.match(/<meta property="og:url" content="([^"]+)"/)?.[1]

describe.each<{ name: string; env: Record<string, string> }>([
	{ name: 'without a trusted proxy', env: {} },
	{ name: 'behind a trusted proxy (TRUST_PROXY=1)', env: { TRUST_PROXY: '1' } },
])('absolute links $name', ({ env }) => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({ RATE_LIMIT_MAX: '1000', SMTP_URL: smtp.url, ...env })
	})
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	test.each<Record<string, string>>([
		{ Host: 'evil.example' },
		{ 'X-Forwarded-Host': 'evil.example' },
		{ Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
	])('canonical and og:url stay on the started address with %o', async (headers) => {
		const response = await rawRequest(server.port, { path: '/workshop', headers })
		expect(response.status).toBe(200)
		expect(canonicalOf(response.body)).toBe(`${server.url}/workshop`)
		expect(ogUrlOf(response.body)).toBe(`${server.url}/workshop`)
		expect(response.body).not.toContain('evil.example')
	})

	test('the link in a confirmation e-mail stays on the started address', async () => {
		const email = `host-${Math.random().toString(36).slice(2)}@example.com`
		const fields = await honeypotFields(server.url, '/ai-driven-development-day')
		const response = await rawRequest(server.port, {
			method: 'POST',
			path: '/ai-driven-development-day?index',
			headers: {
				host: 'evil.example',
				'x-forwarded-host': 'evil.example',
				'content-type': 'application/x-www-form-urlencoded',
			},
			body: new URLSearchParams({ ...fields, email }).toString(),
		})
		expect(response.status).toBe(302)
		const [mail] = await smtp.waitFor(email)
		const outbox = mail ? decodedMail(mail.raw) : ''
		const link = outbox.match(
			/https?:\/\/[^\s"<]+\/ai-driven-development-day\/confirm\?token=/,
		)?.[0]
		expect(link).toBe(`${server.url}/ai-driven-development-day/confirm?token=`)
		expect(outbox).not.toContain('evil.example')
	})
})
