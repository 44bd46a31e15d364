/**
 * Applies the SQL files in ./migrations (NNNN_name.sql) in file-name order, each in its own
 * transaction, and records them in schema_migrations. Holding an advisory lock, so that app
 * servers booting together take turns: the second finds nothing left to do.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { log } from '~/log.server'
import { MIGRATIONS_DIR } from '~/paths.server'
import type { Database } from './client.server'

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/

/** app/db/migrations, whether this code runs bundled or from its sources. */
export function defaultMigrationsDir(): string {
	return MIGRATIONS_DIR
}

export type Migration = { name: string; sql: string; checksum: string }

export function readMigrations(dir: string): Migration[] {
	if (!fs.existsSync(dir)) throw new Error(`Migrations folder not found: ${dir}`)
	const files = fs.readdirSync(dir).filter((file) => file.endsWith('.sql'))
	const misnamed = files.filter((file) => !MIGRATION_FILE.test(file))
	if (misnamed.length > 0)
		throw new Error(`Migration files must be named NNNN_name.sql: ${misnamed.join(', ')}`)
	return files.sort().map((name) => {
		const sql = fs.readFileSync(`${dir}/${name}`, 'utf8')
		return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') }
	})
}

/** Applies pending migrations; returns the names it applied. Safe to run again at any time. */
export async function migrate(database: Database, dir = defaultMigrationsDir()): Promise<string[]> {
	const migrations = readMigrations(dir)
	return database.withExclusiveSession(async (session) => {
		await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
			name text PRIMARY KEY,
			checksum text NOT NULL,
			applied_at timestamptz NOT NULL DEFAULT now()
		)`)
		const applied = new Map(
			(
				await session.query<{ name: string; checksum: string }>(
					'SELECT name, checksum FROM schema_migrations',
				)
			).map((row) => [row.name, row.checksum]),
		)
		const done: string[] = []
		for (const migration of migrations) {
			const checksum = applied.get(migration.name)
			if (checksum !== undefined) {
				// Shipped migrations are history: a changed file is a mistake, but not one to stop for.
				if (checksum !== migration.checksum)
					log.warn(`Migration ${migration.name} changed after it was applied: ignored`)
				continue
			}
			await database.transaction(session, async () => {
				await session.exec(migration.sql)
				await session.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
					migration.name,
					migration.checksum,
				])
			})
			done.push(migration.name)
		}
		return done
	})
}
