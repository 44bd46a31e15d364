/**
 * The HTTP server: static files, security headers, limits, logging and graceful shutdown around
 * the Remix request handler. Built to build/server.js by `npm run build` and started by
 * `npm start`, it serves the Vite build (build/client, build/server). In development
 * (`npm run dev`, scripts/dev.js) the same server runs Vite's dev server as middleware: each
 * request gets the app's current modules, so edits to routes, models and components are served
 * without a restart (docs/decisions/098).
 */
import http from 'node:http'
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
import { ConfigError, getConfig } from '~/config.server'
import { type Database, getDatabase } from '~/db/client.server'
import { prepareDatabaseAtBoot } from '~/db/prepare.server'
import { untilDatabaseAnswers } from '~/db/wait-for-database.server'
import { STATEMENT_UPLOAD_LIMITS } from '~/forms/bank-statement'
import { attributionCookieMiddleware } from '~/http/attribution.server'
import { privateWhenSettingCookies } from '~/http/cache-control.server'
import { expensiveRequestLimit } from '~/http/expensive-requests.server'
import { formPostGuard } from '~/http/form-posts.server'
import { gracefulCloser } from '~/http/graceful-close.server'
import { localeMiddleware } from '~/http/locale.server'
import { requestMetrics } from '~/http/metrics.server'
import { canUseOperatorTools } from '~/http/operator-tools.server'
import { overloadGuard } from '~/http/overload.server'
import { ownerGate, ownerOf, publicBuildsOf } from '~/http/owner-gate.server'
import { createPageCache, registerPageCache } from '~/http/page-cache.server'
import { pageCacheMiddleware } from '~/http/page-cache-http.server'
import { createRateLimiter } from '~/http/rate-limit.server'
import { documentSections, requestFacts } from '~/http/request.server'
import { bodyLimit, requestGuards } from '~/http/request-guards.server'
import { securityHeaders } from '~/http/security-headers.server'
import { shutDownOnSignals } from '~/http/shutdown.server'
import { logStartUpHint } from '~/http/start-up-hint.server'
import { builtFiles } from '~/http/static-files.server'
import {
	answerWhileStarting,
	databaseUnavailableErrors,
	databaseWasUnavailable,
	withDatabaseAvailability,
} from '~/http/unavailable.server'
import { warmUp, warmUpOrigin } from '~/http/warm-up.server'
import { wholeSmallAnswers } from '~/http/whole-small-answers.server'
import { startJobs } from '~/job-worker.server'
import { log, logTheConsole } from '~/log.server'
import { siteOrigin as currentSiteOrigin, recordListenPort } from '~/site-origin.server'
import { redactEmails } from '~/utils/redact'

installGlobals({ nativeFetch: true })
// One JSON line per log entry, whoever writes it (docs/decisions/108).
logTheConsole()
// No database failure ends the process (docs/decisions/134): one nobody awaited is noted as the
// outage it is; anything else still ends it, as before.
process.on('unhandledRejection', (reason) => {
	if (!databaseWasUnavailable(reason)) throw reason
})

