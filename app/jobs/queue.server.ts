/**
 * The durable job queue (docs/decisions/075): a table in our own database, so every background
 * task (e-mail delivery, seat-hold release, payment reconciliation, a late payment's refund)
 * survives a restart and runs on PGlite and PostgreSQL with the same code. A job is enqueued in
 * the caller's transaction, so it exists exactly when what it is about was committed. Workers
 * claim due jobs with one UPDATE over a `FOR UPDATE SKIP LOCKED` subquery: with several app
 * servers on one PostgreSQL each job goes to one of them; a claim holds the job until
 * `locked_until`, after which a job whose worker died is claimed again — so handlers are
 * idempotent.
 */
import { and, asc, count, eq, inArray, lte, min, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { Tx } from '~/db/query.server'
import { jobs } from '~/db/schema-jobs.server'
import { redact } from '~/utils/redact'

/** Where a job can be enqueued: the database, or the caller's transaction. */
export type DbOrTx = Db | Tx

export type Job = typeof jobs.$inferSelect

export type EnqueueOptions = {
	/** Not before this time (default: now). */
	runAt?: Date
	/** Claims allowed, crashes included (default 10). */
	maxAttempts?: number
	/** A failure at or after this time is the last (retries span at least until then). */
	giveUpAt?: Date | null
	/** At most one job per key, ever: a second enqueue with the key does nothing. */
	dedupeKey?: string
}

/** One job to add: its kind, its payload and when and how it runs. */
export type NewJob = { kind: string; payload: Record<string, unknown>; options?: EnqueueOptions }

/**
 * A wake-up looks for due jobs at once and again over about a second (the worker's quick looks):
 * a job due later than that is found by the worker's poll, and waking it would only cost a claim
 * on the pool the requests use (issue 35 item 3: two per payment in a sell-out).
 */
const WAKE_WINDOW_MS = 1_000

/**
 * Adds a job; null when `dedupeKey` was taken already. Pass the caller's transaction so the job
 * commits (or not) with the change it is about. Wakes this process's worker when it is due.
 */
export async function enqueue(
	db: DbOrTx,
	kind: string,
	payload: Record<string, unknown>,
	options: EnqueueOptions = {},
): Promise<number | null> {
	const [id] = await enqueueAll(db, [{ kind, payload, options }])
	return id ?? null
}

/**
 * Adds several jobs in one statement (one round trip inside the caller's transaction); the ids
 * of those added, a job whose `dedupeKey` was taken adding none.
 */
export async function enqueueAll(db: DbOrTx, added: NewJob[]): Promise<number[]> {
	if (added.length === 0) return []
	const rows = await db
		.insert(jobs)
		.values(
			added.map(({ kind, payload, options = {} }) => ({
				kind,
				payload,
				runAt: options.runAt ?? sql`now()`,
				maxAttempts: options.maxAttempts ?? 10,
				giveUpAt: options.giveUpAt ?? null,
				dedupeKey: options.dedupeKey ?? null,
			})),
		)
		.onConflictDoNothing({ target: jobs.dedupeKey })
		.returning({ id: jobs.id })
	const soon = Date.now() + WAKE_WINDOW_MS
	if (rows.length > 0 && added.some(({ options }) => (options?.runAt?.getTime() ?? 0) <= soon))
		wakeWorkers()
	return rows.map((row) => row.id)
}

/**
 * Makes sure the periodic job `kind` exists: one row per kind for ever, due now when new, and
 * rescheduled by `finishJob` after each run. Every app server calls it at start; one row wins.
 */
export async function ensurePeriodicJob(db: Db, kind: string): Promise<void> {
	await enqueue(db, kind, {}, { dedupeKey: `periodic:${kind}`, maxAttempts: 1 })
}

/**
 * Claims up to `limit` due jobs for `lockSeconds`: queued ones whose time has come, and running
 * ones whose worker's claim has lapsed (it crashed or hung). Oldest first; rows another worker
 * is claiming at this moment are skipped, not waited for, and so are the kinds in `skipKinds`
 * and the jobs in `skipIds` (the caller's own runs: a renewal late behind a busy database must
 * not let its own worker start the job a second time).
 */
export async function claimJobs(
	db: Db,
	limit: number,
	lockSeconds: number,
	skipKinds: string[] = [],
	skipIds: number[] = [],
): Promise<Job[]> {
	if (limit <= 0) return []
	const due = db
		.select({ id: jobs.id })
		.from(jobs)
		.where(
			and(
				or(
					and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
					and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, sql`now()`)),
				),
				skipKinds.length > 0 ? notInArray(jobs.kind, skipKinds) : undefined,
				skipIds.length > 0 ? notInArray(jobs.id, skipIds) : undefined,
			),
		)
		.orderBy(asc(jobs.runAt), asc(jobs.id))
		.limit(limit)
		.for('update', { skipLocked: true })
	return db
		.update(jobs)
		.set({
			status: 'running',
			attempts: sql`${jobs.attempts} + 1`,
			lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`,
			updatedAt: sql`now()`,
		})
		.where(inArray(jobs.id, due))
		.returning()
}

/**
 * Keeps a running job's claim alive for another `lockSeconds`: its worker is still at it. Only a
 * worker that died or hangs lets its claim lapse. Returns whether the claim was still its own.
 */
export async function extendClaim(db: Db, job: Job, lockSeconds: number): Promise<boolean> {
	const rows = await db
		.update(jobs)
		.set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
		.where(ownClaim(job))
		.returning({ id: jobs.id })
	return rows.length > 0
}

/** Only the claim that is still current may finish a job (a lapsed claim's worker may not). */
const ownClaim = (job: Job) =>
	and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts))

/**
 * A run ended well: the job is done — or, for a periodic job (`again`), queued for its next
 * turn with its attempts reset.
 */
export async function finishJob(db: Db, job: Job, again?: Date): Promise<void> {
	await db
		.update(jobs)
		.set(
			again
				? { status: 'queued', runAt: again, attempts: 0, lockedUntil: null, updatedAt: sql`now()` }
				: {
						status: 'done',
						lockedUntil: null,
						lastError: null,
						updatedAt: sql`now()`,
						finishedAt: sql`now()`,
					},
		)
		.where(ownClaim(job))
}

/**
 * A run failed: try again at `retryAt`, or (null) stop as failed with the reason. `uncounted`:
 * the claim does not count as an attempt (the job was never run).
 */
export async function failJob(
	db: Db,
	job: Job,
	reason: string,
	retryAt: Date | null,
	uncounted = false,
): Promise<void> {
	await db
		.update(jobs)
		.set(
			retryAt
				? {
						status: 'queued',
						runAt: retryAt,
						lockedUntil: null,
						lastError: reason,
						updatedAt: sql`now()`,
						...(uncounted ? { attempts: sql`${jobs.attempts} - 1` } : {}),
					}
				: {
						status: 'failed',
						lockedUntil: null,
						lastError: reason,
						updatedAt: sql`now()`,
						finishedAt: sql`now()`,
					},
		)
		.where(ownClaim(job))
}

/** Deletes finished jobs older than `days` (periodic rows are never finished). */
export async function pruneJobs(db: Db, days: number): Promise<void> {
	await db
		.delete(jobs)
		.where(
			and(
				inArray(jobs.status, ['done', 'failed']),
				lte(jobs.finishedAt, sql`now() - make_interval(days => ${days})`),
			),
		)
}

/** One line for `last_error` and the log: the error's name and message, addresses redacted. */
export function failureReason(error: unknown): string {
	return (redact(error).split('\n')[0] ?? 'unknown error').slice(0, 1000)
}

export type QueueStats = {
	/** Due and not yet claimed. */
	waiting: number
	/** Queued for later: retries in their backoff, periodic jobs between turns. */
	scheduled: number
	running: number
	/** Stopped for good (kept a week). */
	failed: number
	/** How long the oldest waiting job has been due, in seconds (0 when none waits). */
	oldestWaitingSeconds: number
}

/** The queue at a glance, for /healthz and the README's "watching the queue". */
export async function queueStats(db: Db): Promise<QueueStats> {
	const rows = await db
		.select({
			state: sql<string>`case when ${jobs.status} = 'queued' and ${jobs.runAt} <= now() then 'waiting'
				when ${jobs.status} = 'queued' then 'scheduled' else ${jobs.status} end`,
			jobs: count(),
			oldest: min(jobs.runAt),
		})
		.from(jobs)
		.where(inArray(jobs.status, ['queued', 'running', 'failed']))
		.groupBy(sql`1`)
	const of = (state: string) => rows.find((row) => row.state === state)
	const oldest = of('waiting')?.oldest
	return {
		waiting: Number(of('waiting')?.jobs ?? 0),
		scheduled: Number(of('scheduled')?.jobs ?? 0),
		running: Number(of('running')?.jobs ?? 0),
		failed: Number(of('failed')?.jobs ?? 0),
		oldestWaitingSeconds: oldest
			? Math.max(0, Math.round((Date.now() - new Date(oldest).getTime()) / 1000))
			: 0,
	}
}

// The wake-up is shared through globalThis: requests enqueue in the Remix build's bundle, the
// worker runs in server.ts's (docs/decisions/010 shares the database the same way).
const WAKE_KEY = Symbol.for('ai-driven-dev.jobs-wake')
type GlobalWithWake = typeof globalThis & { [WAKE_KEY]?: Set<() => void> }

function wakeListeners(): Set<() => void> {
	const holder = globalThis as GlobalWithWake
	holder[WAKE_KEY] ??= new Set()
	return holder[WAKE_KEY]
}

/** Tells this process's worker that a job was queued, so it need not wait for its next poll. */
function wakeWorkers(): void {
	for (const listener of wakeListeners()) listener()
}

/**
 * Wakes this process's worker in `delayMs`, when a job it enqueued for later falls due, so the
 * job runs on time rather than at the next poll (a paced checkout: docs/decisions/161).
 */
export function wakeWorkersIn(delayMs: number): void {
	setTimeout(wakeWorkers, Math.max(0, delayMs)).unref()
}

/** Calls `listener` on every enqueue in this process; returns the unsubscribe. */
export function onJobQueued(listener: () => void): () => void {
	wakeListeners().add(listener)
	return () => wakeListeners().delete(listener)
}
