/**
 * The third-party geolocation service of SPEC §7: GET with the address in the path, answering
 * JSON with countryCode, country, city and timezone. Short timeout; answers (including "don't
 * know") cached per address, so a visitor costs one call a day at most.
 */
import { LRUCache } from 'lru-cache'
import { log } from '~/log.server'
import { type GeoLocation, parseCountryCode } from './types'

const ONE_DAY_MS = 24 * 60 * 60 * 1_000
const FAILURE_TTL_MS = 60 * 1_000

export type GeoService = { lookup(ip: string): Promise<GeoLocation | null> }

/** The request URL for an address: `{ip}` replaced, or the address appended as a segment. */
export function serviceUrl(template: string, ip: string): string {
	const encoded = encodeURIComponent(ip)
	if (template.includes('{ip}')) return template.replaceAll('{ip}', encoded)
	return `${template.replace(/\/+$/, '')}/${encoded}`
}

const text = (value: unknown, max = 100) =>
	typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined

export function createGeoService({
	url,
	timeoutMs,
	fetch: fetchImpl = fetch,
	cacheSize = 10_000,
	now,
}: {
	url: string
	timeoutMs: number
	fetch?: typeof fetch
	cacheSize?: number
	/** The clock the cache's lifetimes are measured on (milliseconds). */
	now?: () => number
}): GeoService {
	// Boxed, since "don't know" (null) is an answer worth caching too. Concurrent lookups of one
	// address share one call.
	const cache = new LRUCache<string, { location: GeoLocation | null }>({
		max: cacheSize,
		ttl: ONE_DAY_MS,
		...(now && { perf: { now } }),
		fetchMethod: async (ip, _stale, { options }) => {
			try {
				return { location: await ask(ip) }
			} catch (error) {
				// SPEC §8: a console-only warning; the offline database answers instead. A failing
				// service is asked again a minute later, not a day.
				log.warn(`Geolocation lookup failed: ${(error as Error).message}`)
				options.ttl = FAILURE_TTL_MS
				return { location: null }
			}
		},
	})

	async function ask(ip: string): Promise<GeoLocation | null> {
		const response = await fetchImpl(serviceUrl(url, ip), {
			headers: { Accept: 'application/json' },
			signal: AbortSignal.timeout(timeoutMs),
		})
		if (!response.ok) throw new Error(`status ${response.status}`)
		const body = (await response.json()) as Record<string, unknown>
		const countryCode = parseCountryCode(body.countryCode)
		if (!countryCode) return null
		return {
			countryCode,
			country: text(body.country),
			city: text(body.city),
			timezone: text(body.timezone, 64),
			source: 'service',
		}
	}

	return {
		async lookup(ip) {
			return (await cache.fetch(ip))?.location ?? null
		},
	}
}
