/**
 * Signing a visitor in with GitHub (SPEC §3, §7; docs/decisions/040): code → token → user and
 * primary verified e-mail → profile through the one set of profile rules → the callback's
 * result. Every failure is an answer with a status and a message for the page, never a throw.
 */
import type { Db } from '~/db/client.server'
import { MESSAGES } from '~/forms/messages'
import {
	exchangeCode,
	fetchPrimaryVerifiedEmail,
	fetchUser,
	type GitHubClient,
	GitHubError,
	type GitHubUser,
} from '~/integrations/github/oauth.server'
import { log } from '~/log.server'
import { findLatestPaidOrderHashId } from '~/models/checkout/index.server'
import {
	applyProfileData,
	EMPTY_PROFILE,
	type Profile,
	type ProfileData,
	splitFullName,
} from './profile'

/**
 * Every way a sign-in can fail: the status of the answer and what the visitor reads, which
 * always says what to do next. Pages are addressed by these keys, never by free text.
 */
export const SIGN_IN_FAILURES = {
	denied: {
		status: 403,
		message: 'You cancelled the sign-in on GitHub, so nothing was shared with us.',
	},
	badState: {
		status: 400,
		message: 'This sign-in link has expired or was not started on this site. Please try again.',
	},
	missingCode: {
		status: 400,
		message: 'GitHub did not send back a sign-in code. Please try again.',
	},
	bad_code: {
		status: 400,
		message: 'The sign-in code from GitHub has expired or was already used. Please try again.',
	},
	timeout: {
		status: 504,
		message: 'GitHub is taking too long to answer. Please try again in a moment.',
	},
	unavailable: {
		status: 502,
		message: 'We could not reach GitHub just now. Please try again in a moment.',
	},
	rejected: {
		status: 502,
		message: 'GitHub did not accept our sign-in request. Please try again later.',
	},
	noVerifiedEmail: {
		status: 422,
		message:
			'Your GitHub account has no verified primary e-mail address. Verify one on GitHub, then try again.',
	},
	// GitHub's address failed SPEC §5's rule; its message, as the onboarding form would show it.
	invalidEmail: { status: 422, message: MESSAGES.email },
} as const satisfies Record<string, { status: number; message: string }>

export type SignInFailure = keyof typeof SIGN_IN_FAILURES

export function isSignInFailure(value: unknown): value is SignInFailure {
	return typeof value === 'string' && Object.hasOwn(SIGN_IN_FAILURES, value)
}

/** The callback's JSON answer (SPEC §3, §7). */
type SignInData = {
	data: {
		avatar: string
		email: string
		first_name: string
		last_name: string
		github_username: string
		order_hashid: string | null
	}
	order_hashid: string | null
}

export type SignInResult =
	| {
			ok: true
			profile: Profile
			result: SignInData
			/** Who signed in, for the owner role (models/owner-access/role.server.ts). */
			account: { id: number; login: string }
	  }
	| { ok: false; reason: SignInFailure }

/**
 * The profile GitHub gives us. GitHub's free-form name can break our rules (one letter, 30
 * letters): such a part is left empty for the onboarding form rather than failing the sign-in.
 */
function profileFromGitHub(
	user: GitHubUser,
	email: string,
	orderHashId: string | null,
): { ok: true; profile: Profile } | { ok: false; message: string } {
	const { firstName, lastName } = splitFullName(user.name)
	const fits = (data: ProfileData) => applyProfileData(EMPTY_PROFILE, data).ok
	return applyProfileData(EMPTY_PROFILE, {
		email,
		firstName: fits({ firstName }) ? firstName : '',
		lastName: fits({ lastName }) ? lastName : '',
		avatar: user.avatarUrl && fits({ avatar: user.avatarUrl }) ? user.avatarUrl : '',
		// Bounded like every profile field, so the session cookie cannot overflow (limits.ts).
		github_username: fits({ github_username: user.login }) ? user.login : '',
		orderHashId: orderHashId ?? '',
	})
}

function signInData(profile: Profile): SignInData {
	const orderHashId = profile.orderHashId || null
	return {
		data: {
			avatar: profile.avatar,
			email: profile.email,
			first_name: profile.firstName,
			last_name: profile.lastName,
			github_username: profile.github_username,
			order_hashid: orderHashId,
		},
		order_hashid: orderHashId,
	}
}

/** The buyer's latest paid order for the sign-in's result; null (and logged) when it cannot be read. */
export async function paidOrderHashIdFor(db: Db, email: string): Promise<string | null> {
	try {
		return await findLatestPaidOrderHashId(db, email)
	} catch (error) {
		// The sign-in still works; the purchase link is only missing until the next sign-in.
		log.error({ err: error }, 'Looking up the paid order of a GitHub sign-in failed')
		return null
	}
}

/**
 * Completes the sign-in for the `code` GitHub sent back to `redirectUri`; `lookUpOrder` finds
 * the buyer's paid order (the route passes `paidOrderHashIdFor` on its database).
 */
export async function completeGitHubSignIn(
	client: GitHubClient,
	{ code, redirectUri }: { code: string; redirectUri: string },
	lookUpOrder: (email: string) => Promise<string | null>,
): Promise<SignInResult> {
	try {
		const token = await exchangeCode(client, { code, redirectUri })
		const [user, email] = await Promise.all([
			fetchUser(client, token),
			fetchPrimaryVerifiedEmail(client, token),
		])
		if (!email) return { ok: false, reason: 'noVerifiedEmail' }
		const built = profileFromGitHub(user, email, await lookUpOrder(email))
		// Names and avatar are dropped rather than refused, so only the e-mail can fail here.
		if (!built.ok) return { ok: false, reason: 'invalidEmail' }
		return {
			ok: true,
			profile: built.profile,
			result: signInData(built.profile),
			account: { id: user.id, login: user.login },
		}
	} catch (error) {
		// Anything unexpected is still the visitor's "try again", never a 500; the log has it.
		const reason = error instanceof GitHubError ? error.reason : 'unavailable'
		if (reason !== 'bad_code') log.error({ err: error }, `GitHub sign-in failed (${reason})`)
		return { ok: false, reason }
	}
}
