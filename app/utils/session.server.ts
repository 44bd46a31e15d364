/**
 * The signed cookie session (docs/decisions/042): everything is in the cookie, signed with
 * SESSION_SECRET, so any app server can read it and none keeps state. Keep it small (a cookie
 * holds ~4 KB) and put nothing secret in it: it is signed, not encrypted.
 */
import { type AppLoadContext, createCookieSessionStorage, type Session } from '@remix-run/node'
import { type Profile, parseStoredProfile } from '~/models/profile'
import { cookies } from './cookies.server'

type SessionData = { profile: Profile }

function storage(context: Pick<AppLoadContext, 'secure'>) {
	return createCookieSessionStorage<SessionData>({ cookie: cookies.session.remixCookie(context) })
}

/** The visitor's session; a missing, tampered or foreign cookie gives an empty one. */
export function getSession(request: Request, context: Pick<AppLoadContext, 'secure'>) {
	return storage(context).getSession(request.headers.get('cookie'))
}

/** The Set-Cookie header value that stores `session`. */
export function commitSession(
	session: Session<SessionData>,
	context: Pick<AppLoadContext, 'secure'>,
) {
	return storage(context).commitSession(session)
}

/** The visitor profile held in the session (SPEC §3), or null. */
export async function getProfile(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
): Promise<Profile | null> {
	const session = await getSession(request, context)
	return parseStoredProfile(session.get('profile'))
}

/** A Set-Cookie header value storing `profile` in the visitor's session. */
export async function storeProfile(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
	profile: Profile,
): Promise<string> {
	const session = await getSession(request, context)
	session.set('profile', profile)
	return commitSession(session, context)
}

/** A Set-Cookie header value removing the profile (sign out); other session data stays. */
export async function clearProfile(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
): Promise<string> {
	const session = await getSession(request, context)
	session.unset('profile')
	return commitSession(session, context)
}
