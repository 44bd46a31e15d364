/**
 * A saturated or unreachable database is a 503 with Retry-After on every route, never a 500, and
 * one log line when it starts and one when it ends, however many requests fail in between
 * (docs/decisions/104). On a throwaway PostgreSQL (TEST_DATABASE_URL, scripts/with-postgres.sh);
 * needs `npm run build`.
 */
import net from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeSession, FakeStripe } from '../fakes/stripe'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'
import type { RunningServer } from '../support/server'
import { startStripeSite, stopStripeSite } from '../support/stripe-site'

const SEAT = 'ai-driven-dev-preorder'

/** A TCP relay to PostgreSQL that can be cut (connections dropped, port closed) and restored. */
async function startRelay({ hostname, port: targetPort }: URL) {
	const sockets = new Set<net.Socket>()
	let server: net.Server | undefined
	let port = 0
	const listen = () =>
		new Promise<void>((resolve, reject) => {
			server = net.createServer((client) => {
				const upstream = net.connect(Number(targetPort), hostname)
				for (const socket of [client, upstream]) {
					sockets.add(socket)
					socket.on('error', () => {})
					socket.on('close', () => {
						sockets.delete(socket)
						client.destroy()
						upstream.destroy()
					})
				}
				client.pipe(upstream).pipe(client)
			})
			server.once('error', reject)
			server.listen(port, '127.0.0.1', () => {
				port = (server!.address() as net.AddressInfo).port
				resolve()
			})
		})
	await listen()
	return {
		port,
		async cut() {
			const closed = new Promise((resolve) => server!.close(resolve))
			for (const socket of sockets) socket.destroy()
			await closed
		},
		restore: listen,
	}
}

type Site = {
	server: RunningServer
	stripe: FakeStripe
	session: FakeSession
	orderId: string
	/** The sign-up form's honeypot fields, as the page gave them (a form posted without is a 400). */
	honeypot: Record<string, string>
}

async function startSite(env: Record<string, string>): Promise<Site> {
	const { server, stripe } = await startStripeSite({ RATE_LIMIT_MAX: '1000', ...env })
	const response = await fetch(`${server.url}/checkout`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', origin: server.url },
		body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL' }),
	})
	expect(response.status).toBe(200)
	const { link } = (await response.json()) as { link: string }
	const session = [...stripe.sessions.values()].find((one) => one.url === link)!
	const form = await (await fetch(`${server.url}/workshop`)).text()
	const validFrom = form.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1]
	expect(validFrom, 'honeypot valid-from field').toBeTruthy()
	const honeypot = { website: '', from__confirm: validFrom! }
	return { server, stripe, session, orderId: session.metadata.order_id!, honeypot }
}

const completed = (session: FakeSession): FakeSession => ({
	...session,
	status: 'complete',
	payment_status: 'paid',
	payment_intent: `pi_${session.id}`,
	customer_details: { email: 'buyer@example.com', name: 'Buyer' },
})

function deliverWebhook(site: Site) {
	const { payload, signature } = site.stripe.event(
		'checkout.session.completed',
		completed(site.session),
	)
	return fetch(`${site.server.url}/webhooks/stripe`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
		body: payload,
	})
}

/** The requests of a launch day, all at once: a sign-up, buyers, the webhook, a page. */
async function launchDayRequests(site: Site, buyers: number) {
	const { url } = site.server
	const named = (what: string, request: Promise<Response>) =>
		request.then((response) => ({ what, response }))
	return Promise.all([
		named(
			'the workshop sign-up form post',
			fetch(`${url}/workshop?index`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
				body: new URLSearchParams({ ...site.honeypot, email: 'ada@example.com', firstName: 'Ada' }),
			}),
		),
		...Array.from({ length: buyers }, () =>
			named(
				'a checkout post',
				fetch(`${url}/checkout`, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', origin: url },
					body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL' }),
				}),
			),
		),
		named('the payment webhook', deliverWebhook(site)),
		named('the thank-you page', fetch(`${url}/checkout/${site.orderId}/thank-you`)),
	])
}

async function expectAllUnavailable(answers: Awaited<ReturnType<typeof launchDayRequests>>) {
	for (const { what, response } of answers) {
		expect(response.status, what).toBe(503)
		expect(Number(response.headers.get('retry-after')), what).toBeGreaterThan(0)
		await response.arrayBuffer()
	}
}

