/**
 * The page cache in front of the Remix handler (docs/decisions/070–072): Express middleware for
 * server.ts. A GET or HEAD the key module can key is answered from the cache, or rendered once
 * and read whole; anything else goes on to the streaming Remix handler untouched.
 */
import { randomBytes } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express'
import { pageHoneypot } from './honeypot.server'
import type { PageCache, RenderedPage } from './page-cache.server'
import { pageCacheLookup } from './page-cache-key.server'
import { gzipStamped, stamp } from './page-stamp.server'

/**
 * A GET for the page the Express request asks for (the body of a HEAD is simply not sent), at
 * `url` when given.
 */
/** The request's headers, as a fetch request carries them. */
function headersOf(req: ExpressRequest): Headers {
	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue
		for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
	}
	return headers
}

async function readWhole(response: Response, context: AppLoadContext): Promise<RenderedPage> {
	const headers: [string, string][] = []
	for (const [name, value] of response.headers)
		if (name !== 'set-cookie') headers.push([name, value])
	for (const value of response.headers.getSetCookie()) headers.push(['set-cookie', value])
	return {
		status: response.status,
		headers,
		body: Buffer.from(await response.arrayBuffer()),
		nonce: context.cspNonce,
		// Recorded by the loaders that rendered a form (pageHoneypot), once they have run.
		honeypot: context.honeypotValidFrom,
		country: context.countryShownAs,
	}
}

/**
 * Placeholders for the country a page names (decision 160): letters and digits, written alike in
 * text and scripts, new for each render so no page or visitor can contain them beforehand.
 */
function countryPlaceholders() {
	const token = randomBytes(12).toString('hex')
	return { code: `cc${token}`, name: `cn${token}` }
}

// About the body as it goes out: Express and compression set them for this response.
const NOT_COPIED = new Set(['content-length', 'content-encoding', 'transfer-encoding'])

export function pageCacheMiddleware({
	cache,
	handle,
	loadContext,
	passOn,
}: {
	cache: PageCache
	/** The Remix handler, fetch style. */
	handle: (request: Request, context: AppLoadContext) => Promise<Response>
	loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
	/** The framework's own endpoints, which are no page: straight on to the handler. */
	passOn: (req: ExpressRequest) => boolean
}) {
	return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		if ((req.method !== 'GET' && req.method !== 'HEAD') || passOn(req)) return next()
		try {
			const context = loadContext(req, res)
			// The key needs the URL and headers only: a fetch Request (an abort signal, a body) is
			// made for a render alone, most answers being hits.
			const headers = headersOf(req)
			const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host')}`)
			const lookup = await pageCacheLookup({ url: url.href, headers }, context)
			if (lookup === null || cache.skips(lookup.key)) {
				cache.countBypass()
				return next()
			}
			const { page, outcome, shareable } = await cache.serve(lookup.key, async () => {
				const rendering = { ...context, countryShownAs: countryPlaceholders() }
				// Without the parameters no page reads: the page its key stands for (decision 160).
				// No abort signal: a render may be shared by every visitor waiting for it.
				const page = new Request(lookup.url, { headers })
				return readWhole(await handle(page, rendering), rendering)
			})
			res.status(page.status)
			for (const [name, value] of page.headers) {
				if (NOT_COPIED.has(name)) continue
				if (name === 'set-cookie') res.append(name, value)
				else res.setHeader(name, value)
			}
			res.setHeader('X-Page-Cache', outcome)
			if (shareable) {
				// Attribution cookies (server.ts) may ride on a shared page: the answer carrying them
				// then goes out private (privateWhenSettingCookies, docs/decisions/105).
				res.setHeader('Age', String(Math.floor((Date.now() - page.renderedAt) / 1000)))
			}
			// Stored pages go out gzipped as stored; compression() leaves an encoded answer alone.
			const gzip = shareable && req.acceptsEncodings('gzip', 'identity') === 'gzip'
			// A page with a form gets this answer's own token (one HMAC): the one it was rendered
			// with went to its first visitor, and a token is good for one submission (decision 137).
			const values = {
				nonce: context.cspNonce,
				honeypot: page.slots.includes('honeypot') ? pageHoneypot(context).validFrom : '',
				// The placeholders of a page are only ever filed under a region with a country.
				country: lookup.country ?? undefined,
			}
			const pieces = gzip ? gzipStamped(page, values) : stamp(page, values)
			if (gzip) res.setHeader('Content-Encoding', 'gzip')
			res.setHeader(
				'Content-Length',
				pieces.reduce((length, piece) => length + piece.length, 0),
			)
			// Written together (one writev when end() uncorks), never copied into one buffer.
			res.cork()
			for (const piece of pieces) res.write(piece)
			res.end()
		} catch (error) {
			next(error)
		}
	}
}
