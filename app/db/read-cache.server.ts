/**
 * The in-process cache in front of the course, its counters and the catalog, read on nearly
 * every page (docs/decisions/011). Short-lived, so other app servers' sales show within seconds;
 * this process drops it at once when it records a sale.
 */
import { LRUCache } from 'lru-cache'

// 2 s here plus at most 3 s of page cache: a sale or a price shows on every server within 5 s
// (docs/decisions/071).
const READ_CACHE_TTL_MS = 2_000

type Load = () => Promise<unknown>

// Values are boxed: a read may answer null or undefined, which lru-cache cannot hold. Concurrent
// reads of one key share one load (one database round trip, not fifty); a failed load is not
// kept. A read under way when a sale drops the cache still answers its caller, but is not kept:
// it may have read the database before the sale (ignoreFetchAbort with clear()).
const readCache = new LRUCache<string, { value: unknown }, Load>({
	max: 200,
	ttl: READ_CACHE_TTL_MS,
	ignoreFetchAbort: true,
	fetchMethod: async (_key, _stale, { context: load }) => ({ value: await load() }),
})

/**
 * Call after recording a sale, a refund, or any change to courses, catalog or prices, so this
 * process's next read goes to the database.
 */
export function invalidateSalesCache(): void {
	readCache.clear()
}

export async function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
	const entry = await readCache.fetch(key, { context: load })
	// fetch() answers undefined only for an aborted load, which ignoreFetchAbort rules out.
	return entry?.value as T
}
