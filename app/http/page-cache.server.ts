/**
 * The rendered-page cache for anonymous visitors (docs/decisions/070, 071, 072): whole answers of
 * the Remix handler, by key (page-cache-key.server.ts), in an LRU bounded in bytes.
 * - Freshness (071): a page is served as rendered for FRESH_MS (2 s); until MAX_AGE_MS (3 s)
 *   it is still served while one render replaces it in the background; after that it is gone.
 *   With the read cache's 2 s under it, a sale or a price change shows on every server within
 *   5 s, with no message between servers.
 * - Stampede: one render per key at a time; visitors asking meanwhile wait for it and share it
 *   when it may be shared, else render their own.
 * - Only a shareable answer is stored (`isShareable`); a key whose answer was not is remembered
 *   as such for MAX_AGE_MS, so its visitors skip the cache instead of queueing behind each other.
 * - An outage (134): a page whose render answers 503 (the database unavailable) is answered with
 *   the last one rendered for its key, kept up to OUTAGE_KEEP_MS, marked stale: an anonymous
 *   visitor reads the site while it cannot take anything in.
 * - The CSP nonce (072): the markup is stored cut at every `nonce="…"` and each answer is
 *   stamped with its own response's nonce, so no two responses share one.
 * - The honeypot token (137): a form's token is good for one submission, so the markup is also
 *   cut at every occurrence of the token the page was rendered with (the hidden input's value
 *   and the loader data) and each answer is stamped with a fresh one, the same in every spot.
 * - The visitor's country (160): pages are kept per pricing region, not per country; a page that
 *   names the country was rendered with placeholders, cut there, and each answer is stamped with
 *   its visitor's country — a crowd from a hundred countries renders five pages, not a hundred.
 */
import { LRUCache } from 'lru-cache'
import type { ShownCountry } from '~/integrations/geo/locate.server'
import { PAGE_FRESH_SECONDS, PAGE_STALE_SECONDS } from './cache-control.server'
import { type CutPage, gzipPart, split } from './page-stamp.server'

export const FRESH_MS = PAGE_FRESH_SECONDS * 1_000
export const MAX_AGE_MS = (PAGE_FRESH_SECONDS + PAGE_STALE_SECONDS) * 1_000
/** How long a page is kept to stand in for renders that fail with a 503 (decision 134). */
export const OUTAGE_KEEP_MS = 10 * 60_000

/** An answer of the Remix handler, read whole. */
export type RenderedPage = {
	status: number
	/** In order; Set-Cookie values one by one. */
	headers: [string, string][]
	body: Buffer
	/** The CSP nonce the page was rendered with. */
	nonce: string
	/** The honeypot token the page's forms were rendered with (decision 137); none: no form. */
	honeypot?: string
	/** The placeholders the page showed for the visitor's country (decision 160); none: not cut. */
	country?: ShownCountry
}

export type CachedPage = {
	status: number
	headers: [string, string][]
	renderedAt: number
} & CutPage

type Entry = CachedPage | { unshareable: true; renderedAt: number }

export type PageCacheOutcome = 'hit' | 'stale' | 'shared' | 'miss'

export type PageCacheStats = {
	hits: number
	stale: number
	shared: number
	misses: number
	bypassed: number
	entries: number
	bytes: number
	maxBytes: number
}

/**
 * Whether an answer may be stored and given to other visitors: a 200 HTML document that sets no
 * cookie and that its routes called public (a page with a visitor's own data is private:
 * docs/decisions/068).
 */
export function isShareable(page: Pick<RenderedPage, 'status' | 'headers'>): boolean {
	const header = (name: string) =>
		page.headers.filter(([key]) => key.toLowerCase() === name).map(([, value]) => value)
	const cacheControl = header('cache-control').join(', ')
	return (
		page.status === 200 &&
		header('set-cookie').length === 0 &&
		header('content-type').some((value) => /^text\/html\b/i.test(value)) &&
		/\bpublic\b/i.test(cacheControl) &&
		!/\b(private|no-store|no-cache)\b/i.test(cacheControl)
	)
}

const sizeOf = (page: CachedPage) =>
	[...page.parts, ...page.gzipped.map((part) => part.deflated)].reduce(
		(total, part) => total + part.length,
		0,
	) +
	page.headers.reduce((total, [name, value]) => total + name.length + value.length, 0) +
	64

