/**
 * To anyone who is not the signed-in owner, /admin does not exist (docs/decisions/080, 102):
 * every answer under it is byte for byte the answer of an unknown path of the same length —
 * status, headers, title, the route data in the page, data requests (`/path.data`), HEAD and POST, and the
 * route manifest the browser asks for — once the path itself and per-request values (Date, the
 * CSP nonce) are set aside. For an anonymous visitor, a signed-in visitor who is not an owner,
 * and a copy of an owner's cookie after the owner signed out.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_USERS } from '../../app/integrations/github/emulator-users'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { signInThroughPeer } from '../support/github-sign-in'
import { readAnswer as read } from '../support/not-found'
import { type RunningServer, startServer } from '../support/server'

const ADMIN_PATHS = [
	'/admin',
	'/admin/',
	'/Admin',
	'/admin/orders',
	'/admin/orders/ORDER123',
	'/admin/leads',
	'/admin/email',
	'/admin/email/1',
	'/admin/audit',
	'/admin/coupons',
	'/admin/coupons/new',
	'/admin/coupons/LAUNCH20',
	'/admin/export/orders.csv',
	'/admin/export/leads.csv',
	'/admin/search',
	'/admin/messages',
	'/admin/messages/new',
	'/admin/messages/1',
	'/admin/waitlist',
	'/admin/at-a-glance',
	'/admin/people/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
]

/** An unknown path as long as `path`: the same letters in another order. */
const unknownLike = (path: string) =>
	path.replace(/admin/i, (word) => word.split('').reverse().join(''))

describe('/admin to anyone but the owner', () => {
	let github: FakeGitHub
	let server: RunningServer
	const visitors: { name: string; cookie: string }[] = [
		{ name: 'an anonymous visitor', cookie: '' },
	]

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		server = await startServer({
			...github.env(2_000),
			ADMIN_GITHUB_LOGINS: 'mona',
			// Many posts from one address in a few seconds.
			RATE_LIMIT_MAX: '1000',
		})
		visitors.push({ name: 'a signed-in visitor', cookie: await signInThroughPeer(server, 'hubot') })
		const owner = await signInThroughPeer(server, 'mona')
		await fetch(`${server.url}/sign-out`, {
			method: 'POST',
			redirect: 'manual',
			headers: { cookie: owner, origin: server.url },
		})
		visitors.push({ name: "a copy of a signed-out owner's cookie", cookie: owner })
	})
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	/** The same request to an /admin path and to its unknown twin, read side by side. */
	async function both(
		cookie: string,
		path: string,
		init: RequestInit = {},
		url = (p: string) => `${server.url}${p}`,
	) {
		const twin = unknownLike(path)
		const send = (p: string) =>
			fetch(url(p), {
				redirect: 'manual',
				...init,
				headers: { ...(cookie ? { cookie } : {}), ...(init.headers as object) },
			})
		const admin = await read(await send(path), path, twin)
		const unknown = await read(await send(twin), path, twin)
		return { admin, unknown }
	}

	for (const visitor of [0, 1, 2]) {
		describe(`for ${['an anonymous visitor', 'a signed-in visitor', "a copy of a signed-out owner's cookie"][visitor]}`, () => {
			const cookie = () => visitors[visitor]!.cookie

			test.each(ADMIN_PATHS)('GET and HEAD %s answer as an unknown path', async (path) => {
				const get = await both(cookie(), path)
				expect(get.admin.status).toBe(404)
				expect(get.admin).toEqual(get.unknown)
				const head = await both(cookie(), path, { method: 'HEAD' })
				expect(head.admin).toEqual(head.unknown)
			})

			test.each(ADMIN_PATHS)('the data request of %s answers as an unknown path', async (path) => {
				// Single fetch's shape (docs/decisions/143): /path.data, `_routes` naming the loaders.
				const dataUrl = (p: string, routes: string | null) =>
					`${server.url}${p.replace(/(.)\/$/, '$1')}.data${routes === null ? '' : `?_routes=${encodeURIComponent(routes)}`}`
				for (const routes of [
					null,
					'root',
					'routes/admin',
					'routes/admin._index',
					'routes/admin,routes/admin._index',
					'routes/$',
				]) {
					const data = await both(cookie(), path, {}, (p) => dataUrl(p, routes))
					expect(data.admin, String(routes)).toEqual(data.unknown)
					// No answer names the dashboard's routes, as if they were refused rather than absent.
					expect(data.admin.body, String(routes)).not.toContain('routes/admin')
					if (routes === null || routes === 'routes/$') {
						// As a loader throws it.
						expect(data.admin.status, String(routes)).toBe(404)
						expect(data.admin.body, String(routes)).toContain('"Page not found: {path}"')
					}
				}
			})

			test.each(ADMIN_PATHS)('a form posted to %s answers as to an unknown path', async (path) => {
				const post = await both(cookie(), path, {
					method: 'POST',
					headers: {
						origin: server.url,
						'content-type': 'application/x-www-form-urlencoded',
					},
					body: 'intent=retry',
				})
				expect(post.admin).toEqual(post.unknown)
			})

			test.each(ADMIN_PATHS)('the route manifest for %s is an unknown path’s', async (path) => {
				const page = await (await fetch(`${server.url}/`)).text()
				const version = page.match(/"version":\s*"([^"]+)"/)?.[1]
				expect(version).toBeTruthy()
				const manifest = await both(
					cookie(),
					path,
					{},
					(p) => `${server.url}/__manifest?p=${encodeURIComponent(p)}&version=${version}`,
				)
				expect(manifest.admin).toEqual(manifest.unknown)
			})
		})
	}
})
