/**
 * Attribution cookies (docs/decisions/061). They are set in one place for every page, 404s
 * included: `attributionCookies`, called by `attributionCookieMiddleware` in server.ts before
 * Remix answers (a root loader cannot do it for every response: a thrown 404 drops its headers).
 * `getAttribution(request)` is what leads and orders store.
 */

import type { Request as ExpressRequest, RequestHandler } from 'express'
import {
	type AttributionFacts,
	isPlausibleFriendKey,
	isPlausibleReferralUrl,
	parseAttribution,
	recordTouch,
	referralFromUrl,
	serializeAttribution,
	touchFromUrl,
} from '~/domain/attribution'
import { cookies } from '~/http/cookies.server'
import type { RequestFacts } from '~/http/request.server'

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
	const setCookies: string[] = []
	const referral = referralFromUrl(url, origin)
	if (referral) {
		setCookies.push(cookies.partnerKey.serialize(referral.partnerKey, { secure }))
		setCookies.push(cookies.referralUrl.serialize(referral.referralUrl, { secure }))
	}
	const touch = touchFromUrl(url, now)
	if (touch) {
		const existing = parseAttribution(cookies.marketing.read(cookieHeader))
		const value = serializeAttribution(recordTouch(existing, touch))
		setCookies.push(cookies.marketing.serialize(value, { secure }))
	}
	return setCookies
}

/**
 * The visitor's attribution: from the cookies, with the request's own URL taking precedence
 * (a form posted to `/?friend=KEY` on the first visit counts before the cookie comes back).
 */
export function getAttribution(request: Request, origin?: string): AttributionFacts {
	const url = new URL(request.url)
	const fromUrl = referralFromUrl(url, origin ?? url.origin)
	const partnerKey = cookies.partnerKey.read(request)
	const referralUrl = cookies.referralUrl.read(request)
	let marketing = parseAttribution(cookies.marketing.read(request)) ?? {}
	const touch = touchFromUrl(url)
	if (touch) marketing = recordTouch(marketing, touch)
	return {
		partnerKey: fromUrl?.partnerKey ?? (isPlausibleFriendKey(partnerKey) ? partnerKey : null),
		referralUrl: fromUrl?.referralUrl ?? (isPlausibleReferralUrl(referralUrl) ? referralUrl : null),
		marketing,
	}
}

/**
 * The Express middleware of server.ts: the cookies `attributionCookies` calls for, appended to
 * the answer before Remix appends its own. `facts` gives the request's origin as server.ts knows it.
 */
export function attributionCookieMiddleware(
	facts: (req: ExpressRequest) => Pick<RequestFacts, 'origin' | 'secure'>,
): RequestHandler {
	return (req, res, next) => {
		if (req.originalUrl.includes('?')) {
			const { origin, secure } = facts(req)
			for (const value of attributionCookies({
				url: new URL(req.originalUrl, origin),
				origin,
				secure,
				cookieHeader: req.get('cookie'),
			}))
				res.append('Set-Cookie', value)
		}
		next()
	}
}
