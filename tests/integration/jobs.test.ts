/**
 * The job queue itself (docs/decisions/075): enqueued with the caller's transaction, claimed
 * once however many workers ask at the same moment, claimed again when a worker dies mid-run,
 * retried with backoff and then failed with the reason, periodic jobs kept to one row, and
 * shutdown letting running jobs finish. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is
 * set — where the workers really are concurrent connections.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { jobs } from '~/db/schema-jobs.server'
import { claimJobs, enqueue, ensurePeriodicJob, finishJob, queueStats } from '~/jobs/queue.server'
import { type JobDefinition, NotReadyYet } from '~/jobs/run.server'
import { runDueJobs, startJobWorker } from '~/jobs/worker.server'
import { log } from '~/log.server'
import { databaseBackends } from '../support/databases'

describe.each(databaseBackends)('the job queue on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await migrate(database)
	})
	afterAll(() => cleanup?.())

	const jobOf = async (id: number) => {
		const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id))
		return row!
	}

	test('a job enqueued in a transaction that rolls back never exists', async () => {
		await expect(
			database.db.transaction(async (tx) => {
				await enqueue(tx, 'test.rolled-back', {})
				throw new Error('rolled back')
			}),
		).rejects.toThrow('rolled back')
		const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.rolled-back'))
		expect(rows).toEqual([])
	})

	test('four workers asking at once run each of forty jobs exactly once', async () => {
		const runs = new Map<number, number>()
		const definition: JobDefinition = {
			kind: 'test.count',
			run: async (payload) => {
				const n = Number(payload.n)
				runs.set(n, (runs.get(n) ?? 0) + 1)
				await new Promise((resolve) => setTimeout(resolve, 5))
			},
		}
		for (let n = 0; n < 40; n++) await enqueue(database.db, 'test.count', { n })
		const worker = () =>
			(async () => {
				while (
					(await runDueJobs({ db: database.db, definitions: [definition], lockSeconds: 60 }, 3)) > 0
				);
			})()
		await Promise.all([worker(), worker(), worker(), worker()])
		expect([...runs.keys()].sort((a, b) => a - b)).toEqual([...Array(40).keys()])
		expect([...runs.values()].every((count) => count === 1)).toBe(true)
		const done = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.count'))
		expect(done.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true)
	})

	test('a job whose worker died mid-run is claimed again once its claim lapses, and not before', async () => {
		const id = (await enqueue(database.db, 'test.crash', {}))!
		const [claimed] = await claimJobs(database.db, 10, 1)
		expect(claimed).toMatchObject({ id, status: 'running', attempts: 1 })
		// The worker "dies": it never finishes. Another asks at once and gets nothing.
		expect(await claimJobs(database.db, 10, 1)).toEqual([])
		await new Promise((resolve) => setTimeout(resolve, 1_100))
		const [again] = await claimJobs(database.db, 10, 60)
		expect(again).toMatchObject({ id, attempts: 2 })
		// The dead worker's late result cannot finish the job under the new claim.
		await finishJob(database.db, claimed!)
		expect((await jobOf(id)).status).toBe('running')
		await finishJob(database.db, again!)
		expect((await jobOf(id)).status).toBe('done')
	})

	test('a job running longer than its claim time keeps its claim while its worker is alive: nobody else runs it', async () => {
		let runs = 0
		const definition: JobDefinition = {
			kind: 'test.slow-but-alive',
			run: async () => {
				runs += 1
				await new Promise((resolve) => setTimeout(resolve, 2_500))
			},
		}
		const id = (await enqueue(database.db, 'test.slow-but-alive', {}))!
		const options = { db: database.db, definitions: [definition], lockSeconds: 1 }
		const running = runDueJobs(options)
		// Another worker keeps asking for the whole run, well past the one-second claim.
		const until = Date.now() + 2_800
		while (Date.now() < until) {
			await runDueJobs(options)
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
		await running
		expect(runs).toBe(1)
		expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1 })
	})

	test('a job of a kind this server does not know (a newer version’s, mid-deploy) is handed back, never given up', async () => {
		const id = (await enqueue(database.db, 'test.from-the-future', {}, { maxAttempts: 1 }))!
		for (let i = 0; i < 3; i++) {
			await runDueJobs({ db: database.db, definitions: [], lockSeconds: 60 })
			await database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id))
		}
		expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 0 })
		let ran = false
		const known: JobDefinition = {
			kind: 'test.from-the-future',
			run: async () => {
				ran = true
			},
		}
		await runDueJobs({ db: database.db, definitions: [known], lockSeconds: 60 })
		expect(ran).toBe(true)
		expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1 })
	})

	test('a failing job is retried with backoff, then fails with the reason once its attempts are used up', async () => {
		const definition: JobDefinition = {
			kind: 'test.failing',
			run: async () => {
				throw new Error('the peer said no')
			},
		}
		const id = (await enqueue(database.db, 'test.failing', {}, { maxAttempts: 2 }))!
		const run = () => runDueJobs({ db: database.db, definitions: [definition], lockSeconds: 60 })
		await run()
		const waiting = await jobOf(id)
		expect(waiting).toMatchObject({ status: 'queued', attempts: 1 })
		expect(waiting.lastError).toBe('Error: the peer said no')
		expect(waiting.runAt.getTime() - Date.now()).toBeGreaterThan(20_000)
		await database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id))
		await run()
		expect(await jobOf(id)).toMatchObject({
			status: 'failed',
			attempts: 2,
			lastError: 'Error: the peer said no',
		})
		expect((await queueStats(database.db)).failed).toBeGreaterThanOrEqual(1)
	})

	test('a job not ready yet is retried like a failure but noted as information, and an error once it gives up', async () => {
		const definition: JobDefinition = {
			kind: 'test.not-ready',
			run: async () => {
				throw new NotReadyYet('another opener holds it')
			},
		}
		const id = (await enqueue(database.db, 'test.not-ready', {}, { maxAttempts: 2 }))!
		const info = vi.spyOn(log, 'info').mockImplementation(() => {})
		const error = vi.spyOn(log, 'error').mockImplementation(() => {})
		const linesAbout = (spy: typeof info) =>
			spy.mock.calls.map((call) => String(call.at(-1))).filter((line) => line.includes(`#${id} `))
		try {
			const run = () => runDueJobs({ db: database.db, definitions: [definition], lockSeconds: 60 })
			await run()
			expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 1 })
			expect(linesAbout(info)).toEqual([
				expect.stringMatching(
					/attempt 1 not ready yet, retrying at .*: NotReadyYet: another opener holds it$/,
				),
			])
			expect(linesAbout(error)).toEqual([])
			await database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id))
			await run()
			expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: 2 })
			expect(linesAbout(error)).toEqual([expect.stringMatching(/attempt 2 failed, giving up/)])
		} finally {
			info.mockRestore()
			error.mockRestore()
		}
	})

	test('a periodic job keeps one row, however many servers schedule it, and comes back after its interval', async () => {
		let runs = 0
		const definition: JobDefinition = {
			kind: 'test.periodic',
			everySeconds: 60,
			run: async () => {
				runs += 1
			},
		}
		await Promise.all([
			ensurePeriodicJob(database.db, 'test.periodic'),
			ensurePeriodicJob(database.db, 'test.periodic'),
		])
		await ensurePeriodicJob(database.db, 'test.periodic')
		const rows = () => database.db.select().from(jobs).where(eq(jobs.kind, 'test.periodic'))
		expect(await rows()).toHaveLength(1)
		await runDueJobs({ db: database.db, definitions: [definition], lockSeconds: 60 })
		expect(runs).toBe(1)
		const [next] = await rows()
		expect(next).toMatchObject({ status: 'queued', attempts: 0 })
		expect(next!.runAt.getTime() - Date.now()).toBeGreaterThan(55_000)
		await runDueJobs({ db: database.db, definitions: [definition], lockSeconds: 60 })
		expect(runs).toBe(1)
	})

	test('an enqueue wakes the worker at once, and stopping it lets the running job finish', async () => {
		const events: string[] = []
		let release!: () => void
		const definition: JobDefinition = {
			kind: 'test.slow',
			run: async () => {
				events.push('started')
				await new Promise<void>((resolve) => {
					release = resolve
				})
				events.push('finished')
			},
		}
		// A poll interval far longer than the test: only the wake-up can start the job.
		const worker = startJobWorker({
			db: database.db,
			definitions: [definition],
			pollSeconds: 60,
			lockSeconds: 60,
		})
		await new Promise((resolve) => setTimeout(resolve, 100))
		const id = (await enqueue(database.db, 'test.slow', {}))!
		const until = Date.now() + 5_000
		while (!events.includes('started') && Date.now() < until)
			await new Promise((resolve) => setTimeout(resolve, 20))
		expect(events).toEqual(['started'])
		const stopped = worker.stop()
		setTimeout(() => release(), 200)
		await stopped
		expect(events).toEqual(['started', 'finished'])
		expect((await jobOf(id)).status).toBe('done')
	})

	test('stopping with a grace period: a run that ends within it is finished; one still running after it is cut off (its signal aborts) and released at once, due now', async () => {
		const aborted: string[] = []
		const definition: JobDefinition = {
			kind: 'test.long',
			run: (payload, _job, signal) =>
				new Promise<void>((resolve, reject) => {
					if (payload.quick) setTimeout(resolve, 100)
					signal.addEventListener('abort', () => {
						aborted.push(String(payload.name))
						reject(signal.reason)
					})
				}),
		}
		const worker = startJobWorker({
			db: database.db,
			definitions: [definition],
			pollSeconds: 60,
			lockSeconds: 120,
		})
		const quick = (await enqueue(database.db, 'test.long', { name: 'quick', quick: true }))!
		const slow = (await enqueue(database.db, 'test.long', { name: 'slow' }))!
		const until = Date.now() + 5_000
		while ((await jobOf(slow)).status !== 'running' && Date.now() < until)
			await new Promise((resolve) => setTimeout(resolve, 20))
		const started = Date.now()
		await worker.stop({ graceMs: 500 })
		expect(Date.now() - started).toBeGreaterThanOrEqual(450)
		expect(Date.now() - started).toBeLessThan(3_000)
		expect(aborted).toEqual(['slow'])
		expect(await jobOf(quick)).toMatchObject({ status: 'done' })
		const released = await jobOf(slow)
		// Not held for the rest of its 120 s claim: queued, due now, for the next worker.
		expect(released).toMatchObject({
			status: 'queued',
			lockedUntil: null,
			attempts: 1,
			lastError: 'CutOffAtShutdown: cut off at shutdown',
		})
		expect(released.runAt.getTime()).toBeLessThanOrEqual(Date.now())
		expect(await claimJobs(database.db, 10, 60)).toEqual([
			expect.objectContaining({ id: slow, attempts: 2 }),
		])
	})

	test('a run whose claim another worker took is told to stop, and writes nothing', async () => {
		let signalled: unknown = null
		const definition: JobDefinition = {
			kind: 'test.claim-lost',
			run: (_payload, _job, signal) =>
				new Promise<void>((_resolve, reject) => {
					signal.addEventListener('abort', () => {
						signalled = signal.reason
						reject(signal.reason)
					})
				}),
		}
		const id = (await enqueue(database.db, 'test.claim-lost', {}))!
		const running = runDueJobs({ db: database.db, definitions: [definition], lockSeconds: 1 })
		await new Promise((resolve) => setTimeout(resolve, 100))
		// The claim lapsed (a stalled event loop, a database away) and another worker took it.
		await database.db
			.update(jobs)
			.set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: sql`now() + interval '1 hour'` })
			.where(eq(jobs.id, id))
		await running
		expect(signalled).toMatchObject({ name: 'ClaimLost' })
		expect(await jobOf(id)).toMatchObject({ status: 'running', attempts: 2, lastError: null })
	})

	test('a kind with maxRunning never runs more at once, and leaves the other slots to other kinds', async () => {
		let capped = 0
		let mostCapped = 0
		let otherRan = false
		const release: (() => void)[] = []
		const definitions: JobDefinition[] = [
			{
				kind: 'test.capped',
				maxRunning: 2,
				run: async () => {
					capped += 1
					mostCapped = Math.max(mostCapped, capped)
					await new Promise<void>((resolve) => release.push(resolve))
					capped -= 1
				},
			},
			{
				kind: 'test.other',
				run: async () => {
					otherRan = true
				},
			},
		]
		for (let n = 0; n < 5; n++) await enqueue(database.db, 'test.capped', { n })
		const worker = startJobWorker({
			db: database.db,
			definitions,
			pollSeconds: 60,
			lockSeconds: 60,
		})
		const until = Date.now() + 5_000
		while (capped < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
		// Queued after the capped ones, so older jobs come first: it runs only if a slot is kept.
		await enqueue(database.db, 'test.other', {})
		while (!otherRan && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
		expect(otherRan).toBe(true)
		expect(capped).toBe(2)
		// Let them finish one by one: the rest follow, never more than two at once.
		while (release.length > 0 || capped > 0) {
			release.shift()?.()
			await new Promise((resolve) => setTimeout(resolve, 50))
			if (Date.now() > until + 10_000) break
		}
		await worker.stop()
		expect(mostCapped).toBe(2)
		const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.capped'))
		expect(rows.map((row) => row.status)).toEqual(['done', 'done', 'done', 'done', 'done'])
	})

	test('the queue at a glance: waiting jobs and how long the oldest has waited', async () => {
		await database.db
			.insert(jobs)
			.values({ kind: 'test.waiting', runAt: sql`now() - interval '90 seconds'` })
		const stats = await queueStats(database.db)
		expect(stats.waiting).toBeGreaterThanOrEqual(1)
		expect(stats.oldestWaitingSeconds).toBeGreaterThanOrEqual(89)
		expect(stats.oldestWaitingSeconds).toBeLessThan(200)
	})
})
