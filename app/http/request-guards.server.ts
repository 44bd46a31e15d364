/**
 * What runs first on every request (docs/decisions/069): its log line, the proxy headers dropped
 * unless a proxy is trusted, and the refusal of a path not in normal form or of an invalid Host;
 * then, after the static files, the refusal of a body too large to read (`bodyLimit`).
 */
import type express from 'express'
import { redactEmails } from '~/utils/redact'
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

export function requestGuards({
	trustProxy,
	shuttingDown,
}: {
	trustProxy: number
	shuttingDown: () => boolean
}): express.RequestHandler[] {
	return [
		// One line per request. The path only: query strings can carry e-mail addresses and
		// tokens, and an address in the path itself is redacted.
		(req, res, next) => {
			const start = process.hrtime.bigint()
			res.on('finish', () => {
				const ms = Number(process.hrtime.bigint() - start) / 1e6
				console.log(
					`${req.method} ${redactEmails(req.originalUrl.split('?')[0]!)} ${res.statusCode} ${ms.toFixed(1)}ms`,
				)
			})
			if (shuttingDown()) res.setHeader('Connection', 'close')
			next()
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
	]
}

/**
 * A body over `maxBytes`, by its Content-Length, is refused before anything reads it (413); a
 * chunked body without a length is refused too (411), since Remix reads bodies straight from
 * the socket.
 */
export function bodyLimit(maxBytes: number): express.RequestHandler {
	return (req, res, next) => {
		const length = req.get('content-length')
		if (req.get('transfer-encoding') && length === undefined) {
			res.status(411).json({ error: 'A Content-Length header is required' })
			return
		}
		if (length !== undefined && Number(length) > maxBytes) {
			const message = `Request body larger than ${maxBytes} bytes`
			// POST /checkout answers every failure as `Checkout failed: {reason}` (SPEC §8).
			res.status(413).json({
				error: req.path === '/checkout' ? `Checkout failed: ${message.toLowerCase()}` : message,
			})
			return
		}
		next()
	}
}
