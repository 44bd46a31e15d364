import { sql } from 'drizzle-orm'
import { ownerTimeZone } from '~/content/owner-zone.server'
import type { Database, Db } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { rowsOf } from '~/db/query.server'
import { log } from '~/log.server'
import { seedDatabase } from './seed.server'

/** Brings a database up to date: pending migrations, then missing seed rows. */
export async function prepareDatabase(database: Database, migrationsDir?: string) {
	const applied = await migrate(database, migrationsDir)
	await seedDatabase(database.db)
	return { applied }
}

/**
 * Dates the overview's roll-ups in `zone` (docs/decisions/121): nothing when they already are,
 * else the database counts them again in that zone, writers waiting (seconds at 100,000 orders).
 * Whether it counted again.
 */
export async function dateRollupsIn(db: Db, zone: string): Promise<boolean> {
	const result = await db.execute(sql`SELECT set_overview_time_zone(${zone}) AS recounted`)
	return rowsOf(result)[0]?.recounted === true
}

/**
 * Run at boot: `prepareDatabase`, then the overview's days in the owner's time zone. A zone the
 * database does not know leaves the days as they were, with an error in the log; the overview
 * says which zone its days are in.
 */
export async function prepareDatabaseAtBoot(database: Database) {
	const prepared = await prepareDatabase(database)
	const zone = ownerTimeZone()
	try {
		if (await dateRollupsIn(database.db, zone)) log.info(`Overview: days counted again in ${zone}`)
	} catch (error) {
		log.error({ err: error }, `Overview: the database does not know the time zone ${zone}`)
	}
	return prepared
}
