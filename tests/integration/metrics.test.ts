/**
 * Prometheus metrics at /metrics (docs/decisions/106), through the production build: hidden (a
 * 404 like any unknown path) unless METRICS_TOKEN is set and the scrape carries it. Needs
 * `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paySandbox } from '../support/sandbox'
import { type RunningServer, startServer } from '../support/server'

const TOKEN = 'scrape-token-for-the-metrics-test'
const SEAT = 'ai-driven-dev-preorder'

/** The value of the sample `name{labels}` in an exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
	for (const line of text.split('\n')) {
		const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
		if (!match || match[1] !== name) continue
		const found = Object.fromEntries(
			[...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
		)
		if (Object.entries(labels).every(([key, value]) => found[key] === value))
			return Number(match[3])
	}
	return undefined
}

const scrape = (server: RunningServer, headers: Record<string, string> = {}) =>
	fetch(`${server.url}/metrics`, { headers })

describe('/metrics without METRICS_TOKEN', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ METRICS_TOKEN: '' })
	}, 120_000)
	afterAll(() => server?.stop())

	test('answers 404 like any unknown path, whatever the request carries', async () => {
		const unknown = await fetch(`${server.url}/no-such-page`)
		for (const headers of [{}, { Authorization: 'Bearer anything-at-all-here' }] as Record<
			string,
			string
		>[]) {
			const response = await scrape(server, headers)
			expect(response.status).toBe(404)
			expect(response.headers.get('content-type')).toBe(unknown.headers.get('content-type'))
			expect(await response.text()).not.toContain('# HELP')
		}
	})
})

describe('/metrics with METRICS_TOKEN', () => {
	let server: RunningServer
	const bearer = { Authorization: `Bearer ${TOKEN}` }
	const metrics = async () => {
		const response = await scrape(server, bearer)
		expect(response.status).toBe(200)
		return response.text()
	}
	beforeAll(async () => {
		// Nothing listens on port 1: every SMTP delivery fails (and is retried later).
		server = await startServer({ METRICS_TOKEN: TOKEN, SMTP_URL: 'smtp://127.0.0.1:1' })
	}, 120_000)
	afterAll(() => server?.stop())

	test('a scrape without the token, or with another, is a 404 as for any unknown path', async () => {
		const unknown = await fetch(`${server.url}/no-such-page`)
		for (const headers of [
			{},
			{ Authorization: `Bearer ${TOKEN}x` },
			{ Authorization: 'Bearer wrong' },
			{ Authorization: TOKEN },
			{ Authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}` },
		] as Record<string, string>[]) {
			const response = await scrape(server, headers)
			expect(response.status, JSON.stringify(headers)).toBe(404)
			expect(response.headers.get('content-type')).toBe(unknown.headers.get('content-type'))
			expect(await response.text()).not.toContain('# HELP')
		}
	})

	test('the right token gets the text exposition, never cached', async () => {
		const response = await scrape(server, bearer)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
		expect(response.headers.get('cache-control')).toBe('no-store')
		const text = await response.text()
		for (const name of [
			'http_requests_total',
			'http_request_duration_seconds',
			'checkouts_total',
			'email_delivery_failures_total',
			'job_queue_jobs',
			'job_queue_oldest_waiting_seconds',
			'page_cache_lookups_total',
			'page_cache_hit_ratio',
			// prom-client's default process metrics
			'process_cpu_user_seconds_total',
			'process_resident_memory_bytes',
			'nodejs_eventloop_lag_seconds',
		])
			expect(text, name).toContain(`# TYPE ${name} `)
		// Read from the database at scrape time.
		expect(sample(text, 'job_queue_jobs', { state: 'waiting' })).toBeGreaterThanOrEqual(0)
		expect(sample(text, 'job_queue_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0)
	})

	test('a page request is counted under its route id, never its path', async () => {
		const route = { route: 'routes/workshop._index', method: 'GET', code: '200' }
		const before = sample(await metrics(), 'http_requests_total', route) ?? 0
		expect((await fetch(`${server.url}/workshop`)).status).toBe(200)
		const text = await metrics()
		expect(sample(text, 'http_requests_total', route)).toBe(before + 1)
		expect(
			sample(text, 'http_request_duration_seconds_count', {
				route: 'routes/workshop._index',
				method: 'GET',
			}),
		).toBeGreaterThanOrEqual(1)
		expect(text).not.toContain('"/workshop')
	})

	test('an e-mail address in a path never appears in the output', async () => {
		const paths = ['/someone.secret@example.com', '/blog/x/other.person@example.org']
		for (const path of paths) expect((await fetch(`${server.url}${path}`)).status).toBe(404)
		const text = await metrics()
		expect(text).not.toMatch(/secret|other\.person|example\.(com|org)|@/)
		expect(sample(text, 'http_requests_total', { route: 'routes/$', code: '404' })).toBeGreaterThan(
			0,
		)
	})

	test('checkouts are counted by outcome: created, refused by reason code, paid', async () => {
		const post = (body: unknown) =>
			fetch(`${server.url}/checkout`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify(body),
			})
		expect((await post({ code: 'no-such-thing', quantity: 1, region: 'GLOBAL' })).status).toBe(404)
		const created = await post({ code: SEAT, quantity: 1, region: 'GLOBAL' })
		const { link } = (await created.json()) as { link: string }
		const paid = await paySandbox(link, { email: 'ada@example.com' })
		expect(paid.status).toBeLessThan(400)
		const text = await metrics()
		expect(sample(text, 'checkouts_total', { outcome: 'refused', reason: 'product' })).toBe(1)
		expect(sample(text, 'checkouts_total', { outcome: 'created' })).toBe(1)
		expect(sample(text, 'checkouts_total', { outcome: 'paid' })).toBe(1)
		expect(text).not.toContain('ada@')
	})

	test('a failed e-mail delivery is counted', async () => {
		// The paid checkout's receipt (above) went to an SMTP server that is not there.
		const until = Date.now() + 20_000
		let failures: number | undefined
		while (!failures && Date.now() < until) {
			failures = sample(await metrics(), 'email_delivery_failures_total', { kind: 'attempt' })
			if (!failures) await new Promise((resolve) => setTimeout(resolve, 100))
		}
		expect(failures).toBeGreaterThanOrEqual(1)
	})
})
