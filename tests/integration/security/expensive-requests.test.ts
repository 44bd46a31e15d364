/**
 * Expensive GETs (docs/decisions/133): one client looping over an invoice PDF, the owner's
 * exports or the owner's search cannot take the server from everyone else. A PDF is rendered
 * once per document version, however often it is downloaded; past EXPENSIVE_RATE_LIMIT_MAX from
 * one network the answer is a 429 with Retry-After, and another network is unaffected. The
 * server trusts one proxy, so a test plays each network with X-Forwarded-For. Needs
 * `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_USERS } from '../../../app/integrations/github/emulator-users'
import { type FakeGitHub, startFakeGitHub } from '../../fakes/github'
import { signInThroughPeer } from '../../support/github-sign-in'
import { paySandbox } from '../../support/sandbox'
import {
	queueSettled,
	type RunningServer,
	startServer,
	withMetricsToken,
} from '../../support/server'

const LIMIT = 4
const SEAT = 'ai-driven-dev-preorder'

describe('expensive GETs', () => {
	let github: FakeGitHub
	let server: RunningServer
	let owner: string
	let pdfPath: string

	const get = (path: string, network: string, cookie = '') =>
		fetch(`${server.url}${path}`, {
			redirect: 'manual',
			headers: { 'X-Forwarded-For': network, ...(cookie ? { cookie } : {}) },
		})
	const pdfRenders = async () => {
		const text = await (await fetch(`${server.url}/metrics`, { headers: withMetricsToken })).text()
		return Number(/^invoice_pdf_renders_total (\d+)$/m.exec(text)?.[1])
	}

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		server = await startServer({
			...github.env(2_000),
			ADMIN_GITHUB_LOGINS: 'mona',
			TRUST_PROXY: '1',
			RATE_LIMIT_MAX: '1000',
			EXPENSIVE_RATE_LIMIT_MAX: String(LIMIT),
			EXPENSIVE_RATE_LIMIT_WINDOW_MS: '60000',
		})
		owner = await signInThroughPeer(server, 'mona')
		const created = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL' }),
		})
		const { link } = (await created.json()) as { link: string }
		// The thank-you page shows the invoice's link to the browser that started the checkout.
		const buyer = created.headers
			.getSetCookie()
			.map((line) => line.split(';')[0])
			.join('; ')
		const paid = await paySandbox(link, {
			email: 'pdf.buyer@example.com',
			headers: { cookie: buyer },
		})
		const orderId = link.split('/').at(-1)!
		expect(paid.status).toBeLessThan(400)
		const thanks = await fetch(`${server.url}/checkout/${orderId}/thank-you`, {
			headers: { cookie: buyer },
		})
		const invoice = /href="(\/invoice\/[A-Za-z0-9_-]{22})\?sig=([^"]+)"/.exec(await thanks.text())
		expect(invoice).not.toBeNull()
		pdfPath = `${invoice![1]}/pdf?sig=${invoice![2]!.replace(/&amp;/g, '&')}`
		// The receipt's PDF is rendered by a job: done before anything here counts renders.
		await queueSettled(server)
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	test('an invoice PDF downloaded again is not rendered again', async () => {
		const before = await pdfRenders()
		const first = await get(pdfPath, '203.0.113.1')
		const second = await get(pdfPath, '203.0.113.1')
		expect(first.status).toBe(200)
		expect(second.status).toBe(200)
		expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()))
		// The receipt's job rendered this version once, through the cache the downloads use
		// (decision 133): neither download renders it again.
		expect(before).toBe(1)
		expect(await pdfRenders()).toBe(1)
	})

	test('past the limit one network gets a 429 with Retry-After and a clear message; another network still gets its PDF', async () => {
		for (let i = 0; i < LIMIT; i++) expect((await get(pdfPath, '198.51.100.7')).status).toBe(200)
		const refused = await get(pdfPath, '198.51.100.7')
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(await refused.text()).toMatch(
			/^Too many downloads or searches from your network: please wait \d+ s and try again$/,
		)
		// An invented link counts too: the limit runs before the route.
		expect((await get('/invoice/AAAAAAAAAAAAAAAAAAAAAA/pdf?sig=x', '198.51.100.7')).status).toBe(
			429,
		)

		expect((await get(pdfPath, '198.51.100.8')).status).toBe(200)
		// The page that links to the PDF is not an expensive request.
		expect((await get('/', '198.51.100.7')).status).toBe(200)
	})

	test('the owner’s exports and searches count; the search form without a query does not', async () => {
		const network = '192.0.2.50'
		const downloads = [
			'/admin/export/orders.csv',
			'/admin/money.csv',
			'/admin/search?q=pdf.buyer',
			'/admin/invoices/export.csv',
		]
		for (const path of downloads) expect((await get(path, network, owner)).status, path).toBe(200)
		expect((await get('/admin/search', network, owner)).status).toBe(200)
		for (const path of downloads) expect((await get(path, network, owner)).status, path).toBe(429)
		expect((await get('/admin/export/orders.csv', '192.0.2.51', owner)).status).toBe(200)
	})

	test('to a stranger an owner path stays the unknown path’s 404, never a 429', async () => {
		const network = '192.0.2.60'
		for (let i = 0; i < LIMIT + 2; i++)
			expect((await get('/admin/export/orders.csv', network)).status).toBe(404)
	})
})
