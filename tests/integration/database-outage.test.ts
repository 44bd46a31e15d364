/**
 * PostgreSQL going away under load (docs/decisions/104, 134): its backends terminated and the
 * cluster restarted while visitors sign up and read pages on two app servers. Both stay up
 * throughout, every answer is a page, a sign-up or a 503 with Retry-After (never a 500, never a
 * refused or reset connection), and they serve normally afterwards. A server started while the
 * database is down waits for it. Needs `npm run build` and scripts/with-postgres.sh: its outage
 * cluster (TEST_OUTAGE_DATABASE_URL, TEST_PGDATA for the restart), not the one the other suites
 * use while this runs beside them.
 */
import { execFile } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'
import { type RunningServer, startServer } from '../support/server'

const CLIENTS = 12
const ENV = { RATE_LIMIT_MAX: '100000', DATABASE_POOL_TIMEOUT_MS: '1000' }
/** The cluster this test may cut off: with-postgres.sh's outage cluster, else the test server. */
const OUTAGE_SERVER = process.env.TEST_OUTAGE_DATABASE_URL || TEST_DATABASE_URL

type Outcome = { what: string; status: number | null; retryAfter: string | null; error?: string }

/** Runs `command` in a shell as the user the cluster runs as (postgres, when we are root). */
function asClusterUser(command: string): Promise<void> {
	const [program, args] =
		process.getuid?.() === 0
			? ['su', ['postgres', '-s', '/bin/sh', '-c', command]]
			: ['sh', ['-c', command]]
	return new Promise((resolve, reject) =>
		execFile(program as string, args as string[], { timeout: 60_000 }, (error) =>
			error ? reject(error) : resolve(),
		),
	)
}

/** pg_ctl restart -m fast on the cluster scripts/with-postgres.sh made, when it says where. */
const restartCluster = process.env.TEST_PGDATA
	? () => {
			const pgCtl = path.join(process.env.TEST_PG_BINDIR ?? '', 'pg_ctl')
			return asClusterUser(
				`'${pgCtl}' -D '${process.env.TEST_PGDATA}' -l '${process.env.TEST_PG_LOG}' -w -t 60 -m fast restart`,
			)
		}
	: null

/** Ends every connection to `database` but the one asking, as an administrator can. */
async function terminateBackends(database: string): Promise<number> {
	const client = new pg.Client({ connectionString: OUTAGE_SERVER })
	client.on('error', () => {})
	try {
		await client.connect()
		const { rowCount } = await client.query(
			'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
			[database],
		)
		return rowCount ?? 0
	} catch {
		// The cluster restarting: nothing to terminate now.
		return 0
	} finally {
		await client.end().catch(() => undefined)
	}
}

/** One visitor's request; a connection refused or reset is recorded as such, not thrown. */
async function visit(
	server: RunningServer,
	what: string,
	init: RequestInit & { path: string },
): Promise<Outcome & { body: string }> {
	try {
		const response = await fetch(`${server.url}${init.path}`, {
			...init,
			redirect: 'manual',
			signal: AbortSignal.timeout(20_000),
		})
		const body = await response.text()
		return { what, status: response.status, retryAfter: response.headers.get('retry-after'), body }
	} catch (error) {
		const cause = (error as { cause?: { code?: string; message?: string } }).cause
		return {
			what,
			status: null,
			retryAfter: null,
			error: cause?.code ?? cause?.message ?? String(error),
			body: '',
		}
	}
}

async function signUp(server: RunningServer, email: string): Promise<Outcome[]> {
	const page = await visit(server, 'GET /workshop', { path: '/workshop' })
	const { body: _page, ...pageOutcome } = page
	const validFrom = page.body.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1]
	if (page.status !== 200 || !validFrom) return [pageOutcome]
	const { body: _post, ...post } = await visit(server, 'POST /workshop', {
		path: '/workshop?index',
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
		body: new URLSearchParams({ website: '', from__confirm: validFrom, email, firstName: 'Ada' }),
	})
	return [pageOutcome, post]
}

