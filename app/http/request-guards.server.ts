/**
 * What runs first on every request (docs/decisions/069): its log line, the proxy headers dropped
 * unless a proxy is trusted, the refusal of a path not in normal form or of an invalid Host, and
 * the answer to a method the site does not serve (docs/decisions/133); then, after the static
 * files, the refusal of a body too large to read (`bodyLimit`).
 */
import { randomUUID } from 'node:crypto'
import type express from 'express'
import { log, withLogFields } from '~/log.server'
import { isNormalPath, isValidHost } from './request.server'

// Headers from proxies are believed only behind a trusted proxy. Express already ignores them
// without TRUST_PROXY; Remix would still read X-Forwarded-Host's port into request.url, so they
// go before anything else sees them.
const PROXY_HEADERS = [
	'forwarded',
	'x-forwarded-for',
	'x-forwarded-host',
	'x-forwarded-proto',
	'x-forwarded-port',
]

// A proxy's request id is kept (behind a trusted proxy, and only a plain token), so one id
// follows the request through the proxy's log and ours; otherwise each request gets a new one.
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

// What the site answers. PUT, PATCH and DELETE reach the routes, which refuse them in their own
// words (the JSON API's 405 with `Allow: GET, HEAD`); any other method (TRACE, WebDAV's PROPFIND,
// …) has no route, and Remix answered it with an error logged per request.
const SERVED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])
const ALLOW = 'GET, HEAD, POST'

function requestId(req: express.Request, trustProxy: number): string {
	const fromProxy = trustProxy > 0 ? req.get('x-request-id') : undefined
	return fromProxy && PROXY_REQUEST_ID.test(fromProxy) ? fromProxy : randomUUID()
}

export function requestGuards({
	trustProxy,
	shuttingDown,
}: {
	trustProxy: number
	shuttingDown: () => boolean
}): express.RequestHandler[] {
	return [
		// One line per request, with its id (docs/decisions/108). The path only: query strings
		// can carry e-mail addresses and tokens, and an address in the path itself is redacted.
		(req, res, next) => {
			const start = process.hrtime.bigint()
			const id = requestId(req, trustProxy)
			res.setHeader('X-Request-Id', id)
			res.on('finish', () => {
				const ms = Number(process.hrtime.bigint() - start) / 1e6
				const path = req.originalUrl.split('?')[0]!
				log.info(
					{
						req_id: id,
						method: req.method,
						path,
						status: res.statusCode,
						ms: Number(ms.toFixed(1)),
					},
					`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms`,
				)
			})
			if (shuttingDown()) res.setHeader('Connection', 'close')
			// Every line logged while this request is handled carries its id.
			withLogFields({ req_id: id }, next)
		},
		(req, _res, next) => {
			if (trustProxy === 0) for (const name of PROXY_HEADERS) delete req.headers[name]
			next()
		},
		// Every rule after these, and the router, must judge the same path. A URL parser rewrites
		// `/webhooks/../checkout` to `/checkout` and `//evil.example/` would become a Location off
		// the site, so a path it would rewrite is refused here, first.
		(req, res, next) => {
			if (!isNormalPath(req.originalUrl)) {
				res.status(400).type('text/plain').send('Bad Request: the path is not in normal form')
				return
			}
			if (!isValidHost(req.get('host'))) {
				res.status(400).type('text/plain').send('Bad Request: invalid Host header')
				return
			}
			next()
		},
		// Answered here, before the app and its error logging: a probe is not a fault.
		(req, res, next) => {
			if (SERVED_METHODS.has(req.method)) {
				next()
				return
			}
			res.setHeader('Allow', ALLOW)
			if (req.method === 'OPTIONS') {
				res.status(204).end()
				return
			}
			res.status(405).type('text/plain').send('Method Not Allowed')
		},
	]
}

/**
 * A body over `maxBytes`, by its Content-Length, is refused before anything reads it (413); a
 * chunked body without a length is refused too (411), since Remix reads bodies straight from
 * the socket. `larger` names the few paths allowed more (the owner's statement upload).
 */
export function bodyLimit(
	maxBytes: number,
	larger: Readonly<Record<string, number>> = {},
): express.RequestHandler {
	return (req, res, next) => {
		const limit = Object.hasOwn(larger, req.path)
			? Math.max(maxBytes, larger[req.path] ?? 0)
			: maxBytes
		const length = req.get('content-length')
		if (req.get('transfer-encoding') && length === undefined) {
			res.status(411).json({ error: 'A Content-Length header is required' })
			return
		}
		if (length !== undefined && Number(length) > limit) {
			const message = `Request body larger than ${limit} bytes`
			// POST /checkout answers every failure as `Checkout failed: {reason}` (SPEC §8).
			res.status(413).json({
				error: req.path === '/checkout' ? `Checkout failed: ${message.toLowerCase()}` : message,
			})
			return
		}
		next()
	}
}
