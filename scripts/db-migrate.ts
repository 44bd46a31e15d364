/**
 * `npm run db:migrate`: applies pending migrations and missing seed rows to the configured
 * database (DATABASE_URL, else PGlite in DATA_DIR), then exits. The server does the same at
 * boot; this is for deploys that migrate before rolling out app servers.
 * Built to build/db-migrate.js by `npm run build`.
 */
import { ConfigError, getConfig } from '~/config.server'
import { getDatabase } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'

try {
	getConfig()
} catch (error) {
	if (!(error instanceof ConfigError)) throw error
	console.error(error.message)
	process.exit(1)
}

const database = await getDatabase()
try {
	const { applied } = await prepareDatabase(database)
	console.log(
		applied.length > 0
			? `Database (${database.kind}) migrated: ${applied.join(', ')}`
			: `Database (${database.kind}) already up to date`,
	)
} catch (error) {
	console.error('Migration failed:', error)
	process.exitCode = 1
} finally {
	await database.close()
}
