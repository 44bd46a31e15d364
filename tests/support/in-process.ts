/**
 * Runs the models in the test's own process on a database the test opened and passes to them:
 * the configuration they read through globalThis (app/config.server.ts) is set here, and the job
 * queue is run step by step instead of by a worker loop. The process's own database
 * (app/db/client.server.ts) is left unset, so a model that reached for it would fail here.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { parseConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { jobs } from '~/db/schema-jobs.server'
import { jobDefinitions } from '~/job-worker.server'
import { ensurePeriodicJob } from '~/jobs/queue.server'
import { runDueJobs } from '~/jobs/worker.server'
import { recordListenPort } from '~/site-origin.server'
import { startSmtp } from '../fakes/smtp'
import {
	FAKE_STRIPE_KEY,
	FAKE_WEBHOOK_SECRET,
	type FakeStripe,
	startFakeStripe,
} from '../fakes/stripe'
import type { DatabaseBackend } from './databases'

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
export async function drainJobs(
	database: Database,
	lockSeconds = 60,
	/** Jobs run at once: 1 runs them one by one, in the order the queue hands them out. */
	concurrency?: number,
): Promise<number> {
	const definitions = jobDefinitions(database.db)
	let runs = 0
	for (let round = 0; round < 50; round++) {
		const ran = await runDueJobs({ db: database.db, definitions, lockSeconds }, concurrency)
		if (ran === 0) return runs
		runs += ran
	}
	throw new Error('The job queue did not drain in 50 rounds')
}

/** Time passes: every queued job (a retry's backoff, a periodic job's next turn) is due now. */
export async function jobsDueNow(database: Database): Promise<void> {
	await database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'queued'))
}

type Env = Record<string, string>

/**
 * For a describe (one per database backend, `describe.each(databaseBackends)`): a fresh
 * database of `backend`, migrated, and this process's models configured by `env` (read when the
 * suite starts), with the periodic jobs scheduled when asked; all let go when the describe ends.
 * `suite.database` is set from the describe's first hook on.
 */
function inProcessSuite(
	backend: DatabaseBackend,
	env: Env | (() => Env) = {},
	{ periodicJobs = false } = {},
): { database: Database } {
	const suite = {} as { database: Database }
	let cleanup: (() => Promise<void>) | undefined
	beforeAll(async () => {
		const opened = await backend.open()
		cleanup = opened.cleanup
		suite.database = opened.database
		await prepareDatabase(opened.database)
		useInProcess(typeof env === 'function' ? env() : env)
		if (periodicJobs) await schedulePeriodicJobs(opened.database)
	}, 120_000)
	afterAll(async () => {
		leaveInProcess()
		await cleanup?.()
	})
	return suite
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>

/**
 * inProcessSuite with a real SMTP peer on loopback (`suite.smtp`, emptied before each test) and
 * `env`. With `listenPort` (and no SITE_URL), links in e-mails come from the address this process
 * "listens" on.
 */
export function smtpInProcessSuite(
	backend: DatabaseBackend,
	{ listenPort, env = {} }: { listenPort?: number; env?: Env },
): { database: Database; smtp: Smtp } {
	const suite = {} as { database: Database; smtp: Smtp }
	beforeAll(async () => {
		suite.smtp = await startSmtp()
	})
	afterAll(async () => {
		await suite.smtp?.close()
	})
	const inProcess = inProcessSuite(backend, () => ({
		SMTP_URL: suite.smtp.url,
		...(listenPort === undefined ? {} : { HOST: '0.0.0.0' }),
		...env,
	}))
	beforeAll(() => {
		suite.database = inProcess.database
		if (listenPort !== undefined) recordListenPort(listenPort)
	})
	beforeEach(() => {
		suite.smtp.received.length = 0
	})
	return suite
}

/**
 * Stripe mode in this process, against a fake Stripe on loopback. Call it once in a file: the
 * fake serves the whole file, since the payment provider is made once per process and keeps its
 * address. Its answer gives each database's describe its suite: inProcessSuite with `env` and
 * the fake's key, webhook secret and address (`suite.stripe`). No SMTP_URL: the outbox rows are
 * the messages.
 */
export function stripeInProcessSuite(env: Env = {}, options: { periodicJobs?: boolean } = {}) {
	let stripe: FakeStripe | undefined
	beforeAll(async () => {
		stripe = await startFakeStripe()
	})
	afterAll(() => stripe?.close())
	return (backend: DatabaseBackend): { database: Database; stripe: FakeStripe } => {
		const suite = {} as { database: Database; stripe: FakeStripe }
		const inProcess = inProcessSuite(
			backend,
			() => ({
				STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
				STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
				STRIPE_API_URL: stripe!.url,
				...env,
			}),
			options,
		)
		beforeAll(() => {
			suite.database = inProcess.database
			suite.stripe = stripe!
		})
		return suite
	}
}
