/** Shared by the JSON resource routes (/api/*): responses, cache headers and the geo query. */
import { type AppLoadContext, json } from '@remix-run/node'
import { getConfig } from '~/config.server'
import type { GeoQuery } from '~/integrations/geo/locate.server'

export const CACHE = {
	/** Counters: shared caches may keep them briefly; sales show within seconds. */
	counters: 'public, max-age=10, stale-while-revalidate=60',
	/** Catalog and prices: change rarely. */
	catalog: 'public, max-age=60, stale-while-revalidate=300',
	/** Depends on who asks: the visitor's browser only. */
	perVisitor: 'private, max-age=300',
} as const

export function jsonWithCache<T>(data: T, cacheControl: string) {
	return json(data, { headers: { 'Cache-Control': cacheControl } })
}

export function badRequest(message: string) {
	return json({ error: message }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
}

/**
 * Runs a loader's body; a failure of ours (database down, ...) answers 503 with a JSON error
 * instead of an HTML 500 page, and is logged.
 */
export async function orUnavailable<T>(what: string, body: () => Promise<T>) {
	try {
		return await body()
	} catch (error) {
		if (error instanceof Response) throw error
		console.error(`${what} failed:`, error)
		return json(
			{ error: 'Service temporarily unavailable' },
			{ status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' } },
		)
	}
}

/** The visitor's address (TRUST_PROXY-aware) and the trusted CDN country header, when configured. */
export function geoQuery(request: Request, context: Pick<AppLoadContext, 'clientIp'>): GeoQuery {
	const header = getConfig().GEO_COUNTRY_HEADER
	return {
		ip: context.clientIp,
		headerCountry: header ? request.headers.get(header) : null,
	}
}
