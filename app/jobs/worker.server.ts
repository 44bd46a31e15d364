/**
 * The worker each app server runs (docs/decisions/075): it polls the queue every
 * JOBS_POLL_SECONDS, and at once when this process enqueues, runs what it claims a few at a time,
 * and on shutdown stops claiming and lets what runs finish. A job's definition says how to run
 * it, how to retry it, what to do when it gives up, and whether it comes back periodically.
 */
import { isDatabaseUnavailable, noteDatabaseUnavailable } from '~/db/availability.server'
import type { Db } from '~/db/client.server'
import { redact } from '~/utils/redact'
import {
	claimJobs,
	ensurePeriodicJob,
	extendClaim,
	failJob,
	failureReason,
	finishJob,
	type Job,
	onJobQueued,
} from './queue.server'
import { nextAttemptAt, type RetryPolicy } from './retry'

export type JobDefinition = {
	kind: string
	/** Does the work; throws to fail this attempt. Must be idempotent: a crash runs it again. */
	run(payload: Record<string, unknown>, job: Job): Promise<void>
	/** How failed attempts are retried (default: 30 s doubling to an hour, `max_attempts`). */
	retry?: RetryPolicy
	/** After the last failed attempt: record the failure where people look (the outbox row). */
	onGiveUp?(payload: Record<string, unknown>, reason: string): Promise<void>
	/** A periodic job: one row for ever, run again this many seconds after each run ends. */
	everySeconds?: number
}

/** Thrown by a handler when trying again cannot help: the job fails at once. */
export class PermanentJobError extends Error {
	name = 'PermanentJobError'
}

const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, jitter: 0.1 }

/** How soon a job of a kind this server does not know is offered again. */
const UNKNOWN_KIND_RETRY_MS = 60_000

/** Jobs one worker runs at once: SMTP and the payment provider are slow, the database is not. */
const CONCURRENCY = 4

/**
 * After a wake-up that found nothing (the enqueuing transaction had not committed yet), look
 * again after these delays before going back to the poll interval.
 */
const WAKE_RETRIES_MS = [50, 250, 1_000]

type WorkerOptions = {
	db: Db
	definitions: JobDefinition[]
	pollSeconds: number
	lockSeconds: number
}

/**
 * Runs one claimed job to its end: finished, rescheduled, retried or failed. Never throws. While
 * it runs, its claim is renewed three times per `lockSeconds`, so a slow run (a mail server that
 * takes its time) is never claimed a second time by another worker; only a dead worker's lapses.
 */
async function runJob(
	db: Db,
	definition: JobDefinition | undefined,
	job: Job,
	lockSeconds: number,
): Promise<void> {
	const heartbeat = setInterval(
		() => extendClaim(db, job, lockSeconds).catch(logBookkeeping),
		Math.max(500, (lockSeconds * 1000) / 3),
	)
	try {
		await runAndRecord(db, definition, job)
	} finally {
		clearInterval(heartbeat)
	}
}

async function runAndRecord(db: Db, definition: JobDefinition | undefined, job: Job) {
	if (!definition) {
		// A kind this server does not know: one added by a newer version during a rolling deploy.
		// Handed back untouched for a server that knows it, never given up.
		console.warn(`Job #${job.id}: no handler for kind "${job.kind}" here; left for another server`)
		await failJob(
			db,
			job,
			`no handler for kind "${job.kind}"`,
			new Date(Date.now() + UNKNOWN_KIND_RETRY_MS),
			true,
		).catch(logBookkeeping)
		return
	}
	const periodicAgain = () =>
		definition?.everySeconds ? new Date(Date.now() + definition.everySeconds * 1000) : undefined
	try {
		if (job.attempts > job.maxAttempts && !definition.everySeconds)
			throw new Error(`gave up after ${job.maxAttempts} attempts (its worker stopped mid-run)`)
		await definition.run(job.payload, job)
		await finishJob(db, job, periodicAgain())
	} catch (error) {
		const reason = failureReason(error)
		const again = periodicAgain()
		if (again) {
			console.error(`Job #${job.id} (${job.kind}) failed; next run as scheduled: ${reason}`)
			await finishJob(db, job, again).catch(logBookkeeping)
			return
		}
		const retryAt =
			job.attempts > job.maxAttempts || (error as Error)?.name === 'PermanentJobError'
				? null
				: nextAttemptAt({
						policy: definition?.retry ?? DEFAULT_RETRY,
						attempts: job.attempts,
						maxAttempts: job.maxAttempts,
						now: new Date(),
						giveUpAt: job.giveUpAt,
					})
		console.error(
			`Job #${job.id} (${job.kind}) attempt ${job.attempts} failed${retryAt ? `, retrying at ${retryAt.toISOString()}` : ', giving up'}: ${reason}`,
		)
		try {
			if (!retryAt && definition?.onGiveUp) await definition.onGiveUp(job.payload, reason)
			await failJob(db, job, reason, retryAt)
		} catch (bookkeeping) {
			logBookkeeping(bookkeeping)
		}
	}
}