let config: ReturnType<typeof getConfig>
try {
	config = getConfig()
} catch (error) {
	if (!(error instanceof ConfigError)) throw error
	log.error(error.message)
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
// At shutdown, no request already sent is reset (docs/decisions/134).
const closeConnections = gracefulCloser(server)

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
// Its loaders and actions answer 503 with Retry-After when the database is unavailable (104).
const build = withDatabaseAvailability(
	viteDevServer
		? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
		: await import(new URL('./server/index.js', import.meta.url).href),
)
const mode = viteDevServer ? 'development' : 'production'

// Migrated and seeded before the first request (docs/decisions/010); idempotent, and app
// servers booting together take turns through an advisory lock. The form-post rate limit counts
// in PostgreSQL when there is one, so all app servers share it (docs/decisions/069).
// A database that does not answer is waited for (docs/decisions/134): the port opens meanwhile
// and answers 503 with Retry-After, /healthz included, until the site is ready.
let database: Database
let formPostLimiter: Awaited<ReturnType<typeof createRateLimiter>>
let expensiveLimiter: Awaited<ReturnType<typeof createRateLimiter>>
let listeningEarly = false
try {
	;({ database, formPostLimiter, expensiveLimiter } = await untilDatabaseAnswers(async () => {
		const opened = await getDatabase()
		const { applied } = await prepareDatabaseAtBoot(opened)
		const migrated = applied.length > 0 ? `, migrated ${applied.join(', ')}` : ''
		log.info(`Database: ${opened.kind}${migrated}`)
		const limiter = await createRateLimiter({
			max: config.RATE_LIMIT_MAX,
			windowMs: config.RATE_LIMIT_WINDOW_MS,
			pool: opened.pool,
		})
		const expensive = await createRateLimiter({
			max: config.EXPENSIVE_RATE_LIMIT_MAX,
			windowMs: config.EXPENSIVE_RATE_LIMIT_WINDOW_MS,
			pool: opened.pool,
			keyPrefix: 'expensive_get',
		})
		return { database: opened, formPostLimiter: limiter, expensiveLimiter: expensive }
	}, listenWhileWaiting))
} catch (error) {
	log.error({ err: error }, 'The database could not be prepared')
	process.exit(1)
}

// Background work (docs/decisions/075): this server's worker claims due jobs from the queue
// table, like every other app server on the database.
const jobs = startJobs(database.db)

if (config.GEO_COUNTRY_HEADER && config.TRUST_PROXY === 0)
	log.warn(
		`GEO_COUNTRY_HEADER (${config.GEO_COUNTRY_HEADER}) is ignored: it counts only behind a trusted proxy (TRUST_PROXY of 1 or more)`,
	)

// Canonical and e-mail links' origin: SITE_URL, else where we listen (decision 069), never a header.
let siteOrigin = currentSiteOrigin()

const clientDir = fileURLToPath(new URL('./client', import.meta.url))

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', config.TRUST_PROXY)

let shuttingDown = false
app.use(requestGuards({ trustProxy: config.TRUST_PROXY, shuttingDown: () => shuttingDown }))
app.use(securityHeaders(config))
// Whoever sets a cookie, no shared cache keeps the answer (docs/decisions/105).
app.use(privateWhenSettingCookies)

app.use(compression())
// Requests by route, and GET /metrics for a scrape with METRICS_TOKEN (docs/decisions/106).
app.use(requestMetrics({ build, token: config.METRICS_TOKEN }))

// The app's modules, Vite's client and public/, compiled on request in development.
app.use(viteDevServer ? viteDevServer.middlewares : builtFiles(clientDir))

// Bodies are read by Remix from the socket: the limit up front (a bank statement's: decision 170).
app.use(bodyLimit(config.MAX_BODY_BYTES, STATEMENT_UPLOAD_LIMITS))

// Form posts: the Origin check and the rate limit, before Remix (docs/decisions/063, 069, 132).
app.use(formPostGuard({ siteOrigin: () => siteOrigin, limiter: formPostLimiter }))

// Referral and marketing cookies (SPEC §4, docs/decisions/061): `?friend=KEY`, utm_*, gclid or
// fbclid on any page, 404s included, so this runs for every request that reaches Remix. Then an
// English URL to its German twin for a German reader, before the page cache (decision 173).
app.use(attributionCookieMiddleware((req) => requestFacts(req, siteOrigin)))
app.use(localeMiddleware((req) => requestFacts(req, siteOrigin)))

app.get('/healthz', (_req, res, next) => {
	if (shuttingDown) {
		res.status(503).json({ status: 'unavailable', reason: 'shutting down' })
		return
	}
	next()
})

// The owner's dashboard (docs/decisions/080, 102): each request's owner is decided here, once.
// The owner is served the whole app; anyone else the app without the dashboard's routes, where
// every /admin URL is the unknown path's 404, byte for byte.
app.use(ownerGate((req) => requestFacts(req, siteOrigin)))
// PDFs, the owner's downloads and searches: per network, before any of that work (decision 133).
app.use(expensiveRequestLimit(expensiveLimiter, (res) => ownerOf(res) !== null))
const publicBuilds = publicBuildsOf(build)
// Remix's route discovery (its lazy route discovery guide): no page; differs for the owner.
const ROUTE_DISCOVERY = '/__manifest'
const loadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
	cspNonce: res.locals.cspNonce,
	...requestFacts(req, siteOrigin),
	owner: ownerOf(res),
	serverHtml: documentSections(req),
})

