/**
 * One claimed job's run (docs/decisions/075, 101): its claim kept alive while it runs, the
 * signal that tells it to stop, and what is recorded when it ends — finished, rescheduled,
 * retried, failed or released. The worker (worker.server.ts) decides what to claim and when.
 */
import type { Db } from '~/db/client.server'
import { log, withLogFields } from '~/log.server'
import { extendClaim, failJob, failureReason, finishJob, type Job } from './queue.server'
import { nextAttemptAt, type RetryPolicy } from './retry'

export type JobDefinition = {
	kind: string
	/**
	 * Does the work; throws to fail this attempt. Must be idempotent: a crash runs it again.
	 * `signal` aborts when the worker shuts down past its grace period or has lost the job's
	 * claim: a run that can stop early (an SMTP delivery) stops and throws. `stopping` aborts as
	 * soon as the worker begins to shut down: a run that can stop then without leaving an unknown
	 * outcome behind (a delivery whose data has not been handed over) stops and throws at once,
	 * and one that cannot (the data handed over, the answer awaited) carries on within the grace.
	 */
	run(
		payload: Record<string, unknown>,
		job: Job,
		signal: AbortSignal,
		stopping?: AbortSignal,
	): Promise<void>
	/** How failed attempts are retried (default: 30 s doubling to an hour, `max_attempts`). */
	retry?: RetryPolicy
	/** After the last failed attempt: record the failure where people look (the outbox row). */
	onGiveUp?(payload: Record<string, unknown>, reason: string): Promise<void>
	/** A periodic job: one row for ever, run again this many seconds after each run ends. */
	everySeconds?: number
	/** Most runs of this kind at once in one worker (default: all its slots). */
	maxRunning?: number
}

/** Thrown by a handler when trying again cannot help: the job fails at once. */
export class PermanentJobError extends Error {
	name = 'PermanentJobError'
}

/**
 * Thrown by a handler whose work is, as expected, not ready yet (another opener holds a queued
 * checkout's lease): tried again after its backoff like any failure, but noted at info level,
 * since nothing is wrong; giving up is still an error.
 */
export class NotReadyYet extends Error {
	name = 'NotReadyYet'
}

/** Why a run is aborted: the worker is stopping, and the job is released for the next one. */
export class CutOffAtShutdown extends Error {
	name = 'CutOffAtShutdown'
	message = 'cut off at shutdown'
}

/** Why a run is aborted: its claim is no longer its own (it lapsed, another worker took it). */
class ClaimLost extends Error {
	name = 'ClaimLost'
	message = 'its claim was lost'
}

const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, jitter: 0.1 }

/** How soon a job of a kind this server does not know is offered again. */
const UNKNOWN_KIND_RETRY_MS = 60_000

/**
 * Runs one claimed job to its end: finished, rescheduled, retried, failed or released. Never
 * throws. While it runs, its claim is renewed three times per `lockSeconds`, so a slow run (a
 * mail server that takes its time) is never claimed a second time by another worker; only a dead
 * worker's lapses. A renewal that finds the claim gone aborts the run: the job is someone else's.
 */
export async function runJob(
	db: Db,
	definition: JobDefinition | undefined,
	job: Job,
	lockSeconds: number,
	controller = new AbortController(),
	stopping: AbortSignal = new AbortController().signal,
): Promise<void> {
	const heartbeat = setInterval(
		() =>
			extendClaim(db, job, lockSeconds).then(
				(own) => own || controller.abort(new ClaimLost()),
				logBookkeeping,
			),
		Math.max(500, (lockSeconds * 1000) / 3),
	)
	try {
		// Every line the job logs carries its id (docs/decisions/108).
		await withLogFields({ job_id: job.id }, () =>
			runAndRecord(db, definition, job, controller.signal, stopping),
		)
	} finally {
		clearInterval(heartbeat)
	}
}

async function runAndRecord(
	db: Db,
	definition: JobDefinition | undefined,
	job: Job,
	signal: AbortSignal,
	stopping: AbortSignal,
) {
	if (!definition) {
		// A kind this server does not know: one added by a newer version during a rolling deploy.
		// Handed back untouched for a server that knows it, never given up.
		log.warn(`Job #${job.id}: no handler for kind "${job.kind}" here; left for another server`)
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
		await definition.run(job.payload, job, signal, stopping)
		await finishJob(db, job, periodicAgain())
	} catch (error) {
		const reason = failureReason(error)
		const again = periodicAgain()
		if (again) {
			log.error(`Job #${job.id} (${job.kind}) failed; next run as scheduled: ${reason}`)
			await finishJob(db, job, again).catch(logBookkeeping)
			return
		}
		if (signal.aborted || (stopping.aborted && error === stopping.reason)) {
			await releaseAborted(db, job, signal.aborted ? signal.reason : error)
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
		const expected = retryAt && error instanceof NotReadyYet
		log[expected ? 'info' : 'error'](
			`Job #${job.id} (${job.kind}) attempt ${job.attempts} ${expected ? 'not ready yet' : 'failed'}${retryAt ? `, retrying at ${retryAt.toISOString()}` : ', giving up'}: ${reason}`,
		)
		try {
			if (!retryAt && definition?.onGiveUp) await definition.onGiveUp(job.payload, reason)
			await failJob(db, job, reason, retryAt)
		} catch (bookkeeping) {
			logBookkeeping(bookkeeping)
		}
	}
}

/**
 * A run cut off at shutdown is released at once, due now, for another worker (or this server,
 * restarted) instead of waiting for its claim to lapse; the attempt counts. A run whose claim was
 * lost belongs to another worker already: nothing is written.
 */
async function releaseAborted(db: Db, job: Job, reason: unknown) {
	if (!(reason instanceof CutOffAtShutdown)) {
		log.warn(`Job #${job.id} (${job.kind}) stopped: ${failureReason(reason)}`)
		return
	}
	log.warn(`Job #${job.id} (${job.kind}) cut off at shutdown: released for the next worker`)
	await failJob(db, job, failureReason(reason), new Date()).catch(logBookkeeping)
}

// The claim lapses and the job runs again: nothing is lost when this write fails.
const logBookkeeping = (error: unknown) =>
	log.error({ err: error }, 'The job queue could not record a result')
