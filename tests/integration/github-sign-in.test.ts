/**
 * Sign in with GitHub against the production build (docs/decisions/040): the callback against a GitHub
 * peer on loopback, including its failures; the embedded emulator; a released site.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { type RunningServer, startServer } from '../support/server'

const MESSAGES = {
	denied: 'You cancelled the sign-in on GitHub, so nothing was shared with us.',
	badState: 'This sign-in link has expired or was not started on this site. Please try again.',
	missingCode: 'GitHub did not send back a sign-in code. Please try again.',
	badCode: 'The sign-in code from GitHub has expired or was already used. Please try again.',
	timeout: 'GitHub is taking too long to answer. Please try again in a moment.',
	unavailable: 'We could not reach GitHub just now. Please try again in a moment.',
	noVerifiedEmail:
		'Your GitHub account has no verified primary e-mail address. Verify one on GitHub, then try again.',
}

/** name=value of each Set-Cookie, for sending back. */
function cookiesOf(response: Response): Record<string, string> {
	return Object.fromEntries(
		response.headers.getSetCookie().map((line) => {
			const [pair] = line.split(';')
			const at = pair!.indexOf('=')
			return [pair!.slice(0, at), pair!.slice(at + 1)]
		}),
	)
}

async function expectFailure(
	server: RunningServer,
	response: Response,
	status: number,
	message: string,
) {
	expect(response.status).toBe(302)
	expect(cookiesOf(response).session).toBeUndefined()
	const location = response.headers.get('location')!
	expect(location).toMatch(/^\/login\/github\/failed\?reason=\w+&returnTo=/)
	const page = await fetch(`${server.url}${location}`)
	expect(page.status).toBe(status)
	const html = await page.text()
	expect(html).toContain(message.replaceAll("'", '&#x27;'))
	expect(html).toContain('role="alert"')
	expect(html).toMatch(/href="\/login\/github\?returnTo=%2F\w*"[^>]*>.*Try again/s)
}

const get = (url: string, headers: Record<string, string> = {}) =>
	fetch(url, { redirect: 'manual', headers })

/** Starts a sign-in on `server`: the redirect to GitHub and the state cookie. */
async function start(server: RunningServer, returnTo = '/onboarding') {
	const response = await get(`${server.url}/login/github?returnTo=${encodeURIComponent(returnTo)}`)
	expect(response.status).toBe(302)
	const authorize = new URL(response.headers.get('location')!)
	return { response, authorize, stateCookie: cookiesOf(response)['github-oauth']! }
}

