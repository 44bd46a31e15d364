/**
 * The in-process cache in front of the course, its counters and the catalog, read on nearly
 * every page (docs/decisions/011). Short-lived, so other app servers' sales show within seconds;
 * this process drops it at once when it records a sale.
 */
import { createTtlCache } from '~/utils/ttl-cache'

// 2 s here plus at most 3 s of page cache: a sale or a price shows on every server within 5 s
// (docs/decisions/071).
const READ_CACHE_TTL_MS = 2_000

const readCache = createTtlCache<unknown>({ ttlMs: READ_CACHE_TTL_MS, maxEntries: 200 })

/**
 * Call after recording a sale, a refund, or any change to courses, catalog or prices, so this
 * process's next read goes to the database.
 */
export function invalidateSalesCache(): void {
	readCache.invalidate()
}

export function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
	return readCache.getOrLoad(key, load) as Promise<T>
}
