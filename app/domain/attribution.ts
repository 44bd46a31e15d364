/**
 * Where a visitor came from (docs/decisions/061): the friend referral of SPEC §3/§4 and the
 * marketing parameters (utm_*, gclid, fbclid), first and last touch. Pure rules here; the
 * cookies are read and written in http/attribution.server.ts.
 */

/** SPEC §9: referral cookies last 30 days. */
export const REFERRAL_MAX_AGE = 2_592_000
/** The marketing cookie lives as long as a referral does. */
export const MARKETING_MAX_AGE = 2_592_000

export const PARTNER_KEY_COOKIE = 'partner_key'
export const REFERRAL_URL_COOKIE = 'referral_url'
export const MARKETING_COOKIE = 'marketing'

const MARKETING_PARAMS = [
	'utm_source',
	'utm_medium',
	'utm_campaign',
	'utm_term',
	'utm_content',
	'gclid',
	'fbclid',
] as const
type MarketingParam = (typeof MARKETING_PARAMS)[number]

export type Touch = Partial<Record<MarketingParam, string>> & {
	/** The path the parameters arrived on. */
	landing: string
	/** ISO time of the visit. */
	at: string
}

export type Attribution = { first?: Touch; last?: Touch }

export type Referral = { partnerKey: string; referralUrl: string }

/**
 * A plausible partner key: 3 to 64 letters, digits, '-' or '_' (partner programmes issue short
 * slug-like ids). Anything else (empty, spaces, markup, a whole URL) is ignored, not stored.
 */
export function isPlausibleFriendKey(key: string | null | undefined): key is string {
	return typeof key === 'string' && /^[A-Za-z0-9_-]{3,64}$/.test(key)
}

/** The referral carried by `?friend=KEY` on `url`, or null. */
export function referralFromUrl(url: URL, origin: string): Referral | null {
	const key = url.searchParams.get('friend')
	if (!isPlausibleFriendKey(key)) return null
	return { partnerKey: key, referralUrl: `${origin}${url.pathname}?friend=${key}` }
}

export function isPlausibleReferralUrl(value: string | null | undefined): value is string {
	if (typeof value !== 'string' || value.length > 512 || !URL.canParse(value)) return false
	const url = new URL(value)
	return /^https?:$/.test(url.protocol) && isPlausibleFriendKey(url.searchParams.get('friend'))
}

// Values are free text from links; keep them short, printable and without control characters.
const MAX_VALUE = 150
function cleanValue(value: string | null): string | undefined {
	if (value == null) return undefined
	const cleaned = Array.from(value)
		.filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
		.join('')
		.trim()
		.slice(0, MAX_VALUE)
	return cleaned === '' ? undefined : cleaned
}

/** The marketing touch carried by `url`, or null when it has none of the parameters. */
export function touchFromUrl(url: URL, now = new Date()): Touch | null {
	const touch: Touch = { landing: url.pathname.slice(0, 200), at: now.toISOString() }
	let found = false
	for (const name of MARKETING_PARAMS) {
		const value = cleanValue(url.searchParams.get(name))
		if (value !== undefined) {
			touch[name] = value
			found = true
		}
	}
	return found ? touch : null
}

/** The first touch stays; the latest becomes the last touch. */
export function recordTouch(existing: Attribution | null, touch: Touch): Attribution {
	return { first: existing?.first ?? touch, last: touch }
}

function parseTouch(value: unknown): Touch | undefined {
	if (!value || typeof value !== 'object') return undefined
	const record = value as Record<string, unknown>
	if (typeof record.landing !== 'string' || typeof record.at !== 'string') return undefined
	if (Number.isNaN(Date.parse(record.at))) return undefined
	const touch: Touch = { landing: record.landing.slice(0, 200), at: record.at }
	for (const name of MARKETING_PARAMS) {
		const item = record[name]
		if (typeof item === 'string') {
			const cleaned = cleanValue(item)
			if (cleaned !== undefined) touch[name] = cleaned
		}
	}
	return touch
}

/** The marketing cookie's value (JSON), or null when absent or not ours. Never throws. */
export function parseAttribution(value: string | null | undefined): Attribution | null {
	if (!value) return null
	try {
		const data = JSON.parse(value) as Record<string, unknown>
		const first = parseTouch(data?.first)
		const last = parseTouch(data?.last)
		return first || last ? { first, last } : null
	} catch {
		return null
	}
}

export function serializeAttribution(attribution: Attribution): string {
	return JSON.stringify(attribution)
}

/** What leads and orders store about where a visitor came from (docs/decisions/061). */
export type AttributionFacts = {
	/** The friend key (SPEC §3), or null. */
	partnerKey: string | null
	/** Page origin and path plus ?friend=KEY, or null. */
	referralUrl: string | null
	/** utm_*, gclid, fbclid: first and last touch. */
	marketing: Attribution
}

/** The referral cookies as the browser sees them (they are not HttpOnly: SPEC §7, decision 061). */
export function readReferralCookies(cookieString: string): {
	partnerKey: string | null
	referralUrl: string | null
} {
	const read = (name: string) => {
		const pair = cookieString.split('; ').find((c) => c.startsWith(`${name}=`))
		return pair ? decodeURIComponent(pair.slice(name.length + 1)) : null
	}
	return { partnerKey: read(PARTNER_KEY_COOKIE), referralUrl: read(REFERRAL_URL_COOKIE) }
}

/**
 * The headers the browser sends with POST /checkout (SPEC §7): `X-Affiliate` is the partner
 * cookie; `X-Coupon` is the coupon the visitor typed, else the partner cookie (a partner's key
 * may also be a coupon code; one that is not is ignored by the checkout's pricing).
 */
export function checkoutHeaders({
	coupon,
	partnerKey,
}: {
	coupon: string | null | undefined
	partnerKey: string | null
}): Record<string, string> {
	const typed = coupon?.trim() || null
	const headers: Record<string, string> = {}
	if (typed ?? partnerKey) headers['X-Coupon'] = (typed ?? partnerKey)!
	if (partnerKey) headers['X-Affiliate'] = partnerKey
	return headers
}
