/**
 * /metrics (docs/decisions/106): this process's Prometheus metrics — requests by route, the job
 * queue and the page cache read at scrape time, and the registry of `metrics.server.ts`
 * (checkouts, e-mail failures, process metrics). It exists only for a scrape carrying
 * `Authorization: Bearer METRICS_TOKEN`; to anyone else, and to everyone when the variable is
 * unset, it is an unknown path (the request goes on to Remix's 404).
 */
import crypto from 'node:crypto'
import type { ServerBuild } from '@remix-run/node'
import { type AgnosticRouteObject, matchRoutes } from '@remix-run/router'
import type express from 'express'
import { LRUCache } from 'lru-cache'
import { Counter, Gauge, Histogram, type Registry } from 'prom-client'
import { getDatabase } from '~/db/client.server'
import { type QueueStats, queueStats } from '~/jobs/queue.server'
import { log } from '~/log.server'
import { metricsRegistry } from '~/metrics.server'
import { pageCacheStats } from './page-cache.server'

const METRICS_PATH = '/metrics'
const DATABASE_TIMEOUT_MS = 2_000
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

type Build = ServerBuild | (() => Promise<ServerBuild>)

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function carriesToken(header: string | undefined, token: string): boolean {
	const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1]
	if (!given) return false
	const a = crypto.createHash('sha256').update(token).digest()
	const b = crypto.createHash('sha256').update(given).digest()
	return crypto.timingSafeEqual(a, b)
}

/** The Remix route tree of a build, as the router matches it. */
function routeTree(routes: ServerBuild['routes'], parentId?: string): AgnosticRouteObject[] {
	return Object.values(routes)
		.filter((route) => route?.parentId === parentId)
		.map((route) =>
			route!.index
				? { id: route!.id, path: route!.path, index: true, caseSensitive: route!.caseSensitive }
				: {
						id: route!.id,
						path: route!.path,
						caseSensitive: route!.caseSensitive,
						children: routeTree(routes, route!.id),
					},
		)
}

/**
 * The label of a request to `path`: the id of the Remix route it matches (`routes/blog._index`),
 * else `static` for a build file's path (under /assets/, or a name with an extension), else the
 * id of the catch-all. A fixed set, whatever the path holds.
 */
export function routeLabel(tree: AgnosticRouteObject[], path: string): string {
	const leaf = matchRoutes(tree, path)?.at(-1)?.route
	if (leaf && leaf.path !== '*') return leaf.id!
	if (path.startsWith('/assets/') || path.slice(path.lastIndexOf('/')).includes('.'))
		return 'static'
	return leaf?.id ?? 'unmatched'
}

/**
 * The labeller of a build (development's changes with every edit): matching costs about 0.15 ms
 * (the router ranks every route on each call), more than a page-cache hit, so the label of
 * each recent path is remembered.
 */
function routeLabeller(build: Build) {
	const labellers = new WeakMap<ServerBuild, (path: string) => string>()
	return async (path: string) => {
		const current = typeof build === 'function' ? await build() : build
		let label = labellers.get(current)
		if (!label) {
			const tree = routeTree(current.routes)
			const labels = new LRUCache<string, string>({ max: 1_000 })
			label = (path) => {
				let found = labels.get(path)
				if (found === undefined) {
					found = routeLabel(tree, path)
					labels.set(path, found)
				}
				return found
			}
			labellers.set(current, label)
		}
		return label(path)
	}
}

/** The queue at a glance, once per scrape however many gauges ask; null when unreadable. */
function sharedQueueStats() {
	let pending: Promise<QueueStats | null> | null = null
	const read = async () => {
		const database = await getDatabase()
		return Promise.race([
			queueStats(database.db),
			new Promise<never>((_, reject) =>
				setTimeout(() => reject(new Error('timed out')), DATABASE_TIMEOUT_MS).unref(),
			),
		])
	}
	return () => {
		pending ??= read()
			.catch((error) => {
				log.error({ err: error }, 'Metrics: the job queue could not be read')
				return null
			})
			.finally(() => {
				pending = null
			})
		return pending
	}
}

