import { json } from '@remix-run/node'
import { getDatabase } from '~/db/client.server'
import { pageCacheStats } from '~/http/page-cache.server'
import { databaseWasUnavailable } from '~/http/unavailable.server'
import { queueStats } from '~/jobs/queue.server'
import { redact } from '~/utils/redact'

const DATABASE_TIMEOUT_MS = 2_000

/**
 * For load balancers: 200 while this process can serve, 503 when its database does not answer
 * within 2 seconds. server.ts answers 503 while shutting down. `queue` is the job queue at a
 * glance (docs/decisions/075): jobs waiting, scheduled, running and failed, and how long the
 * oldest waiting job has been due — a number that grows means the workers are not keeping up.
 */
export async function loader() {
	const headers = { 'Cache-Control': 'no-store' }
	try {
		const database = await getDatabase()
		const queue = await Promise.race([
			database.ping().then(() => queueStats(database.db)),
			new Promise<never>((_, reject) =>
				setTimeout(() => reject(new Error('timed out')), DATABASE_TIMEOUT_MS).unref(),
			),
		])
		// The page cache's counters (docs/decisions/070): hits, misses, bytes held.
		return json(
			{ status: 'ok', database: database.kind, queue, pageCache: pageCacheStats() },
			{ headers },
		)
	} catch (error) {
		// An outage is logged once, not at every check (docs/decisions/104).
		if (!databaseWasUnavailable(error))
			console.error('Health check: database unavailable:', redact(error))
		return json({ status: 'unavailable', database: 'unreachable' }, { status: 503, headers })
	}
}
