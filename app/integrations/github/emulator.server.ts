/**
 * A stand-in for GitHub's OAuth web flow and the two API calls sign-in makes
 * (docs/decisions/041). It speaks GitHub's wire format — form-encoded token exchange answered
 * in JSON when asked, Bearer tokens on the API, GitHub's error shapes — so the OAuth client
 * cannot tell it from github.com. It keeps no state: codes and tokens are HMAC-signed and
 * carry their own expiry, so any number of app servers can serve it.
 *
 * Used in two places: mounted in the site under /__github-emulator before release when no
 * GITHUB_CLIENT_ID is configured, and as the standalone peer of the integration tests.
 */
import crypto from 'node:crypto'
import { avatarSvg, type EmulatorUser, SAMPLE_USERS } from './emulator-users'

export type EmulatorOptions = {
	/** The OAuth app the emulator accepts. */
	clientId: string
	clientSecret: string
	/** Signs codes and access tokens. */
	signingKey: string
	/** Public base URL of the emulator, for avatar URLs (e.g. https://site/__github-emulator). */
	baseUrl: string
	/** Where the emulator may send the browser back to after consent. */
	allowRedirect: (redirectUri: string) => boolean
	users?: EmulatorUser[]
	now?: () => number
}

export type AuthorizeRequest = {
	clientId: string
	redirectUri: string
	state: string
	scope: string
}

const CODE_TTL_MS = 10 * 60 * 1_000
const TOKEN_TTL_MS = 60 * 60 * 1_000

const json = (body: unknown, status = 200) =>
	new Response(JSON.stringify(body), {
		status,
		headers: { 'Content-Type': 'application/json; charset=utf-8' },
	})