describe('sign in with GitHub against a GitHub peer', () => {
	let github: FakeGitHub
	let server: RunningServer

	beforeAll(async () => {
		github = await startFakeGitHub()
		server = await startServer(github.env(1_000))
	})
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})
	afterEach(() => github.reset())

	/** Through GitHub's authorize step as `login`: the callback URL GitHub sends the browser to. */
	async function authorizeAs(login: string, returnTo?: string) {
		const { authorize, stateCookie } = await start(server, returnTo)
		authorize.searchParams.set('login', login)
		const back = await get(authorize.href)
		expect(back.status).toBe(302)
		return { callback: back.headers.get('location')!, stateCookie }
	}

	test('GET /login/github redirects to the authorize URL with client id, scope, state and callback', async () => {
		const { response, authorize, stateCookie } = await start(server)
		expect(`${authorize.origin}${authorize.pathname}`).toBe(`${github.url}/login/oauth/authorize`)
		expect(authorize.searchParams.get('client_id')).toBe('fake-client-id')
		expect(authorize.searchParams.get('scope')).toBe('user:email')
		expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/login/github/callback`)
		expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{32}$/)
		expect(stateCookie).toBeTruthy()
		const setCookie = response.headers.get('set-cookie')!
		expect(setCookie).toMatch(/HttpOnly/i)
		expect(setCookie).toMatch(/SameSite=Lax/i)
		expect(setCookie).toMatch(/Path=\/login\/github/)
		expect(setCookie).toMatch(/Max-Age=600/)
		// Each start gets its own state.
		const again = await start(server)
		expect(again.authorize.searchParams.get('state')).not.toBe(authorize.searchParams.get('state'))
	})

	test('the page flow stores the profile and returns to where the visitor started', async () => {
		const { callback, stateCookie } = await authorizeAs('jean-luc', '/workshop')
		const done = await get(callback, { Cookie: `github-oauth=${stateCookie}` })
		expect(done.status).toBe(302)
		expect(done.headers.get('location')).toBe('/workshop')
		const cookies = cookiesOf(done)
		expect(cookies['github-oauth']).toBe('')
		expect(cookies.session).toBeTruthy()

		const response = await get(`${server.url}/onboarding`, {
			Cookie: `session=${cookies.session}`,
		})
		// The avatar is GitHub's: the policy lets the browser load it.
		expect(response.headers.get('content-security-policy')).toMatch(
			/img-src [^;]*https:\/\/avatars\.githubusercontent\.com/,
		)
		const onboarding = await response.text()
		expect(onboarding).toContain('Jean-Luc Picard')
		expect(onboarding).toContain('jean-luc@example.com')
		expect(onboarding).toContain('@<!-- -->jean-luc')
		expect(onboarding).toContain('https://avatars.githubusercontent.com/u/1002?v=4')
	})

	test('the code is exchanged form-encoded with the secret; the API gets a Bearer token', async () => {
		const { callback, stateCookie } = await authorizeAs('mona')
		await get(callback, { Cookie: `github-oauth=${stateCookie}` })
		const exchange = github.requests.find((r) => r.path === '/login/oauth/access_token')!
		expect(exchange.method).toBe('POST')
		expect(exchange.headers.accept).toBe('application/json')
		expect(exchange.headers['content-type']).toContain('application/x-www-form-urlencoded')
		const form = new URLSearchParams(exchange.body)
		expect(form.get('client_secret')).toBe('fake-client-secret')
		expect(form.get('code')).toBe(new URL(callback).searchParams.get('code'))
		expect(form.get('redirect_uri')).toBe(`${server.url}/login/github/callback`)
		for (const path of ['/user', '/user/emails']) {
			const call = github.requests.find((r) => r.path === path)!
			expect(call.headers.authorization).toMatch(/^Bearer gho_/)
		}
	})

	test('a client asking for JSON gets exactly the spec result', async () => {
		const { callback, stateCookie } = await authorizeAs('mona')
		const response = await get(callback, {
			Cookie: `github-oauth=${stateCookie}`,
			Accept: 'application/json',
		})
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({
			data: {
				avatar: 'https://avatars.githubusercontent.com/u/1001?v=4',
				email: 'mona@example.com',
				first_name: 'Mona',
				last_name: 'Lisa Octocat',
				github_username: 'mona',
				order_hashid: null,
			},
			order_hashid: null,
		})
	})

	test('signing out clears the profile', async () => {
		const { callback, stateCookie } = await authorizeAs('zoe')
		const session = cookiesOf(await get(callback, { Cookie: `github-oauth=${stateCookie}` }))
			.session!
		const out = await fetch(`${server.url}/sign-out`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				Cookie: `session=${session}`,
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: 'returnTo=/onboarding',
		})
		expect(out.status).toBe(302)
		expect(out.headers.get('location')).toBe('/onboarding')
		const after = cookiesOf(out).session!
		const page = await (
			await get(`${server.url}/onboarding`, { Cookie: `session=${after}` })
		).text()
		expect(page).not.toContain('Zoë')
		expect(page).toContain('Sign in with GitHub')
	})

	test('sign-out posted from another site is refused', async () => {
		const out = await fetch(`${server.url}/sign-out`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				Origin: 'https://evil.example',
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: '',
		})
		expect(out.status).toBe(403)
	})

	/** A failed callback: the browser lands on a page with the status, message and a retry. */
	async function expectFailurePage(response: Response, status: number, message: string) {
		await expectFailure(server, response, status, message)
	}

	test('denied consent: a clear message and a way to try again', async () => {
		const { authorize, stateCookie } = await start(server)
		authorize.searchParams.set('deny', '1')
		const back = await get(authorize.href)
		const callback = back.headers.get('location')!
		expect(new URL(callback).searchParams.get('error')).toBe('access_denied')
		await expectFailurePage(
			await get(callback, { Cookie: `github-oauth=${stateCookie}` }),
			403,
			MESSAGES.denied,
		)
	})

	test('a missing state cookie, a wrong state or no state is refused', async () => {
		const { callback, stateCookie } = await authorizeAs('mona')
		await expectFailurePage(await get(callback), 400, MESSAGES.badState)
		const wrong = new URL(callback)
		wrong.searchParams.set('state', 'not-the-state')
		await expectFailurePage(
			await get(wrong.href, { Cookie: `github-oauth=${stateCookie}` }),
			400,
			MESSAGES.badState,
		)
		const none = new URL(callback)
		none.searchParams.delete('state')
		await expectFailurePage(
			await get(none.href, { Cookie: `github-oauth=${stateCookie}` }),
			400,
			MESSAGES.badState,
		)
		// A tampered cookie does not pass its signature.
		await expectFailurePage(
			await get(callback, { Cookie: `github-oauth=${stateCookie.slice(0, -4)}AAAA` }),
			400,
			MESSAGES.badState,
		)
		// No GitHub call was made for any of these.
		expect(github.requests.filter((r) => r.path !== '/login/oauth/authorize')).toEqual([])
	})

	test('a missing or bad code is refused', async () => {
		const { callback, stateCookie } = await authorizeAs('mona')
		const noCode = new URL(callback)
		noCode.searchParams.delete('code')
		await expectFailurePage(
			await get(noCode.href, { Cookie: `github-oauth=${stateCookie}` }),
			400,
			MESSAGES.missingCode,
		)
		const badCode = new URL(callback)
		badCode.searchParams.set('code', 'emu.forged.code')
		await expectFailurePage(
			await get(badCode.href, { Cookie: `github-oauth=${stateCookie}` }),
			400,
			MESSAGES.badCode,
		)
	})

	test('an account without a verified primary e-mail is refused with a message', async () => {
		const { callback, stateCookie } = await authorizeAs('unverified')
		await expectFailurePage(
			await get(callback, { Cookie: `github-oauth=${stateCookie}` }),
			422,
			MESSAGES.noVerifiedEmail,
		)
	})

	test.each([
		['/login/oauth/access_token', { status: 500 }],
		['/login/oauth/access_token', { status: 503, body: 'Service Unavailable' }],
		['/user', { status: 500 }],
		['/user/emails', { status: 502 }],
	] as const)('GitHub answering %s with %o: a message, never a 500', async (path, fault) => {
		const { callback, stateCookie } = await authorizeAs('mona')
		github.fail(path, fault)
		await expectFailurePage(
			await get(callback, { Cookie: `github-oauth=${stateCookie}` }),
			502,
			MESSAGES.unavailable,
		)
	})

	test.each(['/login/oauth/access_token', '/user'])(
		'GitHub not answering %s: a timeout message after GITHUB_TIMEOUT_MS',
		async (path) => {
			const { callback, stateCookie } = await authorizeAs('mona')
			github.fail(path, 'hang')
			const started = Date.now()
			const response = await get(callback, { Cookie: `github-oauth=${stateCookie}` })
			expect(Date.now() - started).toBeLessThan(5_000)
			await expectFailurePage(response, 504, MESSAGES.timeout)
		},
	)

	test('the failure page shows only known messages', async () => {
		const page = await get(
			`${server.url}/login/github/failed?reason=<script>&returnTo=//evil.example`,
		)
		expect(page.status).toBe(400)
		const html = await page.text()
		expect(html).toContain(MESSAGES.badState)
		// The hydration data repeats the URL; no link may lead there.
		expect(html).not.toMatch(/href="[^"]*evil\.example/)
		expect(html).toContain('href="/onboarding"')
	})

	test('a sign-in started on a German page fails onto the German failure page (decision 178)', async () => {
		const { authorize, stateCookie } = await start(server, '/de/onboarding')
		authorize.searchParams.set('deny', '1')
		const callback = (await get(authorize.href)).headers.get('location')!
		const response = await get(callback, { Cookie: `github-oauth=${stateCookie}` })
		expect(response.status).toBe(302)
		const location = response.headers.get('location')!
		expect(location).toMatch(
			/^\/de\/login\/github\/failed\?reason=denied&returnTo=%2Fde%2Fonboarding$/,
		)
		const page = await get(`${server.url}${location}`)
		expect(page.status).toBe(403)
		const html = await page.text()
		expect(html).toContain('<html lang="de"')
		expect(html).toContain('Sie haben die Anmeldung bei GitHub abgebrochen')
		expect(html).toContain('Erneut versuchen')
		expect(html).toMatch(/href="\/de\/onboarding"[^>]*>Ohne Anmeldung weiter/)
		expect(html).not.toContain('>You cancelled the sign-in')
		// No language switch repeats the visitor's returnTo into a link.
		expect(html).not.toContain('lang=en')
		// The English page is as it was.
		const english = await (await get(`${server.url}/login/github/failed?reason=denied`)).text()
		expect(english).toContain(MESSAGES.denied)
		expect(english).toContain('Continue without signing in')
	})

	test('a JSON client gets failures as { error } with the status', async () => {
		const response = await get(`${server.url}/login/github/callback?code=x&state=y`, {
			Accept: 'application/json',
		})
		expect(response.status).toBe(400)
		expect(await response.json()).toEqual({ error: MESSAGES.badState })
	})

	test('returnTo must be a path on this site', async () => {
		for (const returnTo of ['https://evil.example/', '//evil.example', '/login/github']) {
			const { authorize, stateCookie } = await start(server, returnTo)
			authorize.searchParams.set('login', 'mona')
			const callback = (await get(authorize.href)).headers.get('location')!
			const done = await get(callback, { Cookie: `github-oauth=${stateCookie}` })
			expect(done.headers.get('location'), returnTo).toBe('/onboarding')
		}
	})

	test('the embedded emulator is not mounted when a client id is configured', async () => {
		const response = await get(`${server.url}/__github-emulator/login/oauth/authorize`)
		expect(response.status).toBe(404)
	})
})

