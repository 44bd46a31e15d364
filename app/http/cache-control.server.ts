/**
 * Shared caches never keep one visitor's data (docs/decisions/068). Two rules, in this one
 * module, for every page:
 * 1. A loader whose answer carries per-visitor data says `Cache-Control: private, no-store`.
 *    The root loader does it for what it puts into every page: the profile from the session
 *    (its e-mail address, SPEC §7), a flash toast, preview mode (`rootCacheControl`); route
 *    loaders do it for their own (the thank-you and pass pages, the checkout status).
 * 2. A document is as private as the most private of its loaders (`documentCacheControl`, called
 *    by entry.server.tsx): a route's `headers` export can never make a page public again.
 * Anonymous pages keep the caching their route asks for: the landing and content pages
 * `PUBLIC_PAGE_CACHE_CONTROL`, with a `Vary` naming what their markup depends on
 * (page-cache-key.server.ts); a page priced for the visitor's country only when the CDN's header
 * said the country (`regionalPageHeaders`).
 * 3. Any answer that sets a cookie is private: a shared cache must never hand one visitor's cookie
 *    to the next (docs/decisions/070, 105). `privateWhenSettingCookies` applies it in server.ts
 *    to everything, whoever set the cookie (Remix, the attribution middleware, the page cache).
 * Data requests (single fetch's `/path.data`) carry the routes' `headers` merged, not each
 * loader's: `dataRequestCacheControl` makes them private whenever the visitor carries a cookie
 * that makes a page their own, and gives a public one the page's `Vary` (docs/decisions/143).
 */
import type { HeadersFunction } from '@remix-run/node'
import type { RequestHandler } from 'express'
import onHeaders from 'on-headers'
import type { GeoQuery } from '~/integrations/geo/locate.server'
import { parseCountryCode } from '~/integrations/geo/types'
import { hasPersonalCookie, pageCacheVary } from './page-cache-key.server'

const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * How long a shared cache serves a page as is, then while fetching its next version (071): with
 * the 2 s of the read cache under the page, a change shows everywhere within 5 s.
 */
export const PAGE_FRESH_SECONDS = 2
export const PAGE_STALE_SECONDS = 1

/**
 * An anonymous page (docs/decisions/070, 071): shared caches (ours, a CDN) may keep it
 * PAGE_FRESH_SECONDS and then serve it PAGE_STALE_SECONDS more while they fetch the next one,
 * so no one sees a page more than 3 s old; browsers ask again every time (a price can change).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_FRESH_SECONDS}, stale-while-revalidate=${PAGE_STALE_SECONDS}`

/**
 * A page priced for a country found from the address (docs/decisions/105): our page cache keys
 * on the country and may keep it, but no `Vary` can tell a shared cache outside which country an
 * address is in, so such a cache must ask us every time.
 */
const ADDRESS_PRICED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=0, proxy-revalidate'

/**
 * The loader headers of a page whose prices follow the visitor's country: shared as any
 * anonymous page when the CDN's country header (named in `Vary`) said it, else only by us.
 */
export function regionalPageHeaders(geo: GeoQuery): Record<string, string> {
	return parseCountryCode(geo.headerCountry)
		? {}
		: { 'Cache-Control': ADDRESS_PRICED_PAGE_CACHE_CONTROL }
}

/** The `headers` export of a page every anonymous visitor may share. */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders }) => ({
	'Cache-Control': loaderHeaders.get('Cache-Control') ?? PUBLIC_PAGE_CACHE_CONTROL,
})

/** The root loader's Cache-Control: private when the page carries this visitor's own data. */
export function rootCacheControl(carried: {
	profile: unknown
	toast: boolean
	preview: unknown
}): Record<string, string> {
	const personal = carried.profile !== null || carried.toast || carried.preview !== null
	return personal ? { 'Cache-Control': PRIVATE_CACHE_CONTROL } : {}
}

const isPrivate = (value: string | null) => value !== null && /\b(private|no-store)\b/i.test(value)

/**
 * Makes the document private when any of its loaders answered private or no-store, or when it
 * sets a cookie; a public one gets the `Vary` of the page cache key.
 */
export function documentCacheControl(
	documentHeaders: Headers,
	loaderHeaders: Record<string, Headers> | undefined,
): void {
	const loaders = Object.values(loaderHeaders ?? {})
	if (
		loaders.some((headers) => isPrivate(headers.get('Cache-Control'))) ||
		documentHeaders.has('Set-Cookie')
	)
		documentHeaders.set('Cache-Control', PRIVATE_CACHE_CONTROL)
	else if (/\bpublic\b/.test(documentHeaders.get('Cache-Control') ?? ''))
		documentHeaders.set('Vary', pageCacheVary())
}

/**
 * Rules 1–3 for a data request (entry.server.tsx's handleDataRequest): the root's per-visitor
 * data (profile, toast, preview) comes with the cookies `hasPersonalCookie` names, and a route's
 * own private answer stays private; anything not said public is kept by no shared cache.
 */
export function dataRequestCacheControl(answerHeaders: Headers, cookieHeader: string | null): void {
	const cacheControl = answerHeaders.get('Cache-Control')
	if (
		hasPersonalCookie(cookieHeader) ||
		answerHeaders.has('Set-Cookie') ||
		isPrivate(cacheControl) ||
		!/\bpublic\b/.test(cacheControl ?? '')
	)
		answerHeaders.set('Cache-Control', PRIVATE_CACHE_CONTROL)
	else answerHeaders.set('Vary', pageCacheVary())
}

/** Rule 3, for server.ts: an answer with a Set-Cookie header goes out private, no-store. */
export const privateWhenSettingCookies: RequestHandler = (_req, res, next) => {
	onHeaders(res, () => {
		if (res.getHeader('Set-Cookie') !== undefined)
			res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL)
	})
	next()
}

/**
 * Caching for content pages: the HTML is the same for every anonymous visitor with the same
 * markup inputs, so shared caches may keep it (docs/decisions/070, 071); never in preview.
 */
export function contentHeaders(preview: boolean): Record<string, string> {
	// Vary for the page's data requests (`/path.data`): the preview cookie changes the answer.
	return preview
		? { 'Cache-Control': 'private, no-store' }
		: { 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL, Vary: 'Cookie' }
}
