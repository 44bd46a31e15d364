/**
 * The OAuth `state` of a GitHub sign-in (docs/decisions/040): a random value sent to GitHub and
 * kept in a short-lived, signed, HttpOnly cookie scoped to /login/github, with the path to
 * return to. The callback accepts only the state this browser was given, once.
 */
import crypto from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { cookies } from './cookies.server'
import { sameSitePath } from './redirect'

export const DEFAULT_RETURN_TO = '/onboarding'

export type OAuthState = { state: string; returnTo: string }

/**
 * Where to return after signing in: a path on this site (docs/decisions/069), never the sign-in
 * itself.
 */
export function returnPath(value: string | null | undefined): string {
	const path = sameSitePath(value, DEFAULT_RETURN_TO)
	return path.startsWith('/login/github') ? DEFAULT_RETURN_TO : path
}

/** A new state and the Set-Cookie header that binds it to this browser. */
export async function startOAuthState(
	context: Pick<AppLoadContext, 'secure'>,
	returnTo: string,
): Promise<{ state: string; setCookie: string }> {
	const state = crypto.randomBytes(24).toString('base64url')
	const value: OAuthState = { state, returnTo: returnPath(returnTo) }
	return { state, setCookie: await cookies.oauthState.serialize(value, context) }
}

/** The state this browser was given, or null (missing, expired, tampered). */
export async function readOAuthState(request: Request): Promise<OAuthState | null> {
	const value = (await cookies.oauthState.read(request)) as Partial<OAuthState> | null
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
	return cookies.oauthState.clear(context)
}
