/**
 * The in-process cache in front of the course, its counters and the catalog, read on nearly
 * every page (docs/decisions/011). Short-lived, so other app servers' sales show within seconds;
 * this process drops it at once when it records a sale.
 */
import { createTtlCache } from '~/utils/ttl-cache'

const READ_CACHE_TTL_MS = 10_000

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
