import type { LoaderFunctionArgs } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { checkDataDir, type DataDirHealth } from '~/data-dir.server'
import { getDatabase } from '~/db/client.server'
import { asProbe } from '~/db/turns.server'
import { carriesToken } from '~/http/metrics.server'
import { pageCacheStats } from '~/http/page-cache.server'
import { databaseWasUnavailable } from '~/http/unavailable.server'
import { queueStats } from '~/jobs/queue.server'
import { log } from '~/log.server'

const DATABASE_TIMEOUT_MS = 2_000
const MB = 1024 * 1024

/**
 * For load balancers: 200 while this process can serve; 503 with a JSON `reason` when its
 * database does not answer within 2 seconds, or when DATA_DIR, which holds the embedded
 * database, cannot be written or its disk has less than DATA_DIR_MIN_FREE_MB free
 * (docs/decisions/104). server.ts answers 503 while shutting down. `queue` is the job queue at a
 * glance (docs/decisions/075): jobs waiting, scheduled, running and failed, and how long the
 * oldest waiting job has been due — a number that grows means the workers are not keeping up.
 *
 * Anyone gets the status alone (`ok` or `unavailable`, 200 or 503): what a balancer needs. The
 * detail (the engine, the queue, the page cache's counters, the reason for a 503) tells a
 * stranger what runs here and how busy it is, so it comes only with `Authorization: Bearer
 * METRICS_TOKEN`, the scrape's token (docs/decisions/133).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const headers = { 'Cache-Control': 'no-store' }
	const config = getConfig()
	const detailed =
		config.METRICS_TOKEN !== undefined &&
		carriesToken(request.headers.get('authorization') ?? undefined, config.METRICS_TOKEN)
	// With DATABASE_URL the data lives in PostgreSQL; DATA_DIR is read at boot at most.
	const dataDir = config.DATABASE_URL
		? null
		: await checkDataDir(config.dataDir, config.DATA_DIR_MIN_FREE_MB * MB)
	logDataDirChange(config.dataDir, dataDir)
	const unavailable = (reason: string, database: string) =>
		Response.json(
			detailed ? { status: 'unavailable', reason, database } : { status: 'unavailable' },
			{
				status: 503,
				headers,
			},
		)
	let database: Awaited<ReturnType<typeof getDatabase>>
	let queue: Awaited<ReturnType<typeof queueStats>> | null
	try {
		database = await getDatabase()
		queue = await Promise.race([
			// Ahead of the requests waiting for PGlite: a busy server is not a dead one (decision 139).
			asProbe(() => database.ping().then(() => (detailed ? queueStats(database.db) : null))),
			new Promise<never>((_, reject) =>
				setTimeout(
					() =>
						reject(
							Object.assign(new Error('the database did not answer within 2 s'), {
								code: 'ETIMEDOUT',
							}),
						),
					DATABASE_TIMEOUT_MS,
				).unref(),
			),
		])
	} catch (error) {
		// An outage is logged once, not at every check (docs/decisions/104).
		if (!databaseWasUnavailable(error))
			log.error({ err: error }, 'Health check: database unavailable')
		return unavailable('the database does not answer', 'unreachable')
	}
	if (dataDir && !dataDir.ok) return unavailable(dataDir.problem, database.kind)
	if (!detailed) return Response.json({ status: 'ok' }, { headers })
	// The page cache's counters (docs/decisions/070): hits, misses, bytes held.
	return Response.json(
		{
			status: 'ok',
			database: database.kind,
			queue,
			pageCache: pageCacheStats(),
		},
		{ headers },
	)
}

// The last problem logged: a load balancer asks every few seconds, the log hears of a change.
let lastProblem: string | null = null

function logDataDirChange(dir: string, health: DataDirHealth | null) {
	const problem = health && !health.ok ? health.problem : null
	if (problem === lastProblem) return
	if (problem) log.error(`Health check: DATA_DIR ${dir}: ${problem}`)
	else log.info(`Health check: DATA_DIR ${dir} is fine again`)
	lastProblem = problem
}
