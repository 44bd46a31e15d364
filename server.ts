/**
 * The HTTP server: static files, security headers, limits, logging and graceful shutdown around
 * the Remix request handler. Built to build/server.js by `npm run build` and started by
 * `npm start`, it serves the Vite build (build/client, build/server). In development
 * (`npm run dev`, scripts/dev.js) the same server runs Vite's dev server as middleware: each
 * request gets the app's current modules, so edits to routes, models and components are served
 * without a restart (docs/decisions/098).
 */
import crypto from 'node:crypto'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import {
	type AppLoadContext,
	createRequestHandler as createFetchHandler,
	installGlobals,
	type ServerBuild,
} from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { ConfigError, getConfig } from '~/config.server'
import { CONTENT_IMAGES_PATH } from '~/content/schema'
import { type Database, getDatabase } from '~/db/client.server'
import { attributionCookies } from '~/http/attribution.server'
import { createPageCache, registerPageCache } from '~/http/page-cache.server'
import { pageCacheMiddleware } from '~/http/page-cache-http.server'
import { createRateLimiter } from '~/http/rate-limit.server'
import {
	isAllowedOrigin,
	isNormalPath,
	isValidHost,
	listenOrigin,
	requestedOrigin,
	requestFacts,
} from '~/http/request.server'
import { analyticsCspSources } from '~/integrations/analytics/csp.server'
import { startJobs } from '~/jobs/index.server'
import { closeResources } from '~/lifecycle.server'
import { prepareDatabase } from '~/models/prepare-database.server'
import { CONTENT_BUILD_DIR } from '~/paths.server'
import { redact, redactEmails } from '~/utils/redact'

// In-flight requests and jobs get this long after SIGTERM (under the usual 10 s grace period).
const SHUTDOWN_DEADLINE_MS = 9_000

installGlobals({ nativeFetch: true })

let config: ReturnType<typeof getConfig>
try {
	config = getConfig()
} catch (error) {
	if (!(error instanceof ConfigError)) throw error
	console.error(error.message)
	process.exit(1)
}

// Explicit timeouts (docs/decisions/069): a client that dribbles its headers (slow loris) or
// its body, or keeps an idle connection, is cut off. Node checks them every
// connectionsCheckingInterval, 30 s by default: far too coarse for a 10 s headers timeout.
const server = http.createServer({
	headersTimeout: config.HEADERS_TIMEOUT_MS,
	requestTimeout: config.REQUEST_TIMEOUT_MS,
	keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
	connectionsCheckingInterval: Math.min(1_000, config.HEADERS_TIMEOUT_MS / 2),
})

// The Remix build: Vite's dev server compiles it on demand in development (its live updates on
// this server's own port), the production build is build/server/index.js beside this bundle.
const viteDevServer =
	config.NODE_ENV === 'development'
		? await import('vite').then((vite) =>
				vite.createServer({
					server: { middlewareMode: true, hmr: { server } },
					appType: 'custom',
				}),
			)
		: undefined
const build: ServerBuild | (() => Promise<ServerBuild>) = viteDevServer
	? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
	: await import(new URL('./server/index.js', import.meta.url).href)
const mode = viteDevServer ? 'development' : 'production'

// Migrated and seeded before the first request (docs/decisions/010); idempotent, and app
// servers booting together take turns through an advisory lock. The form-post rate limit counts
// in PostgreSQL when there is one, so all app servers share it (docs/decisions/069).
let database: Database
let formPostLimiter: Awaited<ReturnType<typeof createRateLimiter>>
try {
	database = await getDatabase()
	const { applied } = await prepareDatabase(database)
	console.log(
		`Database: ${database.kind}${applied.length > 0 ? `, migrated ${applied.join(', ')}` : ''}`,
	)
	formPostLimiter = await createRateLimiter({
		max: config.RATE_LIMIT_MAX,
		windowMs: config.RATE_LIMIT_WINDOW_MS,
		pool: database.pool,
	})
} catch (error) {
	console.error('The database could not be prepared:', redact(error))
	process.exit(1)
}

// Background work (docs/decisions/075): this server's worker claims due jobs from the queue
// table, like every other app server on the database.
const jobs = startJobs(database.db)

if (config.GEO_COUNTRY_HEADER && config.TRUST_PROXY === 0) {
	console.warn(
		`GEO_COUNTRY_HEADER (${config.GEO_COUNTRY_HEADER}) is ignored: it counts only behind a trusted proxy (TRUST_PROXY of 1 or more)`,
	)
}

// The origin of canonical and e-mail links: SITE_URL, else the address we listen on, set once
// listening (PORT=0 picks the port then); never a request header (docs/decisions/069).
let siteOrigin = config.SITE_URL ?? listenOrigin(config.HOST, config.PORT)

const clientDir = fileURLToPath(new URL('./client', import.meta.url))

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', config.TRUST_PROXY)

let shuttingDown = false

