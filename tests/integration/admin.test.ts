/**
 * The owner role against the production build and a GitHub peer (docs/decisions/080): a listed
 * login is bound to its account at the first sign-in, a renamed owner keeps the role, a new
 * account with the old name does not, and the dashboard is a 404 to everyone else.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_USERS } from '../../app/integrations/github/emulator.server'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { type RunningServer, startServer } from '../support/server'

/** `name=value` of the cookie `name` a response sets. */
const cookieOf = (response: Response, name: string) =>
	response.headers
		.getSetCookie()
		.map((line) => line.split(';')[0]!)
		.find((pair) => pair.startsWith(`${name}=`))
const sessionOf = (response: Response) => cookieOf(response, 'session')

describe('the owner role', () => {
	const users = SAMPLE_USERS.map((user) => ({ ...user }))
	let github: FakeGitHub
	let server: RunningServer

	beforeAll(async () => {
		github = await startFakeGitHub({ users })
		server = await startServer({ ...github.env(2_000), ADMIN_GITHUB_LOGINS: 'Mona' })
	})
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	/** Signs in as `login` through the peer; the session cookie the site set. */
	async function signIn(login: string): Promise<string> {
		const start = await fetch(`${server.url}/login/github?returnTo=/admin`, { redirect: 'manual' })
		const state = cookieOf(start, 'github-oauth')!
		const authorize = new URL(start.headers.get('location')!)
		authorize.searchParams.set('login', login)
		const back = await fetch(authorize, { redirect: 'manual' })
		const callback = await fetch(back.headers.get('location')!, {
			redirect: 'manual',
			headers: { cookie: state },
		})
		expect(callback.headers.get('location')).toBe('/admin')
		return sessionOf(callback)!
	}

	const dashboard = (cookie: string) =>
		fetch(`${server.url}/admin`, { headers: { cookie } }).then((response) => response.status)

	test('a listed login is an owner; a renamed owner keeps the role; a new account with the old name does not', async () => {
		expect(await dashboard(await signIn('mona'))).toBe(200)

		const mona = users.find((user) => user.id === 1001)!
		mona.login = 'mona-renamed'
		expect(await dashboard(await signIn('mona-renamed'))).toBe(200)

		users.push({ ...mona, login: 'mona', id: 9001 })
		expect(await dashboard(await signIn('mona'))).toBe(404)
	})

	test('an unlisted account, a tampered session and no session all get 404', async () => {
		const hubot = await signIn('hubot')
		expect(await dashboard(hubot)).toBe(404)
		expect(await dashboard(hubot.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toBe(404)
		expect((await fetch(`${server.url}/admin/export/orders.csv`)).status).toBe(404)
	})

	test("the owner's sign-in is in the audit log", async () => {
		const cookie = await signIn('mona-renamed')
		const html = await (await fetch(`${server.url}/admin/audit`, { headers: { cookie } })).text()
		expect(html).toContain('mona (GitHub #1001)')
		expect(html).toContain('sign-in')
	})

	test('bad filters are a 400 with the message next to the field; a bad cursor is page 1', async () => {
		const cookie = await signIn('mona-renamed')
		const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } })

		const badDate = await get('/admin/orders?from=2026-02-31')
		expect(badDate.status).toBe(400)
		const html = await badDate.text()
		expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="filter-from-error"/)
		expect(html).toContain('From must be a real date')

		expect((await get('/admin/leads?list=everyone')).status).toBe(400)
		expect((await get('/admin?from=2026-05-01&to=2026-04-01')).status).toBe(400)
		const badExport = await get('/admin/export/orders.csv?status=lost')
		expect(badExport.status).toBe(400)
		expect(await badExport.text()).toContain('status: Pick a status from the list')

		for (const after of ['garbage', Buffer.from('2026-13-45 00:00:00+00|x').toString('base64url')])
			expect((await get(`/admin/orders?after=${after}`)).status).toBe(200)
	})
})

describe('an identity from the embedded GitHub emulator', () => {
	/** Signs in through the site's own emulator as `login`; the /admin status for that session. */
	async function dashboardAfterEmulatorSignIn(server: RunningServer, login: string) {
		const start = await fetch(`${server.url}/login/github?returnTo=/admin`, { redirect: 'manual' })
		const state = cookieOf(start, 'github-oauth')!
		const authorize = new URL(start.headers.get('location')!)
		const form = new URLSearchParams(authorize.searchParams)
		form.set('login', login)
		const back = await fetch(authorize.href, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: form,
		})
		const callback = await fetch(back.headers.get('location')!, {
			redirect: 'manual',
			headers: { cookie: state },
		})
		const cookie = sessionOf(callback)!
		return (await fetch(`${server.url}/admin`, { headers: { cookie } })).status
	}

	test('is never the owner on a public site, even with its login listed', async () => {
		const server = await startServer({ ADMIN_GITHUB_LOGINS: 'mona' })
		try {
			expect(await dashboardAfterEmulatorSignIn(server, 'mona')).toBe(404)
		} finally {
			await server.stop()
		}
	})

	test('is the owner where the operator tools are open (npm run dev on a fresh clone)', async () => {
		const server = await startServer({ NODE_ENV: 'development' })
		try {
			expect(await dashboardAfterEmulatorSignIn(server, 'zoe')).toBe(200)
		} finally {
			await server.stop()
		}
	})
})
