/**
 * The worker each app server runs (docs/decisions/075, 101): it polls the queue every
 * JOBS_POLL_SECONDS, and at once when this process enqueues, runs what it claims a few at a time,
 * and on shutdown stops claiming, lets what runs finish within a grace period, then cuts off
 * what still runs and releases it at once. A job's definition says how to run it, how to retry
 * it, what to do when it gives up, whether it comes back periodically, and how many of its kind
 * may run at once.
 */
import { isDatabaseUnavailable, noteDatabaseUnavailable } from '~/db/availability.server'
import type { Db } from '~/db/client.server'
import { asJobWork } from '~/db/turns.server'
import { log } from '~/log.server'
import { claimJobs, ensurePeriodicJob, onJobQueued } from './queue.server'
import { CutOffAtShutdown, type JobDefinition, runJob } from './run.server'

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
 * Claims what is due (up to `limit`) and runs it; resolves when those runs have ended, with how
 * many there were. The worker's loop calls it; so do tests, to run the queue step by step.
 */
export async function runDueJobs(
	options: Pick<WorkerOptions, 'db' | 'definitions' | 'lockSeconds'>,
	limit = CONCURRENCY,
): Promise<number> {
	return asJobWork(async () => {
		const claimed = await claimJobs(options.db, limit, options.lockSeconds)
		const byKind = new Map(options.definitions.map((definition) => [definition.kind, definition]))
		await Promise.all(
			claimed.map((job) => runJob(options.db, byKind.get(job.kind), job, options.lockSeconds)),
		)
		return claimed.length
	})
}

export type JobWorker = {
	/**
	 * Stops claiming; resolves when the jobs already running have ended. Runs that can stop at
	 * once without leaving an unknown outcome (a delivery before its data) stop and are released
	 * at once; the others (a delivery awaiting the answer to its data) are awaited. With
	 * `graceMs`, those still running after it are cut off (their signal aborts) and released.
	 */
	stop(options?: { graceMs?: number }): Promise<void>
}

/** Starts the loop: periodic jobs ensured, then claim → run, polling and woken by enqueues. */
export function startJobWorker(options: WorkerOptions): JobWorker {
	const { db, definitions, lockSeconds } = options
	const byKind = new Map(definitions.map((definition) => [definition.kind, definition]))
	const running = new Map<
		Promise<void>,
		{ id: number; kind: string; controller: AbortController }
	>()
	let stopping = false
	// Aborted as stop() begins: each run's cue to stop if it can do so cleanly.
	const stoppingRuns = new AbortController()
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

	/**
	 * Fills free slots with due jobs; true when it claimed any. A kind at its `maxRunning` is
	 * skipped, and no claim takes more than any other capped kind has room for (the next fill
	 * comes at once).
	 */
	async function fill(): Promise<boolean> {
		const runs = [...running.values()]
		const roomOf = (definition: JobDefinition) =>
			(definition.maxRunning ?? CONCURRENCY) -
			runs.filter((run) => run.kind === definition.kind).length
		const capped = definitions.filter((definition) => definition.maxRunning !== undefined)
		const full = capped.filter((definition) => roomOf(definition) <= 0)
		const limit = Math.min(
			CONCURRENCY - running.size,
			...capped.filter((definition) => roomOf(definition) > 0).map(roomOf),
		)
		const claimed = await claimJobs(
			db,
			limit,
			lockSeconds,
			full.map((definition) => definition.kind),
			runs.map((run) => run.id),
		)
		for (const job of claimed) {
			const controller = new AbortController()
			const run = runJob(
				db,
				byKind.get(job.kind),
				job,
				lockSeconds,
				controller,
				stoppingRuns.signal,
			).finally(() => {
				running.delete(run)
				wake?.()
			})
			running.set(run, { id: job.id, kind: job.kind, controller })
		}
		return claimed.length > 0
	}

	// Everything the loop starts waits in the worker's line on PGlite, which takes turns with the
	// requests' (docs/decisions/139): under load a delivery is not kept behind all of them.
	const loop = asJobWork(async () => {
		try {
			for (const definition of definitions)
				if (definition.everySeconds) await ensurePeriodicJob(db, definition.kind)
		} catch (error) {
			log.error({ err: error }, 'The periodic jobs could not be scheduled')
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
				else log.error({ err: error }, 'The job queue could not be read')
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
	})

	return {
		async stop({ graceMs = Number.POSITIVE_INFINITY }: { graceMs?: number } = {}) {
			const until = Date.now() + graceMs
			stopping = true
			stoppingRuns.abort(new CutOffAtShutdown())
			unsubscribe()
			wake?.()
			await loop
			const ended = Promise.allSettled([...running.keys()])
			if (Number.isFinite(graceMs)) {
				let timer: NodeJS.Timeout | undefined
				const graceOver = new Promise<'cut off'>((resolve) => {
					timer = setTimeout(() => resolve('cut off'), Math.max(0, until - Date.now()))
				})
				const outcome = await Promise.race([ended, graceOver])
				clearTimeout(timer)
				if (outcome === 'cut off')
					for (const { controller } of running.values()) controller.abort(new CutOffAtShutdown())
			}
			await ended
		},
	}
}
