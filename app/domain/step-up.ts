/**
 * Step-up before what cannot be undone (docs/decisions/136): the pure rules. A confirmation with
 * a second factor is remembered in the owner's session cookie as a grant naming the owner and
 * their session version (decision 102) with an end time; it covers that session only, until it
 * ends, and a sign-out (which moves the version on) ends it with the session.
 */
import type { OwnerSession } from './owner-role'

export type StepUpGrant = {
	via: OwnerSession['via']
	login: string
	/** The owner's session version when the factor was confirmed. */
	version: number
	/** ms since the epoch. */
	until: number
}

/** The grant for `owner`, confirmed `now`, lasting `seconds`. */
export const stepUpGrant = (
	owner: Pick<OwnerSession, 'via' | 'login' | 'version'>,
	now: number,
	seconds: number,
): StepUpGrant => ({
	via: owner.via,
	login: owner.login,
	version: owner.version,
	until: now + seconds * 1000,
})

/** Whether `grant` lets `owner` act now: theirs, of this session version, not yet ended. */
export function stepUpHolds(
	grant: StepUpGrant | null,
	owner: Pick<OwnerSession, 'via' | 'login' | 'version'>,
	now: number,
): boolean {
	return (
		grant !== null &&
		grant.via === owner.via &&
		grant.login === owner.login &&
		grant.version === owner.version &&
		now < grant.until
	)
}

/** The grant kept in a session cookie, or null for anything malformed. */
export function parseStepUpGrant(value: unknown): StepUpGrant | null {
	if (typeof value !== 'object' || value === null) return null
	const { via, login, version, until } = value as Record<string, unknown>
	if (via !== 'github' && via !== 'emulator') return null
	if (typeof login !== 'string' || login.length === 0) return null
	if (typeof version !== 'number' || !Number.isSafeInteger(version)) return null
	if (typeof until !== 'number' || !Number.isFinite(until)) return null
	return { via, login, version, until }
}

/** Wrong authenticator codes allowed per owner in FAILURE_WINDOW_MS (ASVS 6.3.1's brute force). */
const MAX_CODE_FAILURES = 5
export const FAILURE_WINDOW_MS = 15 * 60_000

/**
 * Whether the owner may try a code now, given their wrong codes so far: after
 * MAX_CODE_FAILURES within the window, not until the window that began with the first ends.
 */
export function codeAttemptAllowed(
	failures: { count: number; since: Date | null },
	now: number,
): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
	if (failures.since === null || failures.count < MAX_CODE_FAILURES) return { allowed: true }
	const ends = failures.since.getTime() + FAILURE_WINDOW_MS
	if (ends <= now) return { allowed: true }
	return { allowed: false, retryAfterSeconds: Math.ceil((ends - now) / 1000) }
}

/** A six-digit code as typed: spaces and dashes some apps show are dropped. */
export function normalizeCode(value: string): string | null {
	const code = value.replace(/[\s-]/g, '')
	return /^\d{6}$/.test(code) ? code : null
}

/**
 * What the step-up form needs (components/admin/step-up-form.tsx): where the confirmed action
 * resumes — the same POST again with its fields (`post`), or a page (`get`) — which factors the
 * owner has, and the message for the code field.
 */
export type StepUpPrompt = {
	returnTo: string
	resume: 'post' | 'get'
	fields: [string, string][]
	factors: { totp: boolean; passkey: boolean }
	error: string | null
}

/** Form fields of the step-up itself, never carried into the action it resumes. */
export const STEP_UP_FIELD_PREFIX = 'stepUp'