export function createPageCache({
	maxBytes,
	now = () => Date.now(),
}: {
	maxBytes: number
	now?: () => number
}) {
	const store = new LRUCache<string, Entry>({
		maxSize: maxBytes,
		// The key counts too: query strings make keys of any length.
		sizeCalculation: (entry, key) => key.length + ('parts' in entry ? sizeOf(entry) : 16),
		ttl: OUTAGE_KEEP_MS,
		perf: { now },
	})
	const inflight = new Map<
		string,
		Promise<{ page: CachedPage; shareable: boolean; standIn: boolean }>
	>()
	const counters = { hits: 0, stale: 0, shared: 0, misses: 0, bypassed: 0 }

	/** The entry under `key` while younger than MAX_AGE_MS (older ones only stand in: `kept`). */
	function current(key: string): Entry | undefined {
		const entry = store.get(key)
		return entry && now() - entry.renderedAt < MAX_AGE_MS ? entry : undefined
	}

	/** The last page stored under `key`, while younger than OUTAGE_KEEP_MS. */
	function kept(key: string): CachedPage | undefined {
		const entry = store.get(key)
		return entry && 'parts' in entry && now() - entry.renderedAt < OUTAGE_KEEP_MS
			? entry
			: undefined
	}

	/**
	 * Renders once, files the answer under `key` when shareable (else marks the key). A 503 with
	 * a page kept for the key answers that page instead, and leaves it filed.
	 */
	function renderOnce(key: string, render: () => Promise<RenderedPage>) {
		const rendering = render().then((rendered) => {
			const standIn = rendered.status === 503 ? kept(key) : undefined
			if (standIn) return { page: standIn, shareable: true, standIn: true }
			const shareable = isShareable(rendered)
			const { parts, slots } = split(rendered.body, {
				nonce: rendered.nonce,
				honeypot: rendered.honeypot ?? '',
				country: rendered.country,
			})
			// A busy key is rendered again every FRESH_MS, mostly to the same bytes: a part as it
			// was keeps its compression (comparing costs a hundredth of compressing).
			const before = store.get(key)
			const previous = before && 'parts' in before ? before : undefined
			const page: CachedPage = {
				status: rendered.status,
				headers: rendered.headers,
				parts,
				slots,
				// Only a page given to many is worth compressing ahead.
				gzipped: shareable
					? parts.map((part, index) =>
							previous?.parts[index]?.equals(part) && previous.gzipped[index]
								? previous.gzipped[index]
								: gzipPart(part),
						)
					: [],
				renderedAt: now(),
			}
			store.set(key, shareable ? page : { unshareable: true, renderedAt: page.renderedAt })
			return { page, shareable, standIn: false }
		})
		inflight.set(key, rendering)
		const done = () => {
			if (inflight.get(key) === rendering) inflight.delete(key)
		}
		rendering.then(done, done)
		return rendering
	}

	return {
		/**
		 * Whether requests for `key` skip the cache for now: its last answer was not shareable.
		 * The caller then renders as if there were no cache (streamed, and counted as bypassed).
		 */
		skips(key: string): boolean {
			const entry = current(key)
			return entry !== undefined && !('parts' in entry)
		},

		/** The page for `key`: from the cache, or rendered by `render` (once per key at a time). */
		async serve(
			key: string,
			render: () => Promise<RenderedPage>,
		): Promise<{ page: CachedPage; outcome: PageCacheOutcome; shareable: boolean }> {
			const cached = current(key)
			if (cached && 'parts' in cached) {
				if (now() - cached.renderedAt < FRESH_MS) {
					counters.hits++
					return { page: cached, outcome: 'hit', shareable: true }
				}
				counters.stale++
				// Replaced in the background; a failure keeps the stale page until MAX_AGE_MS.
				if (!inflight.has(key)) renderOnce(key, render).catch(() => undefined)
				return { page: cached, outcome: 'stale', shareable: true }
			}
			const pending = inflight.get(key)
			if (pending) {
				const shared = await pending.catch(() => null)
				if (shared?.shareable) {
					counters.shared++
					return { page: shared.page, outcome: 'shared', shareable: true }
				}
			}
			// Counted before the render: /healthz's own render reports itself.
			counters.misses++
			const { page, shareable, standIn } = await renderOnce(key, render)
			return { page, outcome: standIn ? 'stale' : 'miss', shareable }
		},

		countBypass() {
			counters.bypassed++
		},

		stats(): PageCacheStats {
			return { ...counters, entries: store.size, bytes: store.calculatedSize, maxBytes }
		},
	}
}

export type PageCache = ReturnType<typeof createPageCache>

// server.ts and the Remix build (where /healthz lives) are separate bundles: the one cache of
// this process is found through globalThis, like the configuration (docs/decisions/001).
const KEY = Symbol.for('ai-driven-dev.page-cache')
type GlobalWithPageCache = typeof globalThis & { [KEY]?: PageCache }

export function registerPageCache(cache: PageCache): void {
	;(globalThis as GlobalWithPageCache)[KEY] = cache
}

/** The counters for /healthz; null when the cache is off (PAGE_CACHE_MAX_BYTES=0). */
export function pageCacheStats(): PageCacheStats | null {
	return (globalThis as GlobalWithPageCache)[KEY]?.stats() ?? null
}
