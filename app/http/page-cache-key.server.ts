/**
 * What the markup of a page depends on, declared once (docs/decisions/070). The page cache keys
 * a document by its path plus exactly these inputs, read the way the loaders read them, and
 * skips the cache for a request it cannot key:
 * - every cookie of `cookies.server.ts` has a rule here, checked by the type: a new cookie
 *   does not compile until it says whether it changes the page (`key`), makes the page this
 *   visitor's own (`bypass`: session, flash toast, preview, ...), or is never read by a page
 *   (`ignore`: attribution, read by server.ts and the browser only);
 * - every query parameter that reaches the markup is keyed (`QUERY_KEYS`); one the code reads
 *   any other way (`READ_PARAMS`: one-click tokens, confirmations...) makes the page this
 *   visitor's own. A friend's key is in every page's markup, in the URLs its forms return to: a
 *   friend's visitors share one page. Every other parameter (campaigns', ads' and other sites'
 *   links: utm_*, fbclid, gclid, ref, and anything unknown) is read by no page: the page is keyed
 *   and rendered without it, so a launch e-mail's visitors, or a crowd of made-up queries, share
 *   everyone's page (decision 160); server.ts has turned the marketing ones into the attribution
 *   cookie before;
 * - the visitor's pricing region (the price, SPEC §4) and whether they are a bot (the error page,
 *   SPEC §2). The country's name and code, which the pages also show, are stamped per answer
 *   (docs/decisions/160): a page is rendered per region, not per country.
 * Data requests (single fetch's `/path.data`, a client-side navigation's loaders) are never
 * keyed: their privacy is decided per request from the visitor's cookies
 * (cache-control.server.ts, docs/decisions/143), and they are not the page.
 * Cookies the site does not know (third-party analytics) are read by no loader: ignored.
 */
import type { AppLoadContext } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { getGeoLocator, type ShownCountry } from '~/integrations/geo/locate.server'
import type { GeoLocation } from '~/integrations/geo/types'
import { getPricingTable, type PricingTable, regionOfCountry } from '~/models/course/catalog.server'
import { shownCountryName } from '~/models/course/country.server'
import { parsePricingChoice } from '~/models/course/offer.server'
import { localeOfPath } from '~/utils/i18n'
import { geoQuery } from './api.server'
import { isBot } from './bot.server'
import { cookies, getColorMode, hasBetaFlag, isSignedUp } from './cookies.server'

/** What the key is read from: a request's URL and headers (no body, no signal). */
type KeyedRequest = Pick<Request, 'url' | 'headers'>

type CookieRule = { key: (request: KeyedRequest) => string } | 'bypass' | 'ignore'

const COOKIE_RULES: { [Name in keyof typeof cookies]: CookieRule } = {
	colorMode: { key: (request) => getColorMode(request) },
	beta: { key: (request) => String(hasBetaFlag(request)) },
	// A page's language is its path's, already the key's first part (decision 173); the cookie
	// only redirects, before the cache (locale.server.ts).
	locale: 'ignore',
	signedUp: {
		key: (request) => `${isSignedUp(request, 'workshop')},${isSignedUp(request, 'day_event')}`,
	},
	session: 'bypass',
	toast: 'bypass',
	preview: 'bypass',
	oauthState: 'bypass',
	checkouts: 'bypass',
	partnerKey: 'ignore',
	referralUrl: 'ignore',
	marketing: 'ignore',
}

const asIs = (value: string) => value

/**
 * Query parameters that reach the markup, with their part of the key: the value as it came,
 * since the markup repeats it, or null when the page cannot be filed under it.
 */
const QUERY_KEYS: Record<string, (value: string) => string | null> = {
	// The regional-pricing switch without JavaScript (SPEC §4). Any other value would be keyed
	// with the valid ones' page while its text reaches the form actions: rendered alone (105).
	pricing: (value) => (parsePricingChoice(value) ? value : null),
	// The blog list narrowed to one category; an unknown one is a 404, never stored.
	category: asIs,
	// In the return URLs of the page's forms (colour mode, sign-ups): a friend's page (SPEC §4).
	friend: asIs,
}

/**
 * Every query parameter the code reads, apart from the keyed ones: a page reading one is that
 * visitor's own (a token, a confirmation, a return path, the owner's filters). A test reads the
 * code for every `.get('…')`/`.has('…')` on a query and fails on a name missing here; a module
 * that reads a query some other way is named in that test with its reason. Parameters outside
 * this list and `QUERY_KEYS` are stripped before a page is keyed and rendered (decision 160).
 */
export const READ_PARAMS = new Set([
	// Pages' own: one-click links, confirmations, answers after a form, return paths.
	...['token', 'key', 'sig', 'id', 'confirm', 'signup', 'session', 'pass', 'code', 'region'],
	...['thanks', 'saved', 'sent', 'left', 'cancelled', 'reason', 'error', 'returnTo', 'to', 'for'],
	// The preview (SPEC §2), read and stripped by its middleware before any page.
	...['preview', 'staging', 'secret'],
	// The owner's lists and search (signed in: never cached), the API's filters, the icons.
	...['q', 'after', 'sort', 'dir', 'erase', 'set-up', 'type', 'icons'],
	// The GitHub sign-in's answer, and the GitHub emulator's authorize page.
	...['state', 'client_id', 'redirect_uri', 'scope'],
])