export function createGitHubEmulator(options: EmulatorOptions) {
	const users = options.users ?? SAMPLE_USERS
	const now = options.now ?? Date.now

	function sign(kind: 'code' | 'token', payload: Record<string, unknown>): string {
		const body = Buffer.from(JSON.stringify({ kind, ...payload })).toString('base64url')
		const mac = crypto.createHmac('sha256', options.signingKey).update(body).digest('base64url')
		return `${kind === 'code' ? 'emu' : 'gho_emu'}.${body}.${mac}`
	}

	function verify(kind: 'code' | 'token', value: string): Record<string, unknown> | null {
		const [, body, mac] = value.split('.')
		if (!body || !mac) return null
		const expected = crypto.createHmac('sha256', options.signingKey).update(body).digest()
		const given = Buffer.from(mac, 'base64url')
		if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
		try {
			const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
			if (payload.kind !== kind || typeof payload.exp !== 'number' || payload.exp < now()) {
				return null
			}
			return payload
		} catch {
			return null
		}
	}

	const findUser = (login: unknown) => users.find((user) => user.login === login)

	function userJson(user: EmulatorUser) {
		return {
			login: user.login,
			id: user.id,
			node_id: `U_emu${user.id}`,
			type: 'User',
			name: user.name,
			// GitHub shows the public e-mail here; the sample users keep theirs private.
			email: null,
			avatar_url: user.avatarUrl ?? `${options.baseUrl}/avatars/${user.login}`,
			html_url: `${options.baseUrl}/${user.login}`,
		}
	}

	function bearerUser(request: Request): EmulatorUser | null {
		const header = request.headers.get('authorization') ?? ''
		const match = header.match(/^(?:Bearer|token)\s+(\S+)$/i)
		const payload = match ? verify('token', match[1]!) : null
		return payload ? (findUser(payload.login) ?? null) : null
	}

	const badCredentials = () =>
		json(
			{
				message: 'Bad credentials',
				documentation_url: 'https://docs.github.com/rest',
				status: '401',
			},
			401,
		)

	return {
		users,

		/**
		 * Checks the query of GET /login/oauth/authorize. Like GitHub, a wrong client id or
		 * redirect address gets an error page, never a redirect.
		 */
		readAuthorizeRequest(
			params: URLSearchParams,
		): { ok: true; request: AuthorizeRequest } | { ok: false; message: string } {
			const clientId = params.get('client_id') ?? ''
			const redirectUri = params.get('redirect_uri') ?? ''
			if (clientId !== options.clientId) {
				return { ok: false, message: 'The client_id is not that of a registered application.' }
			}
			if (!URL.canParse(redirectUri) || !options.allowRedirect(redirectUri)) {
				return {
					ok: false,
					message: 'The redirect_uri is not associated with this application.',
				}
			}
			return {
				ok: true,
				request: {
					clientId,
					redirectUri,
					state: params.get('state') ?? '',
					scope: params.get('scope') ?? '',
				},
			}
		},

		/** Where the browser goes when the visitor picks `login`: back with a code and the state. */
		approve(request: AuthorizeRequest, login: string): string | null {
			if (!findUser(login)) return null
			const code = sign('code', {
				login,
				clientId: request.clientId,
				redirectUri: request.redirectUri,
				scope: request.scope,
				exp: now() + CODE_TTL_MS,
			})
			const url = new URL(request.redirectUri)
			url.searchParams.set('code', code)
			if (request.state) url.searchParams.set('state', request.state)
			return url.href
		},

		/** Where the browser goes when the visitor cancels: GitHub's access_denied answer. */
		deny(request: AuthorizeRequest): string {
			const url = new URL(request.redirectUri)
			url.searchParams.set('error', 'access_denied')
			url.searchParams.set('error_description', 'The user has denied your application access.')
			url.searchParams.set(
				'error_uri',
				'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied',
			)
			if (request.state) url.searchParams.set('state', request.state)
			return url.href
		},

		/**
		 * The API side, for a request whose path is relative to the emulator's base:
		 * POST /login/oauth/access_token, GET /user, GET /user/emails, GET /avatars/:login.
		 * Answers null for anything else.
		 */
		async handle(request: Request, path: string): Promise<Response | null> {
			if (path === '/login/oauth/access_token') {
				if (request.method !== 'POST') return json({ message: 'Not Found' }, 404)
				// GitHub accepts the parameters as a form body or as a query string.
				const form = new URLSearchParams(new URL(request.url).search)
				if ((request.headers.get('content-type') ?? '').includes('form-urlencoded')) {
					for (const [key, value] of new URLSearchParams(await request.text())) {
						form.set(key, value)
					}
				}
				const error = (code: string, description: string) => {
					const body = {
						error: code,
						error_description: description,
						error_uri: `https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#${code.replaceAll('_', '-')}`,
					}
					// GitHub answers errors with 200, in the format the client asked for.
					return (request.headers.get('accept') ?? '').includes('application/json')
						? json(body)
						: new Response(new URLSearchParams(body).toString(), {
								headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
							})
				}
				if (
					form.get('client_id') !== options.clientId ||
					form.get('client_secret') !== options.clientSecret
				) {
					return error(
						'incorrect_client_credentials',
						'The client_id and/or client_secret passed are incorrect.',
					)
				}
				const code = verify('code', form.get('code') ?? '')
				if (!code || code.clientId !== options.clientId || !findUser(code.login)) {
					return error('bad_verification_code', 'The code passed is incorrect or expired.')
				}
				const redirectUri = form.get('redirect_uri')
				if (redirectUri && redirectUri !== code.redirectUri) {
					return error(
						'redirect_uri_mismatch',
						'The redirect_uri MUST match the registered callback URL for this application.',
					)
				}
				const body = {
					access_token: sign('token', { login: code.login, exp: now() + TOKEN_TTL_MS }),
					token_type: 'bearer',
					scope: String(code.scope ?? ''),
				}
				return (request.headers.get('accept') ?? '').includes('application/json')
					? json(body)
					: new Response(new URLSearchParams(body).toString(), {
							headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
						})
			}
			if (path === '/user') {
				const user = bearerUser(request)
				return user ? json(userJson(user)) : badCredentials()
			}
			if (path === '/user/emails') {
				const user = bearerUser(request)
				if (!user) return badCredentials()
				return json(user.emails.map((email) => ({ ...email, visibility: null })))
			}
			const avatar = path.match(/^\/avatars\/([A-Za-z0-9-]+)$/)
			if (avatar) {
				const user = findUser(avatar[1])
				if (!user) return json({ message: 'Not Found' }, 404)
				return new Response(avatarSvg(user), {
					headers: {
						'Content-Type': 'image/svg+xml',
						'Cache-Control': 'public, max-age=86400',
					},
				})
			}
			return null
		},
	}
}

export type GitHubEmulator = ReturnType<typeof createGitHubEmulator>