/** Registers the request metrics and the gauges read at scrape time; returns the former. */
function registerHttpMetrics(registry: Registry) {
	const registers = [registry]
	const queue = sharedQueueStats()
	new Gauge({
		name: 'job_queue_jobs',
		help: 'Jobs in the queue (the whole database, not only this server) by state: waiting (due), scheduled (later), running, failed (kept a week)',
		labelNames: ['state'] as const,
		registers,
		async collect() {
			const stats = await queue()
			this.reset()
			if (!stats) return
			for (const state of ['waiting', 'scheduled', 'running', 'failed'] as const)
				this.set({ state }, stats[state])
		},
	})
	new Gauge({
		name: 'job_queue_oldest_waiting_seconds',
		help: 'How long the oldest waiting job has been due (0 when none waits; NaN when the database did not answer)',
		registers,
		async collect() {
			this.set((await queue())?.oldestWaitingSeconds ?? Number.NaN)
		},
	})
	const lookups = {
		hit: 'hits',
		stale: 'stale',
		shared: 'shared',
		miss: 'misses',
		bypassed: 'bypassed',
	} as const
	new Counter({
		name: 'page_cache_lookups_total',
		help: "This server's page cache: pages served fresh (hit), stale while re-rendered (stale), shared with a render in progress (shared), rendered (miss), or not cacheable (bypassed)",
		labelNames: ['outcome'] as const,
		registers,
		collect() {
			const stats = pageCacheStats()
			this.reset()
			if (!stats) return
			for (const [outcome, field] of Object.entries(lookups)) this.inc({ outcome }, stats[field])
		},
	})
	new Gauge({
		name: 'page_cache_hit_ratio',
		help: "Share of this server's cacheable page requests answered from the cache (hit, stale or shared) since it started; NaN before any or with the cache off",
		registers,
		collect() {
			const stats = pageCacheStats()
			const served = stats ? stats.hits + stats.stale + stats.shared : 0
			const all = stats ? served + stats.misses : 0
			this.set(all > 0 ? served / all : Number.NaN)
		},
	})
	return {
		requests: new Counter({
			name: 'http_requests_total',
			help: 'Requests answered, by Remix route id (or "static" for build files), method and status code',
			labelNames: ['route', 'method', 'code'] as const,
			registers,
		}),
		duration: new Histogram({
			name: 'http_request_duration_seconds',
			help: 'Time to answer a request, by Remix route id (or "static") and method',
			labelNames: ['route', 'method'] as const,
			registers,
		}),
	}
}

/**
 * The middleware: counts every request it sees by route when it is answered, and answers
 * GET /metrics to a scrape with the token. Once per process (server.ts).
 */
export function requestMetrics({
	build,
	token,
}: {
	build: Build
	token: string | undefined
}): express.RequestHandler {
	const registry = metricsRegistry()
	const { requests, duration } = registerHttpMetrics(registry)
	const label = routeLabeller(build)
	return (req, res, next) => {
		const start = process.hrtime.bigint()
		const method = METHODS.has(req.method) ? req.method : 'other'
		const scrape =
			token !== undefined &&
			req.path === METRICS_PATH &&
			(req.method === 'GET' || req.method === 'HEAD') &&
			carriesToken(req.get('authorization'), token)
		res.on('finish', () => {
			const seconds = Number(process.hrtime.bigint() - start) / 1e9
			const labelled = scrape ? Promise.resolve('metrics') : label(req.path)
			labelled.then(
				(route) => {
					requests.inc({ route, method, code: String(res.statusCode) })
					duration.observe({ route, method }, seconds)
				},
				(error) => log.error({ err: error }, 'Metrics: a request could not be labelled'),
			)
		})
		if (!scrape) return next()
		registry.metrics().then((text) => {
			res.setHeader('Cache-Control', 'no-store')
			res.setHeader('Content-Type', registry.contentType)
			res.end(text)
		}, next)
	}
}