// One line per request. The path only: query strings can carry e-mail addresses and tokens, and
// an address in the path itself is redacted (docs/decisions/069).
app.use((req, res, next) => {
	const start = process.hrtime.bigint()
	res.on('finish', () => {
		const ms = Number(process.hrtime.bigint() - start) / 1e6
		console.log(
			`${req.method} ${redactEmails(req.originalUrl.split('?')[0]!)} ${res.statusCode} ${ms.toFixed(1)}ms`,
		)
	})
	if (shuttingDown) res.setHeader('Connection', 'close')
	next()
})

// Headers from proxies are believed only behind a trusted proxy (docs/decisions/069). Express
// already ignores them without TRUST_PROXY; Remix would still read X-Forwarded-Host's port
// into request.url, so they go before anything else sees them.
const PROXY_HEADERS = [
	'forwarded',
	'x-forwarded-for',
	'x-forwarded-host',
	'x-forwarded-proto',
	'x-forwarded-port',
]
if (config.TRUST_PROXY === 0) {
	app.use((req, _res, next) => {
		for (const name of PROXY_HEADERS) delete req.headers[name]
		next()
	})
}

// Every rule below, and the router, must judge the same path. A URL parser rewrites
// `/webhooks/../checkout` to `/checkout` and `//evil.example/` would become a Location off
// the site, so a path it would rewrite is refused here, first (docs/decisions/069).
app.use((req, res, next) => {
	if (!isNormalPath(req.originalUrl)) {
		res.status(400).type('text/plain').send('Bad Request: the path is not in normal form')
		return
	}
	next()
})

app.use((req, res, next) => {
	if (!isValidHost(req.get('host'))) {
		res.status(400).type('text/plain').send('Bad Request: invalid Host header')
		return
	}
	next()
})

app.use((_req, res, next) => {
	res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
	next()
})

// Tag manager, session recording, analytics, customer data and partner hosts: only for the
// services configured, so an unconfigured site keeps 'self' and nonces (docs/decisions/064).
const analyticsHosts = analyticsCspSources(config)

app.use(
	helmet({
		contentSecurityPolicy: {
			useDefaults: false,
			directives: {
				defaultSrc: ["'self'"],
				scriptSrc: [
					"'self'",
					(_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
					...analyticsHosts.script,
				],
				// React renders style attributes, which a CSP counts as inline styles.
				styleSrc: ["'self'", "'unsafe-inline'"],
				// GitHub avatars in the visitor's profile card (sign in with GitHub, docs/decisions/040).
				imgSrc: ["'self'", 'data:', 'https://avatars.githubusercontent.com', ...analyticsHosts.img],
				fontSrc: ["'self'"],
				connectSrc: [
					"'self'",
					...analyticsHosts.connect,
					// Icons named in content, from a public icon service (docs/decisions/091).
					...(config.ICON_SERVICE_URL ? [new URL(config.ICON_SERVICE_URL).origin] : []),
				],
				// Only the tag manager's no-script frame, when configured.
				frameSrc: ["'self'", ...analyticsHosts.frame],
				objectSrc: ["'none'"],
				baseUri: ["'self'"],
				// A no-JavaScript checkout form is answered 303 to Stripe's hosted page (docs/decisions/030).
				formAction: [
					"'self'",
					...(config.STRIPE_SECRET_KEY ? ['https://checkout.stripe.com'] : []),
				],
				frameAncestors: ["'none'"],
			},
		},
		// Sent below, and only over HTTPS: a plain-HTTP local run must stay reachable.
		strictTransportSecurity: false,
		referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
	}),
)

app.use((req, res, next) => {
	if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
	next()
})

app.use(compression())

if (viteDevServer) {
	// The app's modules, Vite's client and public/, compiled on request.
	app.use(viteDevServer.middlewares)
} else {
	// Fingerprinted by Vite (and the content build's social images, named by their hash): cache
	// forever. A missing asset is a plain 404, not a page.
	const immutable = { immutable: true, maxAge: '1y', index: false, redirect: false } as const
	app.use(CONTENT_IMAGES_PATH, express.static(path.join(CONTENT_BUILD_DIR, 'images'), immutable))
	app.use('/assets', express.static(`${clientDir}/assets`, immutable), (_req, res) => {
		res.status(404).type('text/plain').send('Not found')
	})
	// Every file in public/ (copied to build/client) has an extension; a page path never reaches
	// the file system (a failed lookup per page was a tenth of a cached page's cost:
	// docs/performance.md).
	const publicFiles = express.static(clientDir, { maxAge: '1h', index: false, redirect: false })
	app.use((req, res, next) => {
		if (!req.path.slice(req.path.lastIndexOf('/')).includes('.')) return next()
		publicFiles(req, res, next)
	})
}

// Bodies are read by Remix straight from the socket, so the limit is checked up front.
app.use((req, res, next) => {
	const length = req.get('content-length')
	if (req.get('transfer-encoding') && length === undefined) {
		res.status(411).json({ error: 'A Content-Length header is required' })
		return
	}
	if (length !== undefined && Number(length) > config.MAX_BODY_BYTES) {
		const message = `Request body larger than ${config.MAX_BODY_BYTES} bytes`
		// POST /checkout answers every failure as `Checkout failed: {reason}` (SPEC §8).
		res.status(413).json({
			error: req.path === '/checkout' ? `Checkout failed: ${message.toLowerCase()}` : message,
		})
		return
	}
	next()
})

// Form posts (docs/decisions/063, 069): an Origin other than the site's (or the one this
// request was sent to), in scheme, host or port, is a cross-site post (403; a missing Origin is
// allowed), and each client address gets RATE_LIMIT_MAX posts per window, counted across app
// servers with PostgreSQL (429 with Retry-After). Both answer here, before Remix and any page
// work, on a path already known to be normal. Payment webhooks come from the provider's
// servers, signed: neither rule applies to them.
app.use((req, res, next) => {
	if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || req.path.startsWith('/webhooks/')) {
		next()
		return
	}
	const own = [siteOrigin, requestedOrigin(req)].filter((origin) => origin !== null)
	if (!isAllowedOrigin(req.get('origin'), own)) {
		res.status(403).type('text/plain').send('Forbidden: cross-site form submission')
		return
	}
	// Decided. Remix would compare the Origin's host with X-Forwarded-Host or Host again, on its
	// own terms (any X-Forwarded-Host, no scheme or port), and answer a mismatch with a 500: a
	// post from SITE_URL reaching us under an internal Host would fail, and a client could
	// provoke a 500 at will.
	delete req.headers.origin
	formPostLimiter.hit(req.ip ?? req.socket.remoteAddress ?? '').then((verdict) => {
		if (verdict.allowed) {
			next()
			return
		}
		res.setHeader('Retry-After', String(verdict.retryAfterSeconds))
		res.status(429).type('text/plain').send('Too many requests: please wait a moment and try again')
	}, next)
})

