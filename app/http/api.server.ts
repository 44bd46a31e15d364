/** Shared by the JSON resource routes (/api/*): responses, cache headers and the geo query. */
import type { AppLoadContext } from '@remix-run/node'
import { getConfig } from '~/config.server'
import type { GeoQuery } from '~/integrations/geo/locate.server'
import { log } from '~/log.server'
import { localeOfPath } from '~/utils/i18n'
import { databaseWasUnavailable, unavailableHeaders } from './unavailable.server'

export const CACHE = {
	/** Counters: shared caches may keep them briefly; sales show within seconds. */
	counters: 'public, max-age=10, stale-while-revalidate=60',
	/** Catalog and prices: change rarely. */
	catalog: 'public, max-age=60, stale-while-revalidate=300',
	/** Depends on who asks: the visitor's browser only. */
	perVisitor: 'private, max-age=300',
} as const

export function jsonWithCache<T>(data: T, cacheControl: string) {
	return Response.json(data, { headers: { 'Cache-Control': cacheControl } })
}

/**
 * The action of every JSON route: they only answer reads, so any other method is a 405 that says
 * which are allowed (without it Remix answers "Unexpected Server Error").
 */
export function methodNotAllowed() {
	return Response.json(
		{ error: 'Method not allowed: this address answers GET and HEAD' },
		{ status: 405, headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' } },
	)
}

export function badRequest(message: string) {
	return Response.json(
		{ error: message },
		{ status: 400, headers: { 'Cache-Control': 'no-store' } },
	)
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
		// An unavailable database is logged once per outage (docs/decisions/104).
		if (!databaseWasUnavailable(error)) log.error({ err: error }, `${what} failed`)
		return Response.json(
			{ error: 'Service temporarily unavailable' },
			{ status: 503, headers: unavailableHeaders() },
		)
	}
}

/**
 * The visitor's address (TRUST_PROXY-aware) and the CDN country header. The header counts only
 * behind a trusted proxy (TRUST_PROXY of 1 or more), like X-Forwarded-For: without one, anybody
 * could claim a country and its regional price (docs/decisions/012, 069).
 */
export function geoQuery(
	request: Pick<Request, 'headers'>,
	context: Pick<AppLoadContext, 'clientIp'>,
): GeoQuery {
	const { GEO_COUNTRY_HEADER: header, TRUST_PROXY } = getConfig()
	return {
		ip: context.clientIp,
		headerCountry: header && TRUST_PROXY > 0 ? request.headers.get(header) : null,
	}
}

/**
 * The geo query of a page that names the visitor's country: rendered for the page cache, it
 * shows the cache's placeholders, which each answer fills with its own visitor's country
 * (docs/decisions/160). Pages are kept per pricing region, so a page naming the country any
 * other way would show one visitor's country to the next.
 */
export function pageGeoQuery(
	request: Request,
	context: Pick<AppLoadContext, 'clientIp' | 'countryShownAs'>,
): GeoQuery {
	return {
		...geoQuery(request, context),
		shownAs: context.countryShownAs,
		locale: localeOfPath(new URL(request.url).pathname),
	}
}
