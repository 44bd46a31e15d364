/**
 * The visitor profile (SPEC §3) and the rules for changing it (SPEC §5). Pure and browser-safe:
 * the GitHub sign-in and the /onboarding form both apply data through `applyProfileData`, with
 * the profile schema, name normalisation and messages of app/forms (docs/decisions/065).
 */
import { MESSAGES } from '~/forms/messages'
import { profileSchema } from '~/forms/schemas'

/** The profile as the spec names it. Empty strings mean "not known yet". */
export type Profile = {
	avatar: string
	email: string
	firstName: string
	lastName: string
	orderHashId: string
	github_username: string
}

export const EMPTY_PROFILE: Profile = {
	avatar: '',
	email: '',
	firstName: '',
	lastName: '',
	orderHashId: '',
	github_username: '',
}

export type ProfileData = { [K in keyof Profile]?: string | null }

export type ApplyResult = { ok: true; profile: Profile } | { ok: false; message: string }

const isEmpty = (value: string | null | undefined): value is null | undefined | '' =>
	value == null || value.trim() === ''

/**
 * Applies `data` to `profile` (SPEC §5): empty values are ignored; the rest are normalised and
 * checked. Any invalid value stores nothing and returns the first message.
 */
export function applyProfileData(profile: Profile, data: ProfileData): ApplyResult {
	const present = Object.fromEntries(
		Object.entries(data).filter(
			([key, value]) => key in EMPTY_PROFILE && !isEmpty(value as string | null | undefined),
		),
	)
	const result = profileSchema.safeParse(present)
	if (!result.success) {
		const order = Object.keys(profileSchema.shape)
		const [first] = [...result.error.issues].sort(
			(a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])),
		)
		return { ok: false, message: first?.message ?? MESSAGES.email }
	}
	const changes = Object.fromEntries(
		Object.entries(result.data).filter(([, value]) => value !== undefined),
	)
	return { ok: true, profile: { ...profile, ...changes } }
}

/**
 * GitHub has one free-form `name`: the first word is the first name, the rest the last name
 * ("Ludwig van Beethoven" → Ludwig / van Beethoven). A single word is a first name only.
 */
export function splitFullName(fullName: string | null | undefined): {
	firstName: string
	lastName: string
} {
	const words = (fullName ?? '').trim().split(/\s+/u).filter(Boolean)
	return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') }
}

/** A profile read back from storage, or null when it is missing or malformed. */
export function parseStoredProfile(value: unknown): Profile | null {
	if (typeof value !== 'object' || value === null) return null
	const stored = value as Record<string, unknown>
	const profile = { ...EMPTY_PROFILE }
	for (const key of Object.keys(EMPTY_PROFILE) as (keyof Profile)[]) {
		const field = stored[key]
		if (field !== undefined && typeof field !== 'string') return null
		profile[key] = field ?? ''
	}
	return profile
}

/** Whether anything is known about the visitor. */
export function hasProfile(profile: Profile | null): profile is Profile {
	return profile !== null && Object.values(profile).some((value) => value !== '')
}
