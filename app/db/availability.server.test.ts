import net from 'node:net'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { log } from '~/log.server'
import {
	checkDatabaseWith,
	isDatabaseUnavailable,
	noteDatabaseUnavailable,
	OUTAGE_CHECK_MS,
} from './availability.server'
import { openDatabase } from './client.server'

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
	const server = net.createServer().listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	const { port } = server.address() as net.AddressInfo
	await new Promise((resolve) => server.close(resolve))
	return port
}

/** A server that accepts connections and never answers: a PostgreSQL too busy to talk. */
async function silentServer() {
	const sockets: net.Socket[] = []
	const server = net.createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	return {
		port: (server.address() as net.AddressInfo).port,
		close: () => {
			for (const socket of sockets) socket.destroy()
			server.close()
		},
	}
}

const rejection = (promise: Promise<unknown>) =>
	promise.then(
		() => {
			throw new Error('expected a failure')
		},
		(error: unknown) => error,
	)

describe('recognising an unavailable database', () => {
	test('a refused connection, also wrapped by a Drizzle query, is unavailable', async () => {
		const database = await openDatabase({ url: `postgres://x@127.0.0.1:${await closedPort()}/x` })
		try {
			const refused = await rejection(database.pool!.query('SELECT 1'))
			expect(refused).toMatchObject({ code: 'ECONNREFUSED' })
			expect(isDatabaseUnavailable(refused)).toBe(true)
			const wrapped = await rejection(database.db.execute(sql`SELECT ${'ada@example.com'}`))
			expect((wrapped as Error).message).toMatch(/^Failed query/)
			expect(isDatabaseUnavailable(wrapped)).toBe(true)
		} finally {
			await database.close()
		}
	})

	test('a pool with no free connection within its timeout is unavailable', async () => {
		const silent = await silentServer()
		const pool = new pg.Pool({
			connectionString: `postgres://x@127.0.0.1:${silent.port}/x`,
			max: 1,
			connectionTimeoutMillis: 200,
		})
		try {
			const [connecting, waiting] = await Promise.all([
				rejection(pool.query('SELECT 1')),
				rejection(pool.query('SELECT 1')),
			])
			expect(isDatabaseUnavailable(connecting)).toBe(true)
			expect((waiting as Error).message).toBe('timeout exceeded when trying to connect')
			expect(isDatabaseUnavailable(waiting)).toBe(true)
		} finally {
			await pool.end()
			silent.close()
		}
	})

	test('an outside service that refuses a connection is not the database', async () => {
		const refused = await rejection(fetch(`http://127.0.0.1:${await closedPort()}/`))
		expect(refused).toMatchObject({ cause: { code: 'ECONNREFUSED' } })
		expect(isDatabaseUnavailable(refused)).toBe(false)
	})

	test('a closed PGlite is unavailable', async () => {
		const database = await openDatabase({})
		await database.close()
		expect(isDatabaseUnavailable(await rejection(database.ping()))).toBe(true)
	})

	test('server states that say "not now" are unavailable; mistakes in queries and data are not', () => {
		const withCode = (code: string) => Object.assign(new Error('x'), { code })
		for (const code of ['57P01', '57P03', '53300', '53100', '08006', '58030'])
			expect(isDatabaseUnavailable(withCode(code)), code).toBe(true)
		for (const code of ['23505', '42601', '40001', '22P02'])
			expect(isDatabaseUnavailable(withCode(code)), code).toBe(false)
		expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false)
		expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
		expect(isDatabaseUnavailable(null)).toBe(false)
	})
})

describe('the outage log', () => {
	afterEach(() => {
		vi.useRealTimers()
		vi.restoreAllMocks()
	})

	test('an outage logs one line when it starts and one when the database answers again', async () => {
		vi.useFakeTimers()
		const errors = vi.spyOn(log, 'error').mockImplementation(() => {})
		const logs = vi.spyOn(log, 'info').mockImplementation(() => {})
		let up = false
		const ping = async () => {
			if (!up) throw new Error('timeout exceeded when trying to connect')
		}
		checkDatabaseWith(ping)
		const failure = new Error('timeout exceeded when trying to connect')
		for (let i = 0; i < 500; i++) noteDatabaseUnavailable(failure)
		await vi.advanceTimersByTimeAsync(OUTAGE_CHECK_MS * 3)
		for (let i = 0; i < 500; i++) noteDatabaseUnavailable(failure)
		expect(errors).toHaveBeenCalledTimes(1)
		expect(errors.mock.calls[0]![0]).toMatch(
			/^Database unavailable \(timeout exceeded when trying to connect\): answering 503/,
		)

		up = true
		// A failure noted since the last check keeps the outage running one more check.
		await vi.advanceTimersByTimeAsync(OUTAGE_CHECK_MS)
		expect(logs).not.toHaveBeenCalled()
		await vi.advanceTimersByTimeAsync(OUTAGE_CHECK_MS)
		expect(logs).toHaveBeenCalledTimes(1)
		expect(logs.mock.calls[0]![0]).toMatch(
			/^Database available again after \d+ s \(1000 failures answered 503 meanwhile\)$/,
		)

		// The next outage is a new one, with its own first line.
		noteDatabaseUnavailable(
			Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
		)
		expect(errors).toHaveBeenCalledTimes(2)
		expect(errors.mock.calls[1]![0]).toMatch(/connect ECONNREFUSED \(ECONNREFUSED\)/)
		await vi.advanceTimersByTimeAsync(OUTAGE_CHECK_MS * 2)
		expect(logs).toHaveBeenCalledTimes(2)
	})

	test("the outage line keeps a failed query's values out of the log", () => {
		const errors = vi.spyOn(log, 'error').mockImplementation(() => {})
		vi.useFakeTimers()
		const cause = Object.assign(new Error('Connection terminated unexpectedly'), {})
		const wrapped = Object.assign(
			new Error('Failed query: insert into leads values ($1)\nparams: ada@example.com'),
			{ cause },
		)
		noteDatabaseUnavailable(wrapped)
		expect(errors.mock.calls[0]![0]).toContain('Connection terminated unexpectedly')
		expect(errors.mock.calls[0]![0]).not.toContain('ada@example.com')
	})
})
