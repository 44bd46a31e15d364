/**
 * The guard in front of every form post (server.ts, before Remix and any page work, on a path
 * already known to be normal).
 */
import type express from 'express'
import { isOneClickUnsubscribe } from './one-click-unsubscribe.server'
import type { RateLimiter } from './rate-limit.server'
import { isAllowedOrigin, requestedOrigin } from './request.server'

// routes/checkout/webhooks.stripe.ts
export const PAYMENT_WEBHOOK_PATH = '/webhooks/stripe'

// Form posts (docs/decisions/063, 069): an Origin other than the site's (or the one this
// request was sent to), in scheme, host or port, is a cross-site post (403; a missing Origin is
// allowed), and each client address gets RATE_LIMIT_MAX posts per window, counted across app
// servers with PostgreSQL (429 with Retry-After). Both answer here, before Remix and any page
// work, on a path already known to be normal. The payment webhook comes from the provider's
// servers, signed: neither rule applies to it, and to no other path (a post elsewhere under
// /webhooks/ is a form post like any other). Nor to a mail client's one-click unsubscribe, with
// a token we signed (docs/decisions/109), its Origin then dropped as below.
export function formPostGuard({
	siteOrigin,
	limiter,
}: {
	siteOrigin: () => string | null
	limiter: RateLimiter
}): express.RequestHandler {
	return (req, res, next) => {
		if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || req.path === PAYMENT_WEBHOOK_PATH) {
			next()
			return
		}
		if (isOneClickUnsubscribe(req)) {
			delete req.headers.origin
			next()
			return
		}
		const own = [siteOrigin(), requestedOrigin(req)].filter((origin) => origin !== null)
		// Without an Origin, a Referer from another site is a cross-site post too (decision 132).
		if (!isAllowedOrigin(req.get('origin'), own, req.get('referer'))) {
			res.status(403).type('text/plain').send('Forbidden: cross-site form submission')
			return
		}
		// Decided. Remix would compare the Origin's host with X-Forwarded-Host or Host again, on its
		// own terms (any X-Forwarded-Host, no scheme or port), and answer a mismatch with a 500: a
		// post from SITE_URL reaching us under an internal Host would fail, and a client could
		// provoke a 500 at will.
		delete req.headers.origin
		limiter.hit(req.ip ?? req.socket.remoteAddress ?? '').then((verdict) => {
			if (verdict.allowed) {
				next()
				return
			}
			res.setHeader('Retry-After', String(verdict.retryAfterSeconds))
			res
				.status(429)
				.type('text/plain')
				.send('Too many requests: please wait a moment and try again')
		}, next)
	}
}
