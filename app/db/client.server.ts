/**
 * The database: PostgreSQL through a `pg` pool when DATABASE_URL is set, else PGlite (Postgres
 * compiled to WASM, in this process) with its files in DATA_DIR/pglite. Same dialect, same
 * schema, same migrations (docs/decisions/010).
 */
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { getConfig } from '~/config.server'
import { onShutdown } from '~/lifecycle.server'
import { log } from '~/log.server'
import { BUILD_DIR } from '~/paths.server'
import {
	checkDatabaseWith,
	isDatabaseUnavailable,
	noteDatabaseUnavailable,
} from './availability.server'
import * as schema from './schema.server'
import { takeTurns } from './turns.server'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** Plain SQL on one connection, for the migrator. */
type SqlSession = {
	query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
	/** Runs several statements separated by semicolons (no parameters). */
	exec(sql: string): Promise<void>
}

export type Database = {
	kind: 'pglite' | 'postgres'
	db: Db
	/**
	 * Where payments run (the webhook, the sandbox's payment): a pool of their own beside `db`'s,
	 * so a checkout never waits for a connection behind a payment's transaction (decision 162);
	 * `db` itself with one pool for both, and on PGlite.
	 */
	paymentsDb: Db
	/**
	 * The `pg` pool behind `db` (PostgreSQL only; null on PGlite), for the one store that speaks
	 * `pg` itself: the rate limit shared by all app servers (docs/decisions/069).
	 */
	pool: pg.Pool | null
	/**
	 * Runs `fn` on one dedicated connection, holding a cluster-wide lock while it runs, so that
	 * app servers booting together migrate one after the other.
	 */
	withExclusiveSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>
	/** Runs `fn` inside a transaction on one connection: all of it or none of it. */
	transaction(session: SqlSession, fn: () => Promise<void>): Promise<void>
	ping(): Promise<void>
	close(): Promise<void>
}

// Any constant will do; it only has to be the same on every app server.
const MIGRATION_LOCK_KEY = 7_341_201_733

export type OpenOptions =
	/**
	 * `poolTimeoutMs`: how long a query waits for a free connection (or a new one to connect)
	 * before failing as unavailable, which the routes answer with a 503 (docs/decisions/104).
	 */
	| { url: string; poolMax?: number; poolTimeoutMs?: number; paymentPoolMax?: number }
	/** `dir` undefined: in memory, for tests. */
	| { url?: undefined; dir?: string }

export async function openDatabase(options: OpenOptions): Promise<Database> {
	if (options.url)
		return openPostgres(options.url, {
			poolMax: options.poolMax ?? 10,
			poolTimeoutMs: options.poolTimeoutMs ?? 2_000,
			paymentPoolMax: options.paymentPoolMax ?? 0,
		})
	return openPglite('dir' in options ? options.dir : undefined)
}

function newPool(url: string, max: number, timeoutMs: number): pg.Pool {
	const pool = new pg.Pool({
		connectionString: url,
		max,
		connectionTimeoutMillis: timeoutMs,
		idleTimeoutMillis: 30_000,
	})
	// An idle client dropped by the server must not crash the process; the pool replaces it. A
	// server gone away drops them all at once: that is one outage, logged once.
	pool.on('error', (error) => {
		if (isDatabaseUnavailable(error)) noteDatabaseUnavailable(error)
		else log.error({ err: error }, 'PostgreSQL idle client error')
	})
	// pg-pool takes that listener off a client it lends out (a transaction, the migrator's
	// session): a connection the server ends then emitted 'error' with no listener, which ended
	// the process. Every client keeps this one; its query fails, and is answered 503 (134).
	pool.on('connect', (client) => {
		client.on('error', (error) => {
			if (isDatabaseUnavailable(error)) noteDatabaseUnavailable(error)
			else log.error({ err: error }, 'PostgreSQL client error')
		})
	})
	return pool
}

async function openPostgres(
	url: string,
	sizes: { poolMax: number; poolTimeoutMs: number; paymentPoolMax: number },
): Promise<Database> {
	const pool = newPool(url, sizes.poolMax, sizes.poolTimeoutMs)
	const paymentPool =
		sizes.paymentPoolMax > 0 ? newPool(url, sizes.paymentPoolMax, sizes.poolTimeoutMs) : null
	const db = drizzlePg(pool, { schema }) as unknown as Db
	const session = (client: pg.PoolClient): SqlSession => ({
		query: async <T>(sql: string, params?: unknown[]) =>
			(await client.query(sql, params)).rows as T[],
		exec: async (sql) => {
			await client.query(sql)
		},
	})
	return {
		kind: 'postgres',
		db,
		paymentsDb: paymentPool ? (drizzlePg(paymentPool, { schema }) as unknown as Db) : db,
		pool,
		async withExclusiveSession(fn) {
			const client = await pool.connect()
			try {
				await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
				try {
					return await fn(session(client))
				} finally {
					await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
				}
			} finally {
				client.release()
			}
		},
		transaction: runInTransaction,
		async ping() {
			await pool.query('SELECT 1')
		},
		close: async () => {
			await Promise.all([pool.end(), paymentPool?.end()])
		},
	}
}

