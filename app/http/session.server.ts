/**
 * The signed cookie session (docs/decisions/042): everything is in the cookie, signed with
 * SESSION_SECRET, so any app server can read it and none keeps state. Keep it small (a cookie
 * holds ~4 KB) and put nothing secret in it: it is signed, not encrypted.
 */
import { type AppLoadContext, createCookieSessionStorage, type Session } from '@remix-run/node'
import type { OwnerSession } from '~/domain/owner-role'
import type { StepUpGrant } from '~/domain/step-up'
import { type Profile, parseStoredProfile } from '~/models/leads/profile'
import { cookies } from './cookies.server'

// `owner`: the owner role (docs/decisions/080), with its own expiry; checked on every request.
// `stepUp`: the owner's last second-factor confirmation (docs/decisions/136).
type SessionData = { profile: Profile; owner: OwnerSession; stepUp: StepUpGrant }

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

/**
 * A Set-Cookie header value storing `profile` in the visitor's session. A sign-in passes the
 * owner role it decided (null: none, and any previous role goes: a sign-in is a new identity);
 * other callers leave the role as it is.
 */
export async function storeProfile(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
	profile: Profile,
	owner?: OwnerSession | null,
): Promise<string> {
	const session = await getSession(request, context)
	session.set('profile', profile)
	if (owner) session.set('owner', owner)
	else if (owner === null) session.unset('owner')
	return commitSession(session, context)
}

/** A Set-Cookie header value removing the profile and role (sign out); other data stays. */
export async function clearProfile(
	request: Request,
	context: Pick<AppLoadContext, 'secure'>,
): Promise<string> {
	const session = await getSession(request, context)
	session.unset('profile')
	session.unset('owner')
	return commitSession(session, context)
}
