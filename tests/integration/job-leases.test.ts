/**
 * Job claims are leases (issue 33, item 15; docs/decisions/135): a live worker renews its
 * running jobs' leases every third of JOBS_LEASE_SECONDS, so a long job is never run a second
 * time; a worker that stops renewing (it died) has its jobs taken over within the lease, whatever
 * JOBS_LOCK_SECONDS (the old claim length, 120 s) says. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { jobWorkerOptions } from '~/job-worker.server'
import { claimJobs, enqueue } from '~/jobs/queue.server'
import type { JobDefinition } from '~/jobs/run.server'
import { startJobWorker } from '~/jobs/worker.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

async function waitUntil(what: string, done: () => boolean, timeoutMs: number) {
	const until = Date.now() + timeoutMs
	while (!done()) {
		if (Date.now() > until) throw new Error(`Timed out waiting until ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

describe.each(databaseBackends)('job leases on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await migrate(database)
	})
	afterAll(() => cleanup?.())

	test('a worker that claimed a job and stopped renewing has it taken over within JOBS_LEASE_SECONDS, whatever JOBS_LOCK_SECONDS says', async () => {
		useInProcess({ JOBS_LOCK_SECONDS: '120', JOBS_LEASE_SECONDS: '2', JOBS_POLL_SECONDS: '1' })
		const options = jobWorkerOptions(database.db)
		leaveInProcess()
		const runs: number[] = []
		const definition: JobDefinition = {
			kind: 'test.taken-over',
			run: async (_payload, job) => {
				runs.push(job.attempts)
			},
		}
		const id = await enqueue(database.db, 'test.taken-over', {})
		// The dead worker: it claimed the job as this configuration's workers do, then never renewed.
		const [claimed] = await claimJobs(database.db, 1, options.lockSeconds)
		expect(claimed?.id).toBe(id)
		const started = Date.now()
		const worker = startJobWorker({ ...options, definitions: [definition] })
		try {
			await waitUntil('another worker took the job over', () => runs.length > 0, 10_000)
		} finally {
			await worker.stop()
		}
		// The lease (2 s) and a poll (1 s), with room for a busy machine: not the 120 s.
		expect(Date.now() - started).toBeLessThan(6_000)
		expect(runs).toEqual([2])
	})

	test('a live worker keeps its long job: renewed through a run of several leases, it runs once', async () => {
		const runs: number[] = []
		const definition: JobDefinition = {
			kind: 'test.long',
			run: async (_payload, job) => {
				runs.push(job.attempts)
				await new Promise((resolve) => setTimeout(resolve, 3_500))
			},
		}
		const workers = [0, 1].map(() =>
			startJobWorker({
				db: database.db,
				definitions: [definition],
				pollSeconds: 0.2,
				lockSeconds: 1,
			}),
		)
		try {
			await enqueue(database.db, 'test.long', {})
			await waitUntil('the job started', () => runs.length > 0, 5_000)
			// Three and a half leases: the other worker polls five times a second all along.
			await new Promise((resolve) => setTimeout(resolve, 4_000))
		} finally {
			await Promise.all(workers.map((worker) => worker.stop()))
		}
		expect(runs).toEqual([1])
	})
})
