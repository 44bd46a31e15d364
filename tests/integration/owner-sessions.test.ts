/**
 * Owner sessions end when the owner signs out (docs/decisions/102): the session cookie is
 * signed, not stored, so a copy of it would open /admin until it expired. Each owner has a
 * session version in the database; a sign-out (or "Sign out everywhere") moves it on, and a
 * cookie carrying an older version is nobody's, on every app server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_USERS } from '../../app/integrations/github/emulator-users'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { sessionOf, signInThroughPeer } from '../support/github-sign-in'
import { type RunningServer, startServer } from '../support/server'

describe('owner sessions', () => {
	let github: FakeGitHub
	let server: RunningServer

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		server = await startServer({ ...github.env(2_000), ADMIN_GITHUB_LOGINS: 'mona' })
	})
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	const signIn = () => signInThroughPeer(server, 'mona')
	const get = (path: string, cookie: string) =>
		fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' })

	/** Posts a form as a browser without JavaScript would: from this site, with `cookie`. */
	const post = (path: string, cookie: string, form: Record<string, string>) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				cookie,
				origin: server.url,
				'content-type': 'application/x-www-form-urlencoded',
			},
			body: new URLSearchParams(form),
		})

	/** The "Sign out everywhere" form of the dashboard's header, as its HTML has it. */
	async function signOutEverywhereForm(cookie: string) {
		const html = await (await get('/admin', cookie)).text()
		const form = html.match(/<form[^>]*>(?:(?!<\/form>)[\s\S])*Sign out everywhere[\s\S]*?<\/form>/)
		expect(form, 'the dashboard has a "Sign out everywhere" form').not.toBeNull()
		const markup = form![0]
		expect(markup).toMatch(/method="post"/)
		const action = markup.match(/action="([^"]+)"/)![1]!
		const fields = Object.fromEntries(
			[...markup.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [
				m[1]!,
				m[2]!,
			]),
		)
		return { action, fields }
	}

	test('a copied owner cookie gets the unknown path 404 once the owner signs out', async () => {
		const cookie = await signIn()
		const copy = cookie
		expect((await get('/admin', cookie)).status).toBe(200)

		const signOut = await post('/sign-out', cookie, { returnTo: '/' })
		expect(signOut.status).toBe(302)

		for (const path of ['/admin', '/admin/orders', '/admin/export/orders.csv']) {
			const replay = await get(path, copy)
			expect(replay.status, path).toBe(404)
			expect(await replay.text(), path).toContain(`Page not found: ${path}`)
		}
		// Signing in again opens the dashboard again.
		expect((await get('/admin', await signIn())).status).toBe(200)
	})

	test("sign out everywhere ends the owner's session in another browser", async () => {
		const laptop = await signIn()
		const phone = await signIn()
		expect((await get('/admin', phone)).status).toBe(200)

		const { action, fields } = await signOutEverywhereForm(laptop)
		const response = await post(action, laptop, fields)
		expect(response.status).toBe(302)
		const after = sessionOf(response)

		expect((await get('/admin', phone)).status).toBe(404)
		expect((await get('/admin', laptop)).status).toBe(404)
		if (after) expect((await get('/admin', after)).status).toBe(404)
	})

	test('a stale copied cookie cannot sign the owner out of a newer session', async () => {
		const copy = await signIn()
		await post('/sign-out', copy, { returnTo: '/' })
		const current = await signIn()

		await post('/sign-out', copy, { returnTo: '/' })
		expect((await get('/admin', current)).status).toBe(200)
	})

	test("the owner's sign-out is in the audit log", async () => {
		const cookie = await signIn()
		await post('/sign-out', cookie, { returnTo: '/' })
		const html = await (await get('/admin/audit', await signIn())).text()
		expect(html).toMatch(/<td[^>]*>sign-out<\/td>/)
	})
})
