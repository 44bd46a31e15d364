/**
 * The OAuth `state` of a GitHub sign-in (docs/decisions/040): a random value sent to GitHub and
 * kept in a short-lived, signed, HttpOnly cookie scoped to /login/github, with the path to
 * return to. The callback accepts only the state this browser was given, once.
 */
import crypto from 'node:crypto'
import { type AppLoadContext, createCookie } from '@remix-run/node'
import { safeRedirect } from 'remix-utils/safe-redirect'
import { getConfig } from '~/config.server'
import { cookieDefaults } from './cookies.server'

const STATE_COOKIE = 'github-oauth'
/** Long enough to pick an account on GitHub, short enough that a stale tab fails cleanly. */
const STATE_MAX_AGE = 10 * 60
export const DEFAULT_RETURN_TO = '/onboarding'

export type OAuthState = { state: string; returnTo: string }

function stateCookie(context: Pick<AppLoadContext, 'secure'>) {
	return createCookie(STATE_COOKIE, {
		...cookieDefaults(context),
		// Lax: the callback is a top-level navigation from GitHub, which Lax cookies survive.
		path: '/login/github',
		maxAge: STATE_MAX_AGE,
		secrets: [getConfig().SESSION_SECRET],
	})
}

/** Where to return after signing in: a path on this site, never the sign-in itself. */
export function returnPath(value: string | null | undefined): string {
	const path = safeRedirect(value, DEFAULT_RETURN_TO)
	return path.startsWith('/login/github') ? DEFAULT_RETURN_TO : path
}

/** A new state and the Set-Cookie header that binds it to this browser. */
export async function startOAuthState(
	context: Pick<AppLoadContext, 'secure'>,
	returnTo: string,
): Promise<{ state: string; setCookie: string }> {
	const state = crypto.randomBytes(24).toString('base64url')
	const value: OAuthState = { state, returnTo: returnPath(returnTo) }
	return { state, setCookie: await stateCookie(context).serialize(value) }
}

/** The state this browser was given, or null (missing, expired, tampered). */
export async function readOAuthState(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
): Promise<OAuthState | null> {
	const value = await stateCookie(context).parse(request.headers.get('cookie'))
	if (
		typeof value?.state !== 'string' ||
		value.state === '' ||
		typeof value.returnTo !== 'string'
	) {
		return null
	}
	return { state: value.state, returnTo: returnPath(value.returnTo) }
}

/** Whether the `state` GitHub sent back is the one stored; constant-time. */
export function stateMatches(stored: OAuthState | null, received: string | null): boolean {
	if (!stored || !received) return false
	const a = Buffer.from(stored.state)
	const b = Buffer.from(received)
	return a.length === b.length && crypto.timingSafeEqual(a, b)
}

/** The Set-Cookie header that ends the attempt, so a state is used once. */
export function clearOAuthState(context: Pick<AppLoadContext, 'secure'>): Promise<string> {
	return stateCookie(context).serialize('', { maxAge: 0 })
}
