import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { seedDatabase } from './seed.server'

/** Brings a database up to date: pending migrations, then missing seed rows. Run at boot. */
export async function prepareDatabase(database: Database, migrationsDir?: string) {
	const applied = await migrate(database, migrationsDir)
	await seedDatabase(database.db)
	return { applied }
}