// The claim lapses and the job runs again: nothing is lost when this write fails.
const logBookkeeping = (error: unknown) =>
	console.error('The job queue could not record a result:', redact(error))

/**
 * Claims what is due (up to `limit`) and runs it; resolves when those runs have ended, with how
 * many there were. The worker's loop calls it; so do tests, to run the queue step by step.
 */
export async function runDueJobs(
	options: Pick<WorkerOptions, 'db' | 'definitions' | 'lockSeconds'>,
	limit = CONCURRENCY,
): Promise<number> {
	const claimed = await claimJobs(options.db, limit, options.lockSeconds)
	const byKind = new Map(options.definitions.map((definition) => [definition.kind, definition]))
	await Promise.all(
		claimed.map((job) => runJob(options.db, byKind.get(job.kind), job, options.lockSeconds)),
	)
	return claimed.length
}

export type JobWorker = {
	/** Stops claiming; resolves when the jobs already running have ended. */
	stop(): Promise<void>
}

/** Starts the loop: periodic jobs ensured, then claim → run, polling and woken by enqueues. */
export function startJobWorker(options: WorkerOptions): JobWorker {
	const { db, definitions, lockSeconds } = options
	const byKind = new Map(definitions.map((definition) => [definition.kind, definition]))
	const running = new Set<Promise<void>>()
	let stopping = false
	let wake: (() => void) | null = null
	let woken = false
	const unsubscribe = onJobQueued(() => {
		woken = true
		wake?.()
	})
	const sleep = (ms: number) =>
		new Promise<void>((resolve) => {
			const timer = setTimeout(done, ms)
			function done() {
				clearTimeout(timer)
				wake = null
				resolve()
			}
			wake = done
		})

	/** Fills free slots with due jobs; true when it claimed any. */
	async function fill(): Promise<boolean> {
		const claimed = await claimJobs(db, CONCURRENCY - running.size, lockSeconds)
		for (const job of claimed) {
			const run = runJob(db, byKind.get(job.kind), job, lockSeconds).finally(() => {
				running.delete(run)
				wake?.()
			})
			running.add(run)
		}
		return claimed.length > 0
	}

	const loop = (async () => {
		try {
			for (const definition of definitions)
				if (definition.everySeconds) await ensurePeriodicJob(db, definition.kind)
		} catch (error) {
			console.error('The periodic jobs could not be scheduled:', redact(error))
		}
		// Quick looks left after a wake-up that found nothing yet.
		let burst = 0
		while (!stopping) {
			if (woken) burst = WAKE_RETRIES_MS.length
			woken = false
			let claimedAny = false
			try {
				claimedAny = running.size < CONCURRENCY && (await fill())
			} catch (error) {
				// An outage is logged once, not at every poll (docs/decisions/104).
				if (isDatabaseUnavailable(error)) noteDatabaseUnavailable(error)
				else console.error('The job queue could not be read:', redact(error))
			}
			if (stopping) break
			const delay =
				claimedAny && running.size < CONCURRENCY
					? 0
					: !claimedAny && burst > 0
						? WAKE_RETRIES_MS[WAKE_RETRIES_MS.length - burst--]!
						: options.pollSeconds * 1000
			// A run that ends, an enqueue or stop() cuts the sleep short.
			if (!woken) await sleep(delay)
		}
	})()

	return {
		async stop() {
			stopping = true
			unsubscribe()
			wake?.()
			await loop
			await Promise.allSettled([...running])
		},
	}
}
