/**
 * How an unavailable database reaches a client (docs/decisions/104): `503 Service Unavailable`
 * with `Retry-After`, on every route, never a 500 and never a stack per request. What counts as
 * unavailable, and the one log line per outage, are `db/availability.server.ts`.
 *
 * - Every route's loader and action runs inside `withDatabaseAvailability(build)` (server.ts
 *   wraps the Remix build once): such a failure becomes a thrown 503 `Response`, which Remix
 *   returns as is from a resource route or a data request, and renders as the error page with
 *   that status for a document (entry.server.tsx adds the headers there).
 * - Routes whose answer has its own shape (the checkout's `Checkout failed: …`, the payment
 *   webhook's JSON, the JSON API) catch it themselves and use `unavailableHeaders`.
 * - The Express middleware in front of Remix (the rate limit's store, the page cache) pass it
 *   to `databaseUnavailableErrors`, mounted before server.ts's last error handler.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ServerBuild } from '@remix-run/node'
import type { Response as ExpressResponse, NextFunction, Request } from 'express'
import { isDatabaseUnavailable, noteDatabaseUnavailable } from '~/db/availability.server'

/** What a client is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 5

const MESSAGE = 'Service temporarily unavailable: please try again in a few seconds'

/** The headers of every 503 this module's failures answer. */
export function unavailableHeaders(): Record<string, string> {
	return { 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_AFTER_SECONDS) }
}

/**
 * When `error` is the database being unavailable: notes it (the outage log) and returns true, so
 * the caller answers 503 with `unavailableHeaders`; else false, and the caller goes on as before.
 */
export function databaseWasUnavailable(error: unknown): boolean {
	if (!isDatabaseUnavailable(error)) return false
	noteDatabaseUnavailable(error)
	return true
}

type Handler = (...args: never[]) => unknown

function guarded<F extends Handler>(handler: F): F {
	return (async (...args: Parameters<F>) => {
		try {
			return await handler(...args)
		} catch (error) {
			if (!databaseWasUnavailable(error)) throw error
			throw new Response(MESSAGE, {
				status: 503,
				statusText: 'Service Unavailable',
				headers: { ...unavailableHeaders(), 'Content-Type': 'text/plain; charset=utf-8' },
			})
		}
	}) as F
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>()

function wrap(build: ServerBuild): ServerBuild {
	let result = wrapped.get(build)
	if (!result) {
		const routes = Object.fromEntries(
			Object.entries(build.routes).map(([id, route]) => [
				id,
				{
					...route,
					module: {
						...route.module,
						...(route.module.loader && { loader: guarded(route.module.loader) }),
						...(route.module.action && { action: guarded(route.module.action) }),
					},
				},
			]),
		)
		result = { ...build, routes }
		wrapped.set(build, result)
	}
	return result
}

/** `build` with every loader and action answering 503 when the database is unavailable. */
export function withDatabaseAvailability(
	build: ServerBuild | (() => Promise<ServerBuild>),
): ServerBuild | (() => Promise<ServerBuild>) {
	return typeof build === 'function' ? async () => wrap(await build()) : wrap(build)
}

/** Express error middleware: the database being unavailable is a 503, logged once per outage. */
export function databaseUnavailableErrors(
	error: unknown,
	_req: Request,
	res: ExpressResponse,
	next: NextFunction,
) {
	if (res.headersSent || !databaseWasUnavailable(error)) {
		next(error)
		return
	}
	res.status(503).set(unavailableHeaders()).type('text/plain').send(MESSAGE)
}

/**
 * Every request while the server waits for its database at boot (docs/decisions/134): 503 with
 * Retry-After, `/healthz` in its own JSON shape. Nothing of the app runs yet.
 */
export function answerWhileStarting(req: IncomingMessage, res: ServerResponse) {
	const health = (req.url ?? '').split('?')[0] === '/healthz'
	res.writeHead(503, {
		...unavailableHeaders(),
		'Content-Type': health ? 'application/json' : 'text/plain; charset=utf-8',
	})
	res.end(health ? JSON.stringify({ status: 'unavailable', reason: 'starting' }) : MESSAGE)
}
