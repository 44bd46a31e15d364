/**
 * Attribution cookies (docs/decisions/061). They are set in one place for every page, 404s
 * included: `attributionCookies`, called by an Express middleware in server.ts before Remix
 * answers (a root loader cannot do it for every response: a thrown 404 drops its headers).
 * `getAttribution(request)` is what leads and orders store.
 */
import * as cookie from 'cookie'
import {
	type Attribution,
	isPlausibleFriendKey,
	isPlausibleReferralUrl,
	MARKETING_COOKIE,
	MARKETING_MAX_AGE,
	PARTNER_KEY_COOKIE,
	parseAttribution,
	REFERRAL_MAX_AGE,
	REFERRAL_URL_COOKIE,
	recordTouch,
	referralFromUrl,
	serializeAttribution,
	touchFromUrl,
} from './attribution'

export type AttributionFacts = {
	/** The friend key (SPEC §3), or null. */
	partnerKey: string | null
	/** Page origin and path plus ?friend=KEY, or null. */
	referralUrl: string | null
	/** utm_*, gclid, fbclid: first and last touch. */
	marketing: Attribution
}

/**
 * The Set-Cookie values a request to `url` calls for: the two referral cookies when it carries
 * a plausible `?friend=`, and the marketing cookie when it carries utm_*, gclid or fbclid.
 * `cookieHeader` is the request's Cookie header (for the first touch).
 */
export function attributionCookies({
	url,
	origin,
	secure,
	cookieHeader,
	now = new Date(),
}: {
	url: URL
	origin: string
	secure: boolean
	cookieHeader: string | undefined
	now?: Date
}): string[] {
	const cookies: string[] = []
	const referral = referralFromUrl(url, origin)
	if (referral) {
		// Readable by the page: the partner script's signup call sends both (SPEC §7).
		const options = { path: '/', sameSite: 'lax', secure, maxAge: REFERRAL_MAX_AGE } as const
		cookies.push(cookie.serialize(PARTNER_KEY_COOKIE, referral.partnerKey, options))
		cookies.push(cookie.serialize(REFERRAL_URL_COOKIE, referral.referralUrl, options))
	}
	const touch = touchFromUrl(url, now)
	if (touch) {
		const existing = parseAttribution(cookie.parse(cookieHeader ?? '')[MARKETING_COOKIE])
		cookies.push(
			cookie.serialize(MARKETING_COOKIE, serializeAttribution(recordTouch(existing, touch)), {
				path: '/',
				sameSite: 'lax',
				secure,
				httpOnly: true,
				maxAge: MARKETING_MAX_AGE,
			}),
		)
	}
	return cookies
}

/**
 * The visitor's attribution: from the cookies, with the request's own URL taking precedence
 * (a form posted to `/?friend=KEY` on the first visit counts before the cookie comes back).
 */
export function getAttribution(request: Request, origin?: string): AttributionFacts {
	const cookies = cookie.parse(request.headers.get('cookie') ?? '')
	const url = new URL(request.url)
	const fromUrl = referralFromUrl(url, origin ?? url.origin)
	const partnerKey = cookies[PARTNER_KEY_COOKIE]
	const referralUrl = cookies[REFERRAL_URL_COOKIE]
	let marketing = parseAttribution(cookies[MARKETING_COOKIE]) ?? {}
	const touch = touchFromUrl(url)
	if (touch) marketing = recordTouch(marketing, touch)
	return {
		partnerKey: fromUrl?.partnerKey ?? (isPlausibleFriendKey(partnerKey) ? partnerKey : null),
		referralUrl: fromUrl?.referralUrl ?? (isPlausibleReferralUrl(referralUrl) ? referralUrl : null),
		marketing,
	}
}