/** The server's log since `mark`: one outage line, no stacks, no per-request error lines. */
function expectOneOutageLine(site: Site, mark: number) {
	const log = site.server.output().slice(mark)
	expect(log.match(/Database unavailable/g), log).toHaveLength(1)
	expect(log, 'no stack traces').not.toMatch(/^\s+at /m)
	expect(log).not.toMatch(/Error while handling|failed:|could not be read|not rendered for a bot/)
}

async function waitForLine(site: Site, pattern: RegExp, timeoutMs = 15_000) {
	const until = Date.now() + timeoutMs
	while (!pattern.test(site.server.output())) {
		if (Date.now() > until) throw new Error(`No ${pattern} in:\n${site.server.output()}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

describe.skipIf(!TEST_DATABASE_URL)('a saturated connection pool', () => {
	let site: Site | undefined
	let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined
	let admin: pg.Client | undefined
	beforeAll(async () => {
		database = await createTestDatabase()
		site = await startSite({
			DATABASE_URL: database.url,
			DATABASE_POOL_MAX: '1',
			// One pool for every request, payments' too (decision 162): the pool saturated here.
			DATABASE_PAYMENT_POOL_MAX: '0',
			DATABASE_POOL_TIMEOUT_MS: '300',
		})
		admin = new pg.Client({ connectionString: database.url })
		await admin.connect()
	})
	afterAll(async () => {
		await admin?.end()
		await stopStripeSite(site?.server, site?.stripe)
		await database?.drop()
	})

	test('every request answers 503 with Retry-After, and the log has one line, not one per request', async () => {
		const { server } = site!
		// From before the outage: the job worker's own poll may meet the busy pool (and log the
		// outage) while the lock below is still being waited for, before any request is sent.
		const mark = server.output().length
		// The pool's one connection stays busy: the tables are locked, and a health check's
		// query waits on them.
		await admin!.query('BEGIN')
		const { rows } = await admin!.query<{ name: string }>(
			"SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
		)
		await admin!.query(
			`LOCK TABLE ${rows.map((row) => row.name).join(', ')} IN ACCESS EXCLUSIVE MODE`,
		)
		const held = fetch(`${server.url}/healthz`)
		for (;;) {
			const waiting = await admin!.query(
				"SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
			)
			if (waiting.rowCount) break
			await new Promise((resolve) => setTimeout(resolve, 50))
		}

		await expectAllUnavailable(await launchDayRequests(site!, 16))
		expectOneOutageLine(site!, mark)

		await admin!.query('ROLLBACK')
		await held
		await waitForLine(site!, /Database available again after \d+ s/)
		// Stripe delivers the event again later: now it is applied.
		const retried = await deliverWebhook(site!)
		expect(retried.status).toBe(200)
		expect(await retried.json()).toMatchObject({ handled: true, changed: true })
	})
})

describe.skipIf(!TEST_DATABASE_URL)('a database outage', () => {
	let site: Site | undefined
	let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined
	let relay: Awaited<ReturnType<typeof startRelay>> | undefined
	beforeAll(async () => {
		database = await createTestDatabase()
		const url = new URL(database.url)
		relay = await startRelay(url)
		url.host = `127.0.0.1:${relay.port}`
		site = await startSite({ DATABASE_URL: url.href })
	})
	afterAll(async () => {
		await stopStripeSite(site?.server, site?.stripe)
		await database?.drop()
	})

	test('every route answers 503 with Retry-After, with one log line when it starts and one when it ends', async () => {
		const { server } = site!
		const mark = server.output().length
		await relay!.cut()

		await expectAllUnavailable(await launchDayRequests(site!, 4))
		const health = await fetch(`${server.url}/healthz`)
		expect(health.status).toBe(503)
		// Later requests in the same outage add nothing to the log.
		await expectAllUnavailable(await launchDayRequests(site!, 4))
		expectOneOutageLine(site!, mark)

		await relay!.restore()
		await waitForLine(site!, /Database available again after \d+ s/)
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
		expect((await deliverWebhook(site!)).status).toBe(200)
	})
})
