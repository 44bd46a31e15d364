/**
 * Which GitHub this site signs visitors in with, from the configuration (docs/decisions/040,
 * 041): github.com (or GITHUB_OAUTH_URL/GITHUB_API_URL) with a client id; the embedded
 * emulator before release without one; nothing on a released site without one.
 */
import crypto from 'node:crypto'
import { getConfig, githubSignInMode } from '~/config.server'
import { createGitHubEmulator, type GitHubEmulator } from './emulator.server'
import type { GitHubClient } from './oauth.server'

/** Where the embedded emulator is mounted (app/routes/[__github-emulator].*). */
export const EMULATOR_PATH = '/__github-emulator'
const EMULATOR_CLIENT_ID = 'local-github-emulator'

// Derived, so the emulator's secrets are stable across restarts and app servers, and differ
// from the session secret itself.
const derive = (purpose: string) =>
	crypto.createHmac('sha256', getConfig().SESSION_SECRET).update(purpose).digest('base64url')

/** The emulator mounted in this site, or null when it must not be (client id set, or released). */
export function getEmbeddedEmulator(origin: string): GitHubEmulator | null {
	if (githubSignInMode(getConfig()) !== 'emulator') return null
	return createGitHubEmulator({
		clientId: EMULATOR_CLIENT_ID,
		clientSecret: derive('github-emulator client secret'),
		signingKey: derive('github-emulator signing key'),
		baseUrl: `${origin}${EMULATOR_PATH}`,
		// Only back to this site: the emulator must not become an open redirect.
		allowRedirect: (uri) => new URL(uri).origin === origin,
	})
}

/**
 * The OAuth client for this request, or null when sign-in with GitHub is off. `origin` is the
 * site's origin: the emulator's browser-facing pages live there.
 */
export function getGitHubClient(origin: string): GitHubClient | null {
	const config = getConfig()
	const mode = githubSignInMode(config)
	if (mode === 'off') return null
	if (mode === 'github') {
		return {
			clientId: config.GITHUB_CLIENT_ID!,
			clientSecret: config.GITHUB_CLIENT_SECRET!,
			oauthUrl: config.GITHUB_OAUTH_URL,
			apiUrl: config.GITHUB_API_URL,
			timeoutMs: config.GITHUB_TIMEOUT_MS,
			fetch,
		}
	}
	const emulator = getEmbeddedEmulator(origin)!
	const base = `${origin}${EMULATOR_PATH}`
	return {
		clientId: EMULATOR_CLIENT_ID,
		clientSecret: derive('github-emulator client secret'),
		oauthUrl: base,
		apiUrl: base,
		timeoutMs: config.GITHUB_TIMEOUT_MS,
		// The server's own calls reach the emulator in-process, with the same Request and
		// Response it would see over HTTP: no dependence on the server reaching its public origin.
		fetch: async (input, init) => {
			const request = new Request(input, init)
			const url = new URL(request.url)
			const answer = url.href.startsWith(base)
				? await emulator.handle(request, url.pathname.slice(EMULATOR_PATH.length))
				: null
			return answer ?? new Response('{"message":"Not Found"}', { status: 404 })
		},
	}
}