// Anonymous pages from memory, rendered once per key and a few seconds (docs/decisions/070–072).
// Not in development, where every request should see the code as it is now.
if (config.PAGE_CACHE_MAX_BYTES > 0 && !viteDevServer) {
	const pageCache = createPageCache({ maxBytes: config.PAGE_CACHE_MAX_BYTES })
	registerPageCache(pageCache)
	app.use(
		pageCacheMiddleware({
			cache: pageCache,
			// Anonymous visitors only: never the owner.
			handle: createFetchHandler(publicBuilds.forEveryoneElse, mode),
			loadContext,
			passOn: (req) => req.path === ROUTE_DISCOVERY,
		}),
	)
}

// A held event loop: form posts answer 503 with Retry-After, pages above still come from the
// cache, the payment webhook still runs (docs/decisions/162).
app.use(overloadGuard(config.OVERLOAD_EVENT_LOOP_LAG_MS))

const handlerFor = (served: typeof build) =>
	createRequestHandler({ build: served, mode, getLoadContext: loadContext })
const [forOwner, forOperator, forEveryoneElse] = [
	handlerFor(build),
	handlerFor(publicBuilds.forOperator),
	handlerFor(publicBuilds.forEveryoneElse),
]
// Remix's answers: a small one whole, so compression() sees its size and leaves it (decision 183).
app.all('*', wholeSmallAnswers, (req, res, next) => {
	if (req.path === ROUTE_DISCOVERY) res.append('Vary', 'Cookie')
	if (ownerOf(res)) return forOwner(req, res, next)
	const operator = canUseOperatorTools(requestFacts(req, siteOrigin))
	return (operator ? forOperator : forEveryoneElse)(req, res, next)
})

server.off('request', answerWhileStarting)
server.on('request', app)

// The database unavailable (a saturated pool, an outage) in middleware before Remix: 503 (104).
app.use(databaseUnavailableErrors)
app.use((error: Error, req: express.Request, res: express.Response, next: express.NextFunction) => {
	log.error({ err: error }, `Error while handling ${req.method} ${redactEmails(req.path)}`)
	if (res.headersSent) return next(error)
	const status = (error as { status?: number }).status
	if (status && status >= 400 && status < 500) {
		res.status(status).type('text/plain').send(error.message)
		return
	}
	res.status(500).type('text/plain').send('Internal Server Error')
})

function listen(then: (port: number) => void) {
	server.listen(config.PORT, config.HOST, () => {
		const address = server.address()
		const port = typeof address === 'object' && address ? address.port : config.PORT
		log.info(`Listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`)
		then(port)
	})
}

function listenWhileWaiting() {
	listeningEarly = true
	server.on('request', answerWhileStarting)
	listen(recordListenPort)
}

// The header's pages rendered once before the first visitor asks (docs/decisions/154); in
// development every request compiles the code as it is now anyway.
function warmUpOnce() {
	const address = server.address()
	if (viteDevServer || typeof address !== 'object' || !address) return
	void warmUp(warmUpOrigin(config.HOST, address.port))
}

// How to become the owner and where the e-mails are, when that is not obvious (decision 111).
if (listeningEarly) {
	logStartUpHint(siteOrigin)
	warmUpOnce()
} else
	listen((port) => {
		siteOrigin = recordListenPort(port)
		logStartUpHint(siteOrigin)
		warmUpOnce()
	})

// SIGTERM and SIGINT: no request already sent is reset, running jobs get their grace (134, 135).
shutDownOnSignals({
	server,
	closeConnections,
	stopJobs: (graceMs) => jobs.stop({ graceMs }),
	closeDevServer: () => viteDevServer?.close(),
	onStart: () => {
		shuttingDown = true
	},
})
