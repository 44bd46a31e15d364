/**
 * GETs that cost real work (docs/decisions/133): an invoice's PDF, the owner's CSV, ZIP and PDF
 * downloads and the owner's search with a query. One client looping over them slowed every other
 * page (80 PDFs a second took the cached /workshop from 3 ms to 350 ms), so each client network
 * gets EXPENSIVE_RATE_LIMIT_MAX of them per window, counted like the form posts (shared by app
 * servers on PostgreSQL), and past that a 429 with Retry-After before the route runs.
 */
import type express from 'express'
import type { RateLimiter } from './rate-limit.server'

// routes/checkout/invoice.$id_.pdf.ts: the buyer's signed link, open to anyone holding it.
const INVOICE_PDF = /^\/invoice\/[^/]+\/pdf$/
// routes/admin/admin.export.$file.ts, admin.invoices.$file.ts, admin.money[.]csv.ts: the owner's
// downloads. Counted for the owner only: to anyone else /admin is the unknown path's 404, and a
// 429 there would tell a stranger which paths are real.
const OWNER_DOWNLOAD = /^\/admin\/(?:export\/[^/]+|invoices\/[^/]+|money\.csv)$/
// routes/admin/admin.search.tsx: the search form itself costs nothing, a query searches every table.
const OWNER_SEARCH = '/admin/search'

/** Whether a GET of `url` by a client who is (or is not) the owner is an expensive one. */
function isExpensiveRequest(url: URL, owner: boolean): boolean {
	if (INVOICE_PDF.test(url.pathname)) return true
	if (!owner) return false
	if (OWNER_DOWNLOAD.test(url.pathname)) return true
	return url.pathname === OWNER_SEARCH && (url.searchParams.get('q') ?? '').trim() !== ''
}

/** The limit on expensive GETs; `isOwner` tells this request's owner (after the owner gate). */
export function expensiveRequestLimit(
	limiter: RateLimiter,
	isOwner: (res: express.Response) => boolean,
): express.RequestHandler {
	return (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		// The path is in normal form by now (request guards), so the URL parser changes nothing.
		const url = new URL(req.originalUrl, 'http://site.invalid')
		if (!isExpensiveRequest(url, isOwner(res))) return next()
		limiter.hit(req.ip ?? req.socket.remoteAddress ?? '').then((verdict) => {
			if (verdict.allowed) {
				next()
				return
			}
			res.setHeader('Retry-After', String(verdict.retryAfterSeconds))
			res.setHeader('Cache-Control', 'no-store')
			res
				.status(429)
				.type('text/plain')
				.send(
					`Too many downloads or searches from your network: please wait ${verdict.retryAfterSeconds} s and try again`,
				)
		}, next)
	}
}
