/**
 * The visitor profile (SPEC §3) and the rules for changing it (SPEC §5). Pure and browser-safe:
 * the GitHub sign-in and the /onboarding form both apply data through `applyProfileData`, so
 * the rules, the normalisation and the messages exist once.
 */
import { z } from 'zod'

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

export const PROFILE_MESSAGES = {
	email: 'Please enter a valid email address',
	firstNameShort: 'First name must be at least 2 characters',
	firstNameLong: 'First name must be less than 20 characters',
	lastNameShort: 'Last name must be at least 3 characters',
	lastNameLong: 'Last name must be less than 20 characters',
	avatar: 'Please enter a valid URL for the avatar',
} as const

// Letters of any script, with the combining marks that belong to them (decomposed accents).
const LETTER = /[\p{L}\p{M}]/u
const EDGE_NON_LETTERS = /^[^\p{L}]+|[^\p{L}\p{M}]+$/gu

/**
 * Names are normalised before storing (SPEC §5): trimmed, leading and trailing non-letters
 * removed, lower-cased, whitespace collapsed, each word capitalised. "Each word" includes the
 * parts of a hyphenated name (jean-luc → Jean-Luc). Scripts without case pass through.
 */
export function normalizeName(value: string): string {
	const lowered = value
		.normalize('NFC')
		.trim()
		.replace(EDGE_NON_LETTERS, '')
		.toLowerCase()
		.replace(/\s+/gu, ' ')
	let result = ''
	let atWordStart = true
	for (const char of lowered) {
		result += atWordStart && LETTER.test(char) ? char.toUpperCase() : char
		if (char === ' ' || char === '-') atWordStart = true
		else if (LETTER.test(char)) atWordStart = false
	}
	// Upper-casing can decompose a letter (e.g. ŉ); keep stored names in one form.
	return result.normalize('NFC')
}

/** Length as a person counts it: letters with their accents, one emoji as one. */
export function nameLength(value: string): number {
	const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
	return [...segmenter.segment(value)].length
}

const name = (min: number, max: number, short: string, long: string) =>
	z
		.string()
		.transform(normalizeName)
		.pipe(
			z
				.string()
				.refine((value) => nameLength(value) >= min, short)
				.refine((value) => nameLength(value) <= max, long),
		)

const isWebUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)

/**
 * One field each, in SPEC §5's order: the first failing field gives the message returned.
 * Every field is optional because an empty value is ignored when data is applied.
 */
export const profileSchema = z.object({
	email: z.string().trim().email(PROFILE_MESSAGES.email).optional(),
	firstName: name(
		2,
		20,
		PROFILE_MESSAGES.firstNameShort,
		PROFILE_MESSAGES.firstNameLong,
	).optional(),
	lastName: name(3, 20, PROFILE_MESSAGES.lastNameShort, PROFILE_MESSAGES.lastNameLong).optional(),
	// Rendered as an image source, so only web addresses (never javascript: or data:).
	avatar: z.string().trim().refine(isWebUrl, PROFILE_MESSAGES.avatar).optional(),
	orderHashId: z.string().trim().optional(),
	github_username: z.string().trim().optional(),
})

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
		return { ok: false, message: first?.message ?? PROFILE_MESSAGES.email }
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
