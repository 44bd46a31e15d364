/**
 * Runs the models in the test's own process on a database the test opened and passes to them:
 * the configuration they read through globalThis (app/config.server.ts) is set here, and the job
 * queue is run step by step instead of by a worker loop. The process's own database
 * (app/db/client.server.ts) is left unset, so a model that reached for it would fail here.
 */
import { eq, sql } from 'drizzle-orm'
import { parseConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
import { jobs } from '~/db/schema-jobs.server'
import { jobDefinitions } from '~/jobs/index.server'
import { ensurePeriodicJob } from '~/jobs/queue.server'
import { runDueJobs } from '~/jobs/worker.server'

const CONFIG_KEY = Symbol.for('ai-driven-dev.config')
const holder = globalThis as Record<symbol, unknown>

/** This process's models use the configuration `env` gives (plus a secret). */
export function useInProcess(env: Record<string, string> = {}) {
	holder[CONFIG_KEY] = {
		...parseConfig({ SESSION_SECRET: 'x'.repeat(32), ...env }),
		dataDir: '/nonexistent',
	}
}

export function leaveInProcess() {
	delete holder[CONFIG_KEY]
}

/** Schedules the periodic jobs, as a worker's start does: each is due at once. */
export async function schedulePeriodicJobs(database: Database): Promise<void> {
	for (const definition of jobDefinitions(database.db))
		if (definition.everySeconds) await ensurePeriodicJob(database.db, definition.kind)
}

/**
 * Runs due jobs of every kind the site has, round after round, until none is due; resolves with
 * how many runs there were. Jobs scheduled for later (retries, periodic turns) stay queued.
 */
export async function drainJobs(database: Database, lockSeconds = 60): Promise<number> {
	const definitions = jobDefinitions(database.db)
	let runs = 0
	for (let round = 0; round < 50; round++) {
		const ran = await runDueJobs({ db: database.db, definitions, lockSeconds })
		if (ran === 0) return runs
		runs += ran
	}
	throw new Error('The job queue did not drain in 50 rounds')
}

/** Time passes: every queued job (a retry's backoff, a periodic job's next turn) is due now. */
export async function jobsDueNow(database: Database): Promise<void> {
	await database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'queued'))
}
