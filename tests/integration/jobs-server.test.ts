/**
 * Background e-mail through the production build (docs/decisions/075, 076, 101): nothing is lost
 * when the mail server is down or the app server dies mid-delivery, and nothing is sent twice —
 * also with two app servers sharing one PostgreSQL. A delivery cut off at shutdown is released
 * at once and marked for the owner. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 * Needs `npm run build`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '~/db/client.server'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { startSmtp } from '../fakes/smtp'
import { signInThroughPeer } from '../support/github-sign-in'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'
import { honeypotFields } from '../support/raw-http'
import { queueSettled, type RunningServer, startServer } from '../support/server'

type Smtp = Awaited<ReturnType<typeof startSmtp>>

/** Tests that start servers, one or two each: room for a busy machine. */
const SERVER_TEST_TIMEOUT = 150_000

const QUICK = {
	RATE_LIMIT_MAX: '1000',
	// Polls every second, first retry after a second: the defaults (5 s, 30 s) made quick.
	JOBS_POLL_SECONDS: '1',
	EMAIL_RETRY_FIRST_SECONDS: '1',
}

/** A dead server's leases lapse after 3 s rather than 15 s. */
const SHORT_CLAIMS = { JOBS_LEASE_SECONDS: '3' }

async function signUp(server: RunningServer, email: string) {
	const fields = await honeypotFields(server.url, '/workshop')
	const response = await fetch(`${server.url}/workshop?index`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
		body: new URLSearchParams({ ...fields, email, firstName: 'Ada' }),
	})
	expect(response.status).toBe(302)
}

/** A loopback port with nothing listening on it now. */
async function freePort(): Promise<number> {
	const probe = await startSmtp()
	await probe.close()
	return probe.port
}

async function waitUntil(what: string, done: () => boolean, timeoutMs = 20_000) {
	const until = Date.now() + timeoutMs
	while (!done()) {
		if (Date.now() > until) throw new Error(`Timed out waiting until ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 25))
	}
}

type Backend = {
	name: string
	env: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }>
}

const pglite: Backend = {
	name: 'PGlite',
	env: async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-server-'))
		return {
			env: { DATA_DIR: dir },
			drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
		}
	},
}
const postgres: Backend = {
	name: 'PostgreSQL',
	env: async () => {
		const { url, drop } = await createTestDatabase()
		return { env: { DATABASE_URL: url }, drop }
	},
}

describe.each(TEST_DATABASE_URL ? [pglite, postgres] : [pglite])(
	'e-mail jobs in the production server on $name',
	(backend) => {
		let database: Awaited<ReturnType<Backend['env']>>
		let smtp: Smtp | undefined
		let server: RunningServer | undefined

		beforeAll(async () => {
			database = await backend.env()
		})
		afterAll(async () => {
			await server?.stop()
			await smtp?.close()
			await database?.drop()
		})

		/** A server on this test's database whose claims lapse quickly, sending to `smtp`. */
		const startOnThisDatabase = () =>
			startServer({ ...QUICK, ...SHORT_CLAIMS, ...database.env, SMTP_URL: smtp!.url })

		/** A new server takes a sign-up and is left hanging in its e-mail's delivery. */
		async function signUpMidDelivery(email: string) {
			const peer = smtp ?? (await startSmtp())
			smtp = peer
			peer.stall()
			// A message held by an earlier test (its sender killed) is still counted: wait for this one.
			const heldBefore = peer.stalledCount()
			const running = await startOnThisDatabase()
			server = running
			await signUp(running, email)
			await waitUntil('the message is mid-delivery', () => peer.stalledCount() === heldBefore + 1)
			return { running, peer }
		}

		test(
			'a sign-up while the SMTP server is down is delivered exactly once after it comes back',
			async () => {
				const port = await freePort()
				server = await startServer({
					...QUICK,
					...database.env,
					SMTP_URL: `smtp://127.0.0.1:${port}`,
				})
				const started = Date.now()
				await signUp(server, 'while.down@example.com')
				// The visitor did not wait for the mail server.
				expect(Date.now() - started).toBeLessThan(5_000)
				await waitUntil('the first attempt failed', () =>
					server!.output().includes('could not be sent (attempt 1)'),
				)

				smtp = await startSmtp({ port })
				const arrived = await smtp.waitFor('while.down@example.com')
				expect(arrived).toHaveLength(1)
				await queueSettled(server)
				// A second beat of the worker sends nothing more.
				await new Promise((resolve) => setTimeout(resolve, 1_500))
				expect(smtp.mailTo('while.down@example.com')).toHaveLength(1)
				await server.stop()
				server = undefined
			},
			SERVER_TEST_TIMEOUT,
		)

		test(
			'a server killed mid-delivery delivers after restart, still once',
			async () => {
				const { running, peer } = await signUpMidDelivery('mid.delivery@example.com')
				running.process.kill('SIGKILL')
				await running.stop()
				peer.stall(false)
				expect(peer.mailTo('mid.delivery@example.com')).toEqual([])

				const restarted = await startOnThisDatabase()
				server = restarted
				const arrived = await peer.waitFor('mid.delivery@example.com')
				expect(arrived).toHaveLength(1)
				await queueSettled(restarted)
				await new Promise((resolve) => setTimeout(resolve, 1_500))
				expect(peer.mailTo('mid.delivery@example.com')).toHaveLength(1)
			},
			SERVER_TEST_TIMEOUT,
		)

		test(
			'SIGTERM lets a delivery in flight finish before the process exits, and it is not sent again',
			async () => {
				await server?.stop()
				const { running, peer } = await signUpMidDelivery('at.shutdown@example.com')
				running.process.kill('SIGTERM')
				// The mail server answers a moment later: the delivery still completes.
				await new Promise((resolve) => setTimeout(resolve, 500))
				peer.stall(false)
				peer.acceptStalled()
				expect(await running.exited).toBe(0)
				expect(running.output()).toContain('Shut down cleanly')
				await running.stop()
				expect(peer.mailTo('at.shutdown@example.com')).toHaveLength(1)

				// Recorded as sent before exiting: the next server has nothing to send.
				const restarted = await startOnThisDatabase()
				server = restarted
				await queueSettled(restarted)
				await new Promise((resolve) => setTimeout(resolve, 4_000))
				expect(peer.mailTo('at.shutdown@example.com')).toHaveLength(1)
			},
			SERVER_TEST_TIMEOUT,
		)
	},
)

