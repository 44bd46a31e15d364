/**
 * Real PostgreSQL for the suites that also run there. TEST_DATABASE_URL (set by
 * scripts/with-postgres.sh) names a server where the tests may create databases; each suite
 * gets a fresh one and drops it afterwards. Unset: those suites are skipped, and say so.
 */
import crypto from 'node:crypto'
import pg from 'pg'

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined

const POSTGRES_SKIP_NOTE =
	'TEST_DATABASE_URL is not set: the PostgreSQL runs of this suite are skipped (scripts/with-postgres.sh sets it)'

if (!TEST_DATABASE_URL) console.warn(POSTGRES_SKIP_NOTE)

async function admin<T>(server: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
	const client = new pg.Client({ connectionString: server })
	await client.connect()
	try {
		return await run(client)
	} finally {
		await client.end()
	}
}

/** A new, empty database on the test server (or on `server`); `drop()` removes it. */
export async function createTestDatabase(
	server = TEST_DATABASE_URL,
): Promise<{ url: string; drop: () => Promise<void> }> {
	if (!server) throw new Error(POSTGRES_SKIP_NOTE)
	const name = `site_test_${crypto.randomBytes(6).toString('hex')}`
	await admin(server, (client) => client.query(`CREATE DATABASE ${name}`))
	const url = new URL(server)
	url.pathname = `/${name}`
	return {
		url: url.href,
		drop: async () => {
			await admin(server, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
		},
	}
}
