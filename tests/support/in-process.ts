/**
 * Runs the models in the test's own process on a database the test opened: the configuration
 * and database they read through globalThis (app/config.server.ts, app/db/client.server.ts) are
 * set here, and the job queue is run step by step instead of by a worker loop.
 */
import { parseConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
import { jobDefinitions } from '~/jobs/index.server'
import { runDueJobs } from '~/jobs/worker.server'

const CONFIG_KEY = Symbol.for('ai-driven-dev.config')
const DATABASE_KEY = Symbol.for('ai-driven-dev.database')
const holder = globalThis as Record<symbol, unknown>

/** This process's models use `database` and the configuration `env` gives (plus a secret). */
export function useInProcess(database: Database, env: Record<string, string> = {}) {
	holder[CONFIG_KEY] = {
		...parseConfig({ SESSION_SECRET: 'x'.repeat(32), ...env }),
		dataDir: '/nonexistent',
	}
	holder[DATABASE_KEY] = Promise.resolve(database)
}

export function leaveInProcess() {
	delete holder[CONFIG_KEY]
	delete holder[DATABASE_KEY]
}

/**
 * Runs due jobs of every kind the site has, round after round, until none is due; resolves with
 * how many runs there were. Jobs scheduled for later (retries, periodic turns) stay queued.
 */
export async function drainJobs(database: Database, lockSeconds = 60): Promise<number> {
	const definitions = jobDefinitions()
	let runs = 0
	for (let round = 0; round < 50; round++) {
		const ran = await runDueJobs({ db: database.db, definitions, lockSeconds })
		if (ran === 0) return runs
		runs += ran
	}
	throw new Error('The job queue did not drain in 50 rounds')
}
