/**
 * Find anyone and a person's page (issue 27, docs/decisions/114) against the production build:
 * a sandbox sale is found by its order id, by the start of the buyer's address in any case and
 * by their name; the person's page is reached by an opaque reference, never by the address; bad
 * input is a 400 next to the box; and neither the access log nor /metrics ever holds the address.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_USERS } from '../../app/integrations/github/emulator-users'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { signInThroughPeer } from '../support/github-sign-in'
import { paySandbox } from '../support/sandbox'
import { type RunningServer, startServer } from '../support/server'

const SEAT = 'ai-driven-dev-preorder'
const BUYER = 'ada.searchable@example.com'
const METRICS_TOKEN = 'search-test-metrics-token-0123'

describe('find anyone, and a person’s page', () => {
	let github: FakeGitHub
	let server: RunningServer
	let owner: string
	let orderId: string

	const get = (path: string, cookie = owner) =>
		fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' })
	const personLinks = (html: string) => [
		...new Set([...html.matchAll(/href="(\/admin\/people\/[^"]+)"/g)].map((match) => match[1]!)),
	]

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		server = await startServer({
			...github.env(2_000),
			ADMIN_GITHUB_LOGINS: 'mona',
			METRICS_TOKEN,
			RATE_LIMIT_MAX: '1000',
		})
		owner = await signInThroughPeer(server, 'mona')
		const created = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: SEAT, quantity: 2, region: 'GLOBAL' }),
		})
		const { link } = (await created.json()) as { link: string }
		orderId = link.split('/').at(-1)!
		expect((await paySandbox(link, { email: BUYER })).status).toBeLessThan(400)
	})
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	test('the start of the address, in any case, finds the buyer; their page is behind an opaque link', async () => {
		const search = await get('/admin/search?q=ADA.Search')
		expect(search.status).toBe(200)
		const html = await search.text()
		expect(html).toContain(BUYER)
		const [path, ...others] = personLinks(html)
		expect(others).toEqual([])
		expect(path).not.toMatch(/ada|searchable|example|@|%40/i)

		const page = await get(path!)
		expect(page.status).toBe(200)
		const person = await page.text()
		expect(person).toMatch(new RegExp(`<h1 [^>]*>${BUYER}</h1>`))
		expect(person).toContain(`href="/admin/orders/${orderId}"`)
		// Two seats to share, neither claimed yet (docs/decisions/118).
		expect(person).toContain('2 seats bought')
		expect(person).toContain('0 seats held')
		// The actions that apply are links to the pages that do them, not copies.
		expect(person).toContain(`href="/admin/orders/${orderId}?confirm=refund"`)
		expect(person).toContain(`href="/admin/orders/${orderId}?confirm=resend-receipt"`)
		expect(person).toMatch(/href="\/admin\/email\/\d+"[^>]*>Your receipt for order/)
	})

	test('an exact order id finds the order and links its buyer’s page', async () => {
		const html = await (await get(`/admin/search?q=${orderId}`)).text()
		expect(html).toContain(`href="/admin/orders/${orderId}"`)
		expect(personLinks(html)).toHaveLength(1)
	})

	test('an order’s page links its buyer’s page, by the same opaque reference', async () => {
		const search = await (await get('/admin/search?q=ada.searchable')).text()
		const order = await (await get(`/admin/orders/${orderId}`)).text()
		expect(order).toMatch(/<a [^>]*href="\/admin\/people\/[^"]+"[^>]*>The buyer’s page<\/a>/)
		expect(personLinks(order)).toEqual(personLinks(search))
	})

	test('nothing found says so; an empty box shows only the box', async () => {
		const none = await get('/admin/search?q=no-such-person-anywhere')
		expect(none.status).toBe(200)
		expect(await none.text()).toContain('Nothing matches “no-such-person-anywhere”.')
		const empty = await (await get('/admin/search?q=')).text()
		expect(empty).toContain('Order id, pass id, e-mail, name or company')
		expect(empty).not.toContain('Results for')
	})

	test('a control character or an overlong search is a 400 with its message next to the box', async () => {
		for (const [q, message] of [
			['a\u0000b', 'Search must not contain control characters'],
			['x'.repeat(255), 'Search for at most 254 characters'],
		] as const) {
			const response = await get(`/admin/search?q=${encodeURIComponent(q)}`)
			expect(response.status).toBe(400)
			const html = await response.text()
			expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="search-q-error"/)
			expect(html).toContain(message)
			expect(html).not.toContain('Results for')
		}
	})

	test('a reference that is not one this site made, or names nobody, is a 404', async () => {
		for (const ref of ['nobody', 'A'.repeat(60), encodeURIComponent(BUYER)])
			expect((await get(`/admin/people/${ref}`)).status, ref).toBe(404)
	})

	test('to anyone but the owner, both pages are an unknown path', async () => {
		const html = await (await get('/admin/search?q=ada')).text()
		const path = personLinks(html)[0]!
		for (const url of ['/admin/search?q=ada', path]) {
			const response = await get(url, '')
			expect(response.status, url).toBe(404)
			expect(await response.text()).not.toContain('ada.searchable')
		}
	})

	test('the address never reaches the access log or /metrics', async () => {
		const html = await (await get('/admin/search?q=ada.searchable%40example.com')).text()
		await get(personLinks(html)[0]!)
		expect(server.output()).not.toMatch(/ada\.searchable|searchable@/)
		const metrics = await (
			await fetch(`${server.url}/metrics`, {
				headers: { authorization: `Bearer ${METRICS_TOKEN}` },
			})
		).text()
		expect(metrics).toContain('route="routes/admin.people.$ref"')
		expect(metrics).toContain('route="routes/admin.search"')
		expect(metrics).not.toMatch(/searchable|@/)
	})
})