// Referral and marketing cookies (SPEC §4, docs/decisions/061): `?friend=KEY`, utm_*, gclid or
// fbclid on any page, 404s included, so this runs for every request that reaches Remix.
// Remix appends its own Set-Cookie headers after these.
app.use((req, res, next) => {
	if (req.originalUrl.includes('?')) {
		const facts = requestFacts(req, siteOrigin)
		const url = new URL(req.originalUrl, facts.origin)
		for (const value of attributionCookies({
			url,
			origin: facts.origin,
			secure: facts.secure,
			cookieHeader: req.get('cookie'),
		}))
			res.append('Set-Cookie', value)
	}
	next()
})

app.get('/healthz', (_req, res, next) => {
	if (shuttingDown) {
		res.status(503).json({ status: 'shutting down' })
		return
	}
	next()
})

const loadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
	cspNonce: res.locals.cspNonce,
	...requestFacts(req, siteOrigin),
})

// Anonymous pages from memory, rendered once per key and a few seconds (docs/decisions/070–072).
// Not in development, where every request should see the code as it is now.
if (config.PAGE_CACHE_MAX_BYTES > 0 && !viteDevServer) {
	const pageCache = createPageCache({ maxBytes: config.PAGE_CACHE_MAX_BYTES })
	registerPageCache(pageCache)
	app.use(
		pageCacheMiddleware({
			cache: pageCache,
			handle: createFetchHandler(build, mode),
			loadContext,
		}),
	)
}

app.all('*', createRequestHandler({ build, mode, getLoadContext: loadContext }))

server.on('request', app)

app.use((error: Error, req: express.Request, res: express.Response, next: express.NextFunction) => {
	console.error(`Error while handling ${req.method} ${redactEmails(req.path)}:`, redact(error))
	if (res.headersSent) return next(error)
	const status = (error as { status?: number }).status
	if (status && status >= 400 && status < 500) {
		res.status(status).type('text/plain').send(error.message)
		return
	}
	res.status(500).type('text/plain').send('Internal Server Error')
})

server.listen(config.PORT, config.HOST, () => {
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : config.PORT
	siteOrigin = config.SITE_URL ?? listenOrigin(config.HOST, port)
	console.log(
		`Listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`,
	)
})

function shutdown(signal: NodeJS.Signals) {
	if (shuttingDown) return
	shuttingDown = true
	console.log(`${signal} received: finishing in-flight requests and jobs`)
	const deadline = setTimeout(() => {
		// A job cut off here was claimed, not finished: another server (or this one, restarted)
		// runs it again once its claim lapses (docs/decisions/075).
		console.error('Requests or jobs still running at the shutdown deadline: closing them')
		server.closeAllConnections()
		setTimeout(() => process.exit(1), 1_000).unref()
	}, SHUTDOWN_DEADLINE_MS)
	// Connections kept alive after their last response would otherwise linger until their timeout.
	const closeIdle = setInterval(() => server.closeIdleConnections(), 100)
	const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()))
	Promise.all([requestsDone, jobs.stop(), viteDevServer?.close()]).then(async () => {
		clearTimeout(deadline)
		clearInterval(closeIdle)
		await closeResources()
		console.log('Shut down cleanly')
		process.exit(0)
	})
}

process.once('SIGTERM', shutdown)
process.once('SIGINT', shutdown)
