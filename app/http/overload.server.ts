/**
 * A saturated event loop sheds form posts (issue 35 item 4, docs/decisions/162): when this
 * server's event loop has been held for longer than OVERLOAD_EVENT_LOOP_LAG_MS within the last
 * second, or is being held right now, a form post (POST /checkout included) answers 503 with
 * `Retry-After` and a page that says when to try again, before any of its work runs. Pages the
 * page cache holds are answered before this guard (server.ts), so they keep answering 200; the
 * payment webhook is never shed: a payment is worth its work. The pool's own saturation answers
 * the same 503 (unavailable.server.ts, decision 104).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type express from 'express'
import { log } from '~/log.server'
import { PAYMENT_WEBHOOK_PATH } from './form-posts.server'

/** What a shed request is told to wait, in seconds. */
const OVERLOAD_RETRY_AFTER_SECONDS = 5

const MESSAGE = `The site is very busy right now: please try again in ${OVERLOAD_RETRY_AFTER_SECONDS} seconds.`

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy: try again in ${OVERLOAD_RETRY_AFTER_SECONDS} seconds</title></head><body><main><h1>Busy</h1><p>${MESSAGE} Nothing was sent: go back and send the form again.</p></main></body></html>`

/** How often the lag is read; a lag counts for this long, and as long again after. */
const WINDOW_MS = 1_000

/**
 * This process's event-loop lag: the longest the loop was held in the last window or two
 * (`monitorEventLoopDelay`), or how long it has been held now, when the window's own timer is
 * late (a request read just after a long hold is answered before any timer runs).
 */
function watchEventLoop(): () => number {
	const histogram = monitorEventLoopDelay({ resolution: 10 })
	histogram.enable()
	let previousMaxMs = 0
	let lastTick = performance.now()
	setInterval(() => {
		lastTick = performance.now()
		previousMaxMs = histogram.max / 1e6
		histogram.reset()
	}, WINDOW_MS).unref()
	return () =>
		Math.max(previousMaxMs, histogram.max / 1e6, performance.now() - lastTick - WINDOW_MS)
}

/** The guard, mounted after the page cache and before Remix; `maxLagMs` 0 turns it off. */
export function overloadGuard(maxLagMs: number): express.RequestHandler {
	if (maxLagMs <= 0) return (_req, _res, next) => next()
	// Watched from the first form post on: the boot's own stalls (loading the build, migrations)
	// are no overload.
	let lagMs: (() => number) | undefined
	let shedding = false
	return (req, res, next) => {
		if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || req.path === PAYMENT_WEBHOOK_PATH)
			return next()
		lagMs ??= watchEventLoop()
		const lag = lagMs()
		const overloaded = lag > maxLagMs
		// One line when it starts and one when it ends, not one per request (as decision 104's).
		if (overloaded !== shedding) {
			shedding = overloaded
			log.warn(
				overloaded
					? `Event loop held ${Math.round(lag)} ms: answering form posts 503 with Retry-After until it recovers`
					: 'Event loop recovered: form posts answered again',
			)
		}
		if (!overloaded) return next()
		res.status(503).set({
			'Cache-Control': 'no-store',
			'Retry-After': String(OVERLOAD_RETRY_AFTER_SECONDS),
		})
		if (req.is('application/json') || req.accepts(['html', 'json']) === 'json')
			res.json({ error: MESSAGE })
		else res.type('html').send(PAGE)
	}
}