describe.each(TEST_DATABASE_URL ? [pglite, postgres] : [pglite])(
	'a delivery cut off at shutdown on $name',
	(backend) => {
		let database: Awaited<ReturnType<Backend['env']>>
		let smtp: Smtp
		let github: FakeGitHub
		let server: RunningServer | undefined

		beforeAll(async () => {
			database = await backend.env()
			smtp = await startSmtp()
			github = await startFakeGitHub()
		})
		afterAll(async () => {
			await server?.stop()
			await smtp?.close()
			await github?.close()
			await database?.drop()
		})

		/** A server on this test's database, with the default claim time (120 s). */
		const start = () =>
			startServer({
				...QUICK,
				...database.env,
				...github.env(2_000),
				ADMIN_GITHUB_LOGINS: 'mona',
				SMTP_URL: smtp.url,
			})

		test(
			'a delivery still waiting for the mail server at SIGTERM is cut off and released at once: the next server sends it within seconds with the same Message-ID, and the owner sees it may have arrived',
			async () => {
				smtp.stall()
				const first = await start()
				server = first
				await signUp(first, 'cut.off@example.com')
				await waitUntil('the message is mid-delivery', () => smtp.stalledCount() === 1)

				const stopping = Date.now()
				first.process.kill('SIGTERM')
				expect(await first.exited).toBe(0)
				// Within the 9 s shutdown deadline, not after the mail server's 10 minutes.
				expect(Date.now() - stopping).toBeLessThan(9_000)
				expect(first.output()).toContain('cut off at shutdown: released for the next worker')
				expect(first.output()).toContain('Shut down cleanly')
				await first.stop()
				server = undefined
				// The mail server never answered that attempt.
				smtp.stall(false)

				const restarted = Date.now()
				const second = await start()
				server = second
				const [arrived] = await smtp.waitFor('cut.off@example.com')
				// Well before the cut-off attempt's claim (120 s) would have lapsed.
				expect(Date.now() - restarted).toBeLessThan(60_000)
				const messageId = /^Message-ID: (.+)$/im.exec(arrived!.raw)?.[1]
				expect(messageId).toBeTruthy()
				expect(smtp.stalledMail()[0]).toContain(`Message-ID: ${messageId}`)
				await queueSettled(second)
				expect(smtp.mailTo('cut.off@example.com')).toHaveLength(1)

				const owner = await signInThroughPeer(second, 'mona')
				const page = await fetch(`${second.url}/admin/email?to=cut.off@example.com`, {
					headers: { cookie: owner },
				})
				const text = (await page.text()).replace(/<!-- -->/g, '')
				expect(text).toContain('sent over SMTP (2 attempts)')
				expect(text).toContain(
					'Outcome of an earlier attempt unknown: it may have arrived twice, with the same Message-ID.',
				)
			},
			SERVER_TEST_TIMEOUT,
		)
	},
)