/** `url` with only the parameters some page reads: the page the cache keys and renders. */
function withoutUnreadParams(url: URL): URL {
	const names = [...new Set(url.searchParams.keys())].filter(
		(name) => !(name in QUERY_KEYS) && !READ_PARAMS.has(name),
	)
	if (names.length === 0) return url
	const page = new URL(url)
	for (const name of names) page.searchParams.delete(name)
	return page
}

const BYPASS_COOKIES = Object.entries(COOKIE_RULES)
	.filter(([, rule]) => rule === 'bypass')
	.map(([name]) => (cookies[name as keyof typeof cookies] as { name: string }).name)

const KEYED_COOKIES = Object.entries(COOKIE_RULES).flatMap(([name, rule]) =>
	typeof rule === 'object' ? [[name, rule.key] as const] : [],
)

/**
 * A Cookie header that makes the page cache render a request alone and store nothing: the
 * checkouts cookie, empty (no page but the checkout's reads it). The warm-up at start sends it
 * (decision 154), so it warms the process without deciding what the first visitors are served.
 */
export function uncachedCookieHeader(): string {
	return `${cookies.checkouts.name}=`
}

/** Whether the request carries a cookie that makes the page this visitor's own. */
export function hasPersonalCookie(cookieHeader: string | null): boolean {
	if (!cookieHeader) return false
	return cookieHeader
		.split(';')
		.some((pair) => BYPASS_COOKIES.includes(pair.slice(0, pair.indexOf('=')).trim()))
}

/** The query parameters that go into the key, or null when one would make the page unkeyable. */
function queryKey(url: URL): string | null {
	const parts: string[] = []
	for (const [name, value] of url.searchParams) {
		const part = QUERY_KEYS[name]?.(value)
		if (part == null) return null
		parts.push(`${name}=${encodeURIComponent(part)}`)
	}
	// In the order given: the markup repeats the query as it came.
	return parts.join('&')
}

let lastPricingTable: PricingTable | undefined

/**
 * The pricing table, or the last one read while the database does not answer: during an outage
 * the cache still files requests under their region and answers with the pages it keeps (134).
 */
async function pricingTable(): Promise<PricingTable> {
	try {
		lastPricingTable = await getPricingTable(await getDb())
	} catch (error) {
		if (!lastPricingTable) throw error
	}
	return lastPricingTable
}

/**
 * What the page cache files a request under, the URL it renders (the request's, without the
 * parameters no page reads) and the visitor's country its answer shows.
 */
export type PageCacheLookup = { key: string; url: URL; country: ShownCountry | null }

/**
 * The page cache key of a GET or HEAD document request and the visitor's country, or null when
 * the page must be rendered for this visitor alone. `context` is what server.ts hands to loaders
 * (the client address).
 */
export async function pageCacheLookup(
	request: KeyedRequest,
	context: Pick<AppLoadContext, 'clientIp'>,
): Promise<PageCacheLookup | null> {
	if (hasPersonalCookie(request.headers.get('cookie'))) return null
	const asked = new URL(request.url)
	// Single fetch's data requests are no page, and read a parameter our code never names
	// (`_routes`): never keyed, never stripped. (The route discovery never reaches here: server.ts.)
	if (asked.pathname.endsWith('.data')) return null
	const url = withoutUnreadParams(asked)
	const query = queryKey(url)
	if (query === null) return null
	let location: GeoLocation | null
	let region: string
	try {
		location = await getGeoLocator().locate(geoQuery(request, context))
		// The region decides the prices; the country's name is stamped per answer (160).
		region = location ? regionOfCountry(await pricingTable(), location.countryCode).name : 'none'
	} catch {
		// The page will say what its own lookup finds; it cannot be filed under a region.
		return null
	}
	const inputs = [
		...KEYED_COOKIES.map(([name, read]) => `${name}=${read(request)}`),
		// From the CDN's header or the address: their pages differ in who may share them (105).
		`region=${region}@${location?.source === 'header' ? 'header' : 'address'}`,
		`bot=${isBot(request.headers.get('user-agent'))}`,
	]
	return {
		key: `${url.pathname}?${query}#${inputs.join(';')}`,
		url,
		country: location
			? {
					code: location.countryCode,
					name: shownCountryName(location, localeOfPath(url.pathname)) ?? location.countryCode,
				}
			: null,
	}
}

/** The page cache key alone (pageCacheLookup). */
export async function pageCacheKey(
	request: KeyedRequest,
	context: Pick<AppLoadContext, 'clientIp'>,
): Promise<string | null> {
	return (await pageCacheLookup(request, context))?.key ?? null
}

/**
 * The request headers the key reads, for `Vary`: a shared cache that honours it never mixes
 * pages of different inputs. The country comes from GEO_COUNTRY_HEADER behind a CDN
 * (docs/decisions/012, 069); from the address alone no header can say it.
 */
export function pageCacheVary(): string {
	const { GEO_COUNTRY_HEADER, TRUST_PROXY } = getConfig()
	const geoHeader = TRUST_PROXY > 0 ? GEO_COUNTRY_HEADER : undefined
	return ['Cookie', 'User-Agent', ...(geoHeader ? [geoHeader] : [])].join(', ')
}
