/**
 * The databases a data-layer suite runs on: PGlite always, and real PostgreSQL too when
 * TEST_DATABASE_URL is set (scripts/with-postgres.sh). Each `open()` gives a fresh database.
 */
import { type Database, openDatabase } from '~/db/client.server'
import { createTestDatabase, TEST_DATABASE_URL } from './postgres'

export type DatabaseBackend = {
	name: string
	open: () => Promise<{ database: Database; cleanup: () => Promise<void> }>
}

export const pglite: DatabaseBackend = {
	name: 'PGlite',
	open: async () => {
		const database = await openDatabase({})
		return { database, cleanup: () => database.close() }
	},
}

export const postgres: DatabaseBackend = {
	name: 'PostgreSQL',
	open: async () => {
		const { url, drop } = await createTestDatabase()
		const database = await openDatabase({ url })
		return {
			database,
			cleanup: async () => {
				await database.close()
				await drop()
			},
		}
	},
}

export const databaseBackends: DatabaseBackend[] = TEST_DATABASE_URL ? [pglite, postgres] : [pglite]
