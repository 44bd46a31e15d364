/**
 * A small in-process cache: entries live `ttlMs`, the oldest go first past `maxEntries`, and
 * concurrent loads of one key share a single promise (one database round trip, not fifty).
 */
export type TtlCache<V> = {
	get(key: string): V | undefined
	set(key: string, value: V, ttlMs?: number): void
	/** The cached value, or `load()`'s result, cached. A failed load is not cached. */
	getOrLoad(key: string, load: () => Promise<V>): Promise<V>
	/** Forgets one key, or every key when called without one. */
	invalidate(key?: string): void
	readonly size: number
}

export function createTtlCache<V>({
	ttlMs,
	maxEntries = 1_000,
	now = Date.now,
}: {
	ttlMs: number
	maxEntries?: number
	now?: () => number
}): TtlCache<V> {
	const entries = new Map<string, { value: V; expires: number }>()
	const loading = new Map<string, Promise<V>>()
	// Bumped by invalidate(), so a load that started before it cannot store a stale value.
	let generation = 0

	function get(key: string): V | undefined {
		const entry = entries.get(key)
		if (!entry) return undefined
		if (entry.expires <= now()) {
			entries.delete(key)
			return undefined
		}
		return entry.value
	}

	function set(key: string, value: V, ttl = ttlMs) {
		entries.delete(key)
		entries.set(key, { value, expires: now() + ttl })
		while (entries.size > maxEntries) {
			const oldest = entries.keys().next().value
			if (oldest === undefined) break
			entries.delete(oldest)
		}
	}

	return {
		get,
		set,
		getOrLoad(key, load) {
			const cached = get(key)
			if (cached !== undefined) return Promise.resolve(cached)
			const pending = loading.get(key)
			if (pending) return pending
			const startedAt = generation
			const promise = load()
				.then((value) => {
					if (startedAt === generation) set(key, value)
					return value
				})
				.finally(() => {
					if (loading.get(key) === promise) loading.delete(key)
				})
			loading.set(key, promise)
			return promise
		},
		invalidate(key) {
			generation++
			if (key === undefined) {
				entries.clear()
				loading.clear()
			} else {
				entries.delete(key)
				loading.delete(key)
			}
		},
		get size() {
			return entries.size
		},
	}
}