/** Runs `fn` inside BEGIN/COMMIT on `tx`, rolling back when it throws. */
async function runInTransaction(tx: SqlSession, fn: () => Promise<void>) {
	await tx.exec('BEGIN')
	try {
		await fn()
		await tx.exec('COMMIT')
	} catch (error) {
		await tx.exec('ROLLBACK')
		throw error
	}
}

/** Made by the build (scripts/build-server.js); absent before the first build. */
const PGLITE_TEMPLATE = path.join(BUILD_DIR, 'pglite-template')
/** The same as a tar, for a database in memory (the tests'): loaded, not made by initdb. */
const PGLITE_TEMPLATE_TAR = `${PGLITE_TEMPLATE}.tar`

const inMemoryOptions = () =>
	fs.existsSync(PGLITE_TEMPLATE_TAR)
		? { loadDataDir: new Blob([fs.readFileSync(PGLITE_TEMPLATE_TAR)]) }
		: {}

async function openPglite(dir: string | undefined): Promise<Database> {
	if (dir && !fs.existsSync(path.join(dir, 'PG_VERSION')) && fs.existsSync(PGLITE_TEMPLATE)) {
		fs.rmSync(dir, { recursive: true, force: true })
		fs.cpSync(PGLITE_TEMPLATE, dir, { recursive: true })
	}
	if (dir) fs.mkdirSync(dir, { recursive: true })
	const client = await PGlite.create(dir ? { dataDir: dir } : inMemoryOptions())
	const session: SqlSession = {
		query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
		exec: async (sql) => {
			await client.exec(sql)
		},
	}
	// The routes and the job worker take turns on the one connection (docs/decisions/139).
	const turns = takeTurns()
	const inTurn: Pick<PGlite, 'query' | 'transaction'> = {
		query: (...args) => turns(() => client.query(...args)),
		transaction: (fn) => turns(() => client.transaction(fn)),
	}
	const db = drizzlePglite({ client: inTurn as PGlite, schema }) as unknown as Db
	return {
		kind: 'pglite',
		db,
		// One connection: payments take their turns with the rest.
		paymentsDb: db,
		pool: null,
		// PGlite lives in this one process, which is the only one using its files.
		withExclusiveSession: (fn) => fn(session),
		transaction: runInTransaction,
		async ping() {
			await inTurn.query('SELECT 1')
		},
		close: () => client.close(),
	}
}

const KEY = Symbol.for('ai-driven-dev.database')
type GlobalWithDatabase = typeof globalThis & { [KEY]?: Promise<Database> }

/**
 * This process's database, opened on first use from the configuration and closed on shutdown.
 * Shared through globalThis: server.ts (which migrates it at boot) and the Remix build are
 * separate bundles, and PGlite's files must be opened once.
 */
export function getDatabase(): Promise<Database> {
	const holder = globalThis as GlobalWithDatabase
	if (!holder[KEY]) {
		const config = getConfig()
		const opening = config.DATABASE_URL
			? openDatabase({
					url: config.DATABASE_URL,
					poolMax: config.DATABASE_POOL_MAX,
					poolTimeoutMs: config.DATABASE_POOL_TIMEOUT_MS,
					paymentPoolMax: config.DATABASE_PAYMENT_POOL_MAX,
				})
			: openDatabase({ dir: path.join(config.dataDir, 'pglite') })
		holder[KEY] = opening
		opening.then(
			(database) => {
				onShutdown(() => database.close())
				// An outage (docs/decisions/104) ends when this database answers again.
				checkDatabaseWith(() => database.ping())
			},
			() => {
				holder[KEY] = undefined
			},
		)
	}
	return holder[KEY]
}

export async function getDb(): Promise<Db> {
	return (await getDatabase()).db
}

/** Where a payment runs: its own pool (see `Database.paymentsDb`). */
export async function getPaymentsDb(): Promise<Db> {
	return (await getDatabase()).paymentsDb
}