describe('the embedded GitHub emulator (no GITHUB_CLIENT_ID, before release)', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ SITE_STATUS: 'pre_release' })
	})
	afterAll(() => server?.stop())

	test('runs the whole flow on the site itself', async () => {
		const { authorize, stateCookie } = await start(server)
		expect(`${authorize.origin}${authorize.pathname}`).toBe(
			`${server.url}/__github-emulator/login/oauth/authorize`,
		)
		const page = await get(authorize.href)
		expect(page.status).toBe(200)
		const html = await page.text()
		expect(html).toContain('Local stand-in, not GitHub.')
		expect(html).toContain('Continue as <!-- -->mona')

		const form = new URLSearchParams(authorize.searchParams)
		form.set('login', 'zoe')
		const back = await fetch(authorize.href, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: form,
		})
		expect(back.status).toBe(302)
		const callback = back.headers.get('location')!
		expect(callback.startsWith(`${server.url}/login/github/callback?code=`)).toBe(true)

		const done = await get(callback, { Cookie: `github-oauth=${stateCookie}` })
		expect(done.status).toBe(302)
		const session = cookiesOf(done).session!
		const onboarding = await (
			await get(`${server.url}/onboarding`, { Cookie: `session=${session}` })
		).text()
		expect(onboarding).toContain('Zoë Ångström')
		expect(onboarding).toContain('zoe@example.com')
		expect(onboarding).toContain(`src="${server.url}/__github-emulator/avatars/zoe"`)
		const avatar = await get(`${server.url}/__github-emulator/avatars/zoe`)
		expect(avatar.headers.get('content-type')).toContain('image/svg+xml')
	})

	test('cancelling on the emulator comes back as denied consent', async () => {
		const { authorize, stateCookie } = await start(server)
		const form = new URLSearchParams(authorize.searchParams)
		form.set('decision', 'deny')
		const back = await fetch(authorize.href, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: form,
		})
		const response = await get(back.headers.get('location')!, {
			Cookie: `github-oauth=${stateCookie}`,
		})
		await expectFailure(server, response, 403, MESSAGES.denied)
	})

	test('it never sends the browser to another site', async () => {
		const { authorize } = await start(server)
		authorize.searchParams.set('redirect_uri', 'https://evil.example/callback')
		const page = await get(authorize.href)
		expect(page.status).toBe(400)
		expect(await page.text()).toContain('The redirect_uri is not associated with this application.')
	})

	test('its API speaks GitHub: 401 Bad credentials without a valid token', async () => {
		const response = await get(`${server.url}/__github-emulator/user`, {
			Authorization: 'Bearer nope',
		})
		expect(response.status).toBe(401)
		expect(await response.json()).toMatchObject({ message: 'Bad credentials' })
	})
})

describe('a released site without GITHUB_CLIENT_ID', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ SITE_STATUS: 'released', ALLOW_SANDBOX_PAYMENTS: '1' })
	})
	afterAll(() => server?.stop())

	test('has no sign-in: routes and emulator answer 404, no button', async () => {
		for (const path of [
			'/login/github',
			'/login/github/callback?code=x&state=y',
			'/login/github/failed?reason=denied',
			'/__github-emulator/login/oauth/authorize',
			'/__github-emulator/user',
			'/__github-emulator/avatars/mona',
		]) {
			expect((await get(`${server.url}${path}`)).status, path).toBe(404)
		}
		const onboarding = await (await get(`${server.url}/onboarding`)).text()
		expect(onboarding).not.toContain('Sign in with GitHub')
	})
})
