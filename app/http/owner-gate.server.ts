/**
 * The dashboard's door, in front of Remix (docs/decisions/080, 102). Each request's owner is
 * decided once, here: the session's owner role, checked against the database (one read by
 * primary key, and none for a visitor without one). The owner is served the whole app; anyone
 * else an app without the dashboard's routes, in which /admin is simply an unknown path. Its
 * 404 then is the unknown path's to the byte — title, headers, the route data and manifest in
 * the page, data requests (`/path.data`) and the route manifest the browser asks for — because
 * it is rendered by the same splat route, not imitated.
 */
import type { ServerBuild } from '@remix-run/node'
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express'
import { withAuditSource } from '~/models/audit/audit.server'
import { getOwner, type Owner } from './owner.server'
import type { RequestFacts } from './request.server'

/** The dashboard's layout route (app/routes/admin/admin.tsx): it and every route under it. */
const DASHBOARD_ROUTE_ID = 'routes/admin'
/** The operator tools' routes (http/operator-tools.server.ts, docs/decisions/068, 105). */
const OPERATOR_TOOL_ROUTE_IDS = ['routes/[__outbox]']

/** `build` without the routes `removed` and every route under them. */
function without(build: ServerBuild, removed: string[]): ServerBuild {
	const isRemoved = (id: string | undefined): boolean =>
		id !== undefined && (removed.includes(id) || isRemoved(build.routes[id]?.parentId))
	const keep = <T>(routes: Record<string, T>) =>
		Object.fromEntries(Object.entries(routes).filter(([id]) => !isRemoved(id)))
	return {
		...build,
		routes: keep(build.routes),
		assets: { ...build.assets, routes: keep(build.assets.routes) },
	}
}

type Build = ServerBuild | (() => Promise<ServerBuild>)

const withoutOf = (build: Build, removed: string[]): Build =>
	typeof build === 'function'
		? async () => without(await build(), removed)
		: without(build, removed)

/**
 * The apps served to everyone but the owner, also for the build Vite's dev server compiles on
 * each request: for whoever may use the operator tools (a developer's own machine), the app
 * without the dashboard; for everyone else, without the operator tools either, so that they too
 * are an unknown path's 404 to the byte.
 */
export function publicBuildsOf(build: Build): { forOperator: Build; forEveryoneElse: Build } {
	return {
		forOperator: withoutOf(build, [DASHBOARD_ROUTE_ID]),
		forEveryoneElse: withoutOf(build, [DASHBOARD_ROUTE_ID, ...OPERATOR_TOOL_ROUTE_IDS]),
	}
}

/** The owner decided for this request by `ownerGate`, or null. */
export const ownerOf = (res: ExpressResponse): Owner | null =>
	(res.locals.owner as Owner | null | undefined) ?? null

/** Express middleware deciding the request's owner, for `ownerOf` and the load context. */
export function ownerGate(facts: (req: ExpressRequest) => RequestFacts) {
	return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		const context = facts(req)
		const request = new Request(new URL(req.originalUrl, context.origin), {
			headers: { cookie: req.get('cookie') ?? '' },
		})
		getOwner(request, context).then((owner) => {
			res.locals.owner = owner
			// Whatever this request writes to the owners' audit log carries its source (decision 136).
			withAuditSource(context.clientIp, next)
		}, next)
	}
}
