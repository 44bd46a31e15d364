import { afterEach, describe, expect, test, vi } from 'vitest'
import { EMAIL_MAX_LENGTH } from '~/forms/limits'
import { createGitHubEmulator } from '~/integrations/github/emulator.server'
import { authorizeUrl, type GitHubClient } from '~/integrations/github/oauth.server'
import { log } from '~/log.server'
import { completeGitHubSignIn } from './github-sign-in.server'

const BASE = 'http://github.test'
const REDIRECT = 'http://site.test/login/github/callback'

/** `edit` rewrites GitHub's answers for /user and /user/emails. */
function setup(
	overrides: Partial<GitHubClient> = {},
	edit: (path: string, body: unknown) => unknown = (_path, body) => body,
) {
	const emulator = createGitHubEmulator({
		clientId: 'client',
		clientSecret: 'secret',
		signingKey: 'key',
		baseUrl: BASE,
		allowRedirect: (uri) => uri.startsWith('http://site.test/'),
	})
	const client: GitHubClient = {
		clientId: 'client',
		clientSecret: 'secret',
		oauthUrl: BASE,
		apiUrl: BASE,
		timeoutMs: 200,
		fetch: async (input, init) => {
			const request = new Request(input, init)
			const path = new URL(request.url).pathname
			const answer = (await emulator.handle(request, path)) ?? new Response('nope', { status: 404 })
			if (path !== '/user' && path !== '/user/emails') return answer
			return Response.json(edit(path, await answer.json()), { status: answer.status })
		},
		...overrides,
	}
	const codeFor = (login: string, redirectUri = REDIRECT) => {
		const read = emulator.readAuthorizeRequest(
			new URL(authorizeUrl(client, { redirectUri, state: 's' })).searchParams,
		)
		if (!read.ok) throw new Error(read.message)
		return new URL(emulator.approve(read.request, login)!).searchParams.get('code')!
	}
	return { client, emulator, codeFor }
}

const noOrder = async () => null

describe('completeGitHubSignIn', () => {
	afterEach(() => vi.restoreAllMocks())

	test('builds the profile and the spec result from the GitHub user', async () => {
		const { client, codeFor } = setup()
		const result = await completeGitHubSignIn(
			client,
			{ code: codeFor('jean-luc'), redirectUri: REDIRECT },
			async (email) => (email === 'jean-luc@example.com' ? 'ord_123' : null),
		)
		expect(result).toEqual({
			ok: true,
			profile: {
				avatar: `${BASE}/avatars/jean-luc`,
				email: 'jean-luc@example.com',
				firstName: 'Jean-Luc',
				lastName: 'Picard',
				orderHashId: 'ord_123',
				github_username: 'jean-luc',
			},
			result: {
				data: {
					avatar: `${BASE}/avatars/jean-luc`,
					email: 'jean-luc@example.com',
					first_name: 'Jean-Luc',
					last_name: 'Picard',
					github_username: 'jean-luc',
					order_hashid: 'ord_123',
				},
				order_hashid: 'ord_123',
			},
			// The account's permanent id, for the owner role (docs/decisions/080).
			account: { id: 1002, login: 'jean-luc' },
		})
	})

	test('a three-word name: first word first, the rest last', async () => {
		const { client, codeFor } = setup()
		const result = await completeGitHubSignIn(
			client,
			{ code: codeFor('mona'), redirectUri: REDIRECT },
			noOrder,
		)
		expect(result).toMatchObject({
			ok: true,
			profile: { firstName: 'Mona', lastName: 'Lisa Octocat', orderHashId: '' },
			result: { order_hashid: null },
		})
	})

	test('no name on GitHub leaves the names empty', async () => {
		const { client, codeFor } = setup()
		const result = await completeGitHubSignIn(
			client,
			{ code: codeFor('hubot'), redirectUri: REDIRECT },
			noOrder,
		)
		expect(result).toMatchObject({ ok: true, profile: { firstName: '', lastName: '' } })
	})

	test('a name part breaking the rules is left for the onboarding form', async () => {
		const { client, codeFor, emulator } = setup()
		emulator.users.push({
			login: 'q',
			id: 9,
			name: 'Q Abcdefghijklmnopqrstuvwxyz',
			emails: [{ email: 'q@example.com', primary: true, verified: true }],
			note: '',
		})
		const result = await completeGitHubSignIn(
			client,
			{ code: codeFor('q'), redirectUri: REDIRECT },
			noOrder,
		)
		expect(result).toMatchObject({
			ok: true,
			profile: { firstName: '', lastName: '', email: 'q@example.com' },
		})
	})

	test('no verified primary e-mail: refused with a message', async () => {
		const { client, codeFor } = setup()
		expect(
			await completeGitHubSignIn(
				client,
				{ code: codeFor('unverified'), redirectUri: REDIRECT },
				noOrder,
			),
		).toEqual({ ok: false, reason: 'noVerifiedEmail' })
	})

	test('a forged or foreign code is a bad code', async () => {
		const { client, codeFor } = setup()
		expect(
			await completeGitHubSignIn(
				client,
				{ code: 'emu.forged.mac', redirectUri: REDIRECT },
				noOrder,
			),
		).toEqual({ ok: false, reason: 'bad_code' })
		vi.spyOn(log, 'error').mockImplementation(() => {})
		// A code issued for another return address is refused like GitHub's redirect_uri_mismatch.
		expect(
			await completeGitHubSignIn(
				client,
				{ code: codeFor('mona', 'http://site.test/elsewhere'), redirectUri: REDIRECT },
				noOrder,
			),
		).toEqual({ ok: false, reason: 'rejected' })
	})

	test('wrong client credentials are rejected', async () => {
		vi.spyOn(log, 'error').mockImplementation(() => {})
		const { client, codeFor } = setup()
		const code = codeFor('mona')
		expect(
			await completeGitHubSignIn(
				{ ...client, clientSecret: 'wrong' },
				{ code, redirectUri: REDIRECT },
				noOrder,
			),
		).toEqual({ ok: false, reason: 'rejected' })
	})

	test.each([
		['a 500 answer', async () => new Response('<h1>Unicorn</h1>', { status: 500 }), 'unavailable'],
		[
			'a network failure',
			async () => {
				throw new TypeError('fetch failed')
			},
			'unavailable',
		],
		[
			'an answer that never comes',
			(_input: RequestInfo | URL, init?: RequestInit) =>
				new Promise<Response>((_resolve, reject) =>
					init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
				),
			'timeout',
		],
		['JSON of the wrong shape', async () => Response.json({ hello: 1 }), 'unavailable'],
	])('GitHub failing with %s → %s', async (_name, fetchImpl, reason) => {
		vi.spyOn(log, 'error').mockImplementation(() => {})
		const { client } = setup({ fetch: fetchImpl as typeof fetch })
		expect(
			await completeGitHubSignIn(client, { code: 'anything', redirectUri: REDIRECT }, noOrder),
		).toEqual({ ok: false, reason })
	})

	test('the API failing after the token exchange is also a message, not a throw', async () => {
		vi.spyOn(log, 'error').mockImplementation(() => {})
		const { client, codeFor } = setup()
		const failingApi: typeof fetch = async (input, init) => {
			const request = new Request(input, init)
			if (new URL(request.url).pathname === '/user/emails') {
				return new Response('{"message":"Server Error"}', { status: 503 })
			}
			return client.fetch(request)
		}
		expect(
			await completeGitHubSignIn(
				{ ...client, fetch: failingApi },
				{ code: codeFor('mona'), redirectUri: REDIRECT },
				noOrder,
			),
		).toEqual({ ok: false, reason: 'unavailable' })
	})
})