describe.skipIf(!TEST_DATABASE_URL)('two app servers on one PostgreSQL', () => {
	let url: string
	let drop: () => Promise<void>
	let smtp: Smtp
	let servers: RunningServer[] = []

	beforeAll(async () => {
		;({ url, drop } = await createTestDatabase())
		smtp = await startSmtp()
		// One after the other: the second finds the database migrated.
		servers = [
			await startServer({ ...QUICK, DATABASE_URL: url, SMTP_URL: smtp.url }),
			await startServer({ ...QUICK, DATABASE_URL: url, SMTP_URL: smtp.url }),
		]
	}, 180_000)
	afterAll(async () => {
		await Promise.all(servers.map((server) => server.stop()))
		await smtp?.close()
		await drop?.()
	})

	test('each job runs once: thirty sign-ups on either server, thirty e-mails, one periodic row per kind', async () => {
		const addresses = Array.from({ length: 30 }, (_, i) => `visitor${i}@example.com`)
		await Promise.all(addresses.map((email, i) => signUp(servers[i % 2]!, email)))
		for (const email of addresses) await smtp.waitFor(email)
		await Promise.all(servers.map((server) => queueSettled(server)))
		await new Promise((resolve) => setTimeout(resolve, 1_500))
		for (const email of addresses) expect(smtp.mailTo(email)).toHaveLength(1)
		expect(smtp.received).toHaveLength(30)

		const database = await openDatabase({ url })
		try {
			const deliveries = (await database.db.execute(
				sql`SELECT status, attempts, count(*)::int AS n FROM jobs WHERE kind = 'email.deliver' GROUP BY 1, 2`,
			)) as unknown as { rows: { status: string; attempts: number; n: number }[] }
			expect(deliveries.rows).toEqual([{ status: 'done', attempts: 1, n: 30 }])
			const periodic = (await database.db.execute(
				sql`SELECT dedupe_key, count(*)::int AS n FROM jobs WHERE dedupe_key LIKE 'periodic:%' GROUP BY 1 ORDER BY 1`,
			)) as unknown as { rows: { dedupe_key: string; n: number }[] }
			expect(periodic.rows).toEqual([
				{ dedupe_key: 'periodic:calendar.sync', n: 1 },
				{ dedupe_key: 'periodic:certificates.send', n: 1 },
				{ dedupe_key: 'periodic:checkout.reconcile', n: 1 },
				{ dedupe_key: 'periodic:checkout.release-holds', n: 1 },
				{ dedupe_key: 'periodic:course.opening-check', n: 1 },
				{ dedupe_key: 'periodic:follow-ups.send', n: 1 },
				{ dedupe_key: 'periodic:form-tokens.prune', n: 1 },
				{ dedupe_key: 'periodic:jobs.prune', n: 1 },
				{ dedupe_key: 'periodic:leads.retention', n: 1 },
				{ dedupe_key: 'periodic:reminders.send', n: 1 },
				{ dedupe_key: 'periodic:waitlist.offer', n: 1 },
			])
		} finally {
			await database.close()
		}
	})
})

describe('the outbox viewer (development, on the machine itself)', () => {
	let smtp: Smtp
	let server: RunningServer

	beforeAll(async () => {
		smtp = await startSmtp({ rejectWith: 'Mailbox unavailable' })
		server = await startServer({
			...QUICK,
			NODE_ENV: 'development',
			SITE_URL: '',
			SMTP_URL: smtp.url,
		})
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	test('a delivery the mail server refused for good is shown as failed, with the reason', async () => {
		await signUp(server, 'refused@example.com')
		await queueSettled(server)
		const page = await fetch(`${server.url}/__outbox?to=refused@example.com`)
		expect(page.status).toBe(200)
		const text = (await page.text()).replace(/<!-- -->/g, '')
		expect(text).toContain('SMTP delivery failed · 1 attempt')
		expect(text).toMatch(/Last error: .*554 Mailbox unavailable/)
	})
})