async function healthy(server: RunningServer, timeoutMs = 60_000): Promise<void> {
	const until = Date.now() + timeoutMs
	for (;;) {
		const { status } = await visit(server, 'GET /healthz', { path: '/healthz' })
		if (status === 200) return
		if (Date.now() > until)
			throw new Error(`${server.url} did not become healthy:\n${server.output()}`)
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

describe.skipIf(!OUTAGE_SERVER)('a PostgreSQL outage under load', () => {
	let database: Awaited<ReturnType<typeof createTestDatabase>>
	let servers: RunningServer[] = []
	let databaseName = ''

	beforeAll(async () => {
		database = await createTestDatabase(OUTAGE_SERVER)
		databaseName = new URL(database.url).pathname.slice(1)
	}, 60_000)
	afterAll(async () => {
		for (const server of servers) await server.stop()
		await database?.drop()
	}, 60_000)

	test('backends terminated and the cluster restarted while visitors sign up: both servers stay up, answer 2xx or 503 with Retry-After, then serve normally', async () => {
		servers = [
			await startServer({ ...ENV, DATABASE_URL: database.url }),
			await startServer({ ...ENV, DATABASE_URL: database.url }),
		]
		let running = true
		const outcomes: Outcome[] = []
		const stamp = Date.now()
		const visitor = async (v: number) => {
			for (let round = 0; running && round < 200; round++) {
				const server = servers[(v + round) % servers.length]!
				outcomes.push(...(await signUp(server, `outage-${stamp}-${v}-${round}@example.com`)))
			}
		}
		const visitors = Array.from({ length: CLIENTS }, (_, v) => visitor(v))

		const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
		await pause(1_500)
		let terminated = 0
		for (let i = 0; i < 6; i++) {
			terminated += await terminateBackends(databaseName)
			await pause(300)
		}
		if (restartCluster) await restartCluster()
		await pause(1_500)
		running = false
		await Promise.all(visitors)

		expect(terminated).toBeGreaterThan(0)
		for (const server of servers) expect(server.process.exitCode, server.output()).toBeNull()
		const broken = outcomes.filter((o) => o.status === null || o.status >= 500)
		expect(broken.filter((o) => o.status !== 503)).toEqual([])
		for (const outcome of broken) expect(Number(outcome.retryAfter)).toBeGreaterThan(0)
		for (const outcome of outcomes)
			expect([200, 302, 503], `${outcome.what} → ${outcome.status}`).toContain(outcome.status)

		// Afterwards: each server serves pages and takes sign-ups again.
		for (const [i, server] of servers.entries()) {
			await healthy(server)
			const after = await signUp(server, `after-outage-${stamp}-${i}@example.com`)
			expect(after.map((o) => o.status)).toEqual([200, 302])
		}
	}, 240_000)

	test('a server started while the database is down waits for it: /healthz 503 meanwhile, then it serves', async () => {
		// A relay that refuses connections until the database "comes back" behind it.
		const target = new URL(database.url)
		const relay = net.createServer((client) => {
			const upstream = net.connect(Number(target.port), target.hostname)
			for (const socket of [client, upstream]) socket.on('error', () => client.destroy())
			client.pipe(upstream).pipe(client)
		})
		const port = await new Promise<number>((resolve) => {
			const probe = net.createServer().listen(0, '127.0.0.1', () => {
				const { port } = probe.address() as net.AddressInfo
				probe.close(() => resolve(port))
			})
		})
		const viaRelay = new URL(database.url)
		viaRelay.port = String(port)
		const server = await startServer({ ...ENV, DATABASE_URL: viaRelay.href })
		servers.push(server)
		try {
			const waiting = await visit(server, 'GET /healthz', { path: '/healthz' })
			expect(waiting.status).toBe(503)
			expect(Number(waiting.retryAfter)).toBeGreaterThan(0)
			const page = await visit(server, 'GET /workshop', { path: '/workshop' })
			expect(page.status).toBe(503)
			expect(server.output()).toContain('waiting for it')

			await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve))
			await healthy(server)
			const after = await signUp(server, `after-start-${Date.now()}@example.com`)
			expect(after.map((o) => o.status)).toEqual([200, 302])
			expect(server.process.exitCode).toBeNull()
		} finally {
			relay.close()
		}
	}, 180_000)
})