describe('the emulator', () => {
	test('refuses an unknown client id or a foreign redirect address', () => {
		const { emulator } = setup()
		const params = (clientId: string, redirectUri: string) =>
			new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, state: 's' })
		expect(emulator.readAuthorizeRequest(params('other', REDIRECT))).toMatchObject({ ok: false })
		expect(
			emulator.readAuthorizeRequest(params('client', 'https://evil.example/callback')),
		).toMatchObject({ ok: false })
		expect(emulator.readAuthorizeRequest(params('client', REDIRECT))).toMatchObject({ ok: true })
	})

	test('denying sends access_denied back with the state', () => {
		const { emulator } = setup()
		const read = emulator.readAuthorizeRequest(
			new URLSearchParams({ client_id: 'client', redirect_uri: REDIRECT, state: 'xyz' }),
		)
		if (!read.ok) throw new Error(read.message)
		const back = new URL(emulator.deny(read.request))
		expect(back.searchParams.get('error')).toBe('access_denied')
		expect(back.searchParams.get('state')).toBe('xyz')
	})

	test('the API wants a valid Bearer token', async () => {
		const { emulator } = setup()
		const answer = await emulator.handle(
			new Request(`${BASE}/user`, { headers: { Authorization: 'Bearer gho_emu.x.y' } }),
			'/user',
		)
		expect(answer?.status).toBe(401)
		expect(await answer?.json()).toMatchObject({ message: 'Bad credentials' })
	})
})

describe('the GitHub sign-in cannot overflow the session cookie', () => {
	const longEmail = `${'a'.repeat(64)}@${'b'.repeat(EMAIL_MAX_LENGTH)}.example.com`

	function signInWithAnswers(edit: (path: string, body: unknown) => unknown) {
		const { client, codeFor } = setup({}, edit)
		return completeGitHubSignIn(
			client,
			{ code: codeFor('jean-luc'), redirectUri: REDIRECT },
			noOrder,
		)
	}

	test('a huge avatar and login are dropped from the profile, not stored', async () => {
		const result = await signInWithAnswers((path, body) =>
			path === '/user'
				? {
						...(body as object),
						avatar_url: `https://example.com/${'a'.repeat(6000)}`,
						login: 'l'.repeat(5000),
					}
				: body,
		)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.profile.avatar).toBe('')
		expect(result.profile.github_username).toBe('')
		expect(JSON.stringify(result.profile).length).toBeLessThan(1500)
	})

	test('a primary e-mail over 254 characters fails the sign-in with SPEC §5’s message', async () => {
		const result = await signInWithAnswers((path, body) =>
			path === '/user/emails'
				? (body as { email: string }[]).map((entry) => ({ ...entry, email: longEmail }))
				: body,
		)
		expect(result).toEqual({ ok: false, reason: 'invalidEmail' })
	})
})
