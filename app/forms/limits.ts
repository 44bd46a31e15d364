/**
 * The limits every form and the server agree on, defined once (docs/decisions/065). Plain
 * numbers, no zod: the browser's first load may import them.
 */

/** The longest address SMTP carries (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254

/**
 * The profile lives in the signed cookie session (docs/decisions/042), and a browser keeps at
 * most about 4096 bytes of a cookie: every field has a ceiling so that the largest valid
 * profile (about 1 KB of JSON) still fits, signed and encoded. Real avatar URLs (GitHub's,
 * Gravatar's) are under 100 characters; GitHub logins at most 39; order hash ids are ours (22).
 */
export const AVATAR_URL_MAX_LENGTH = 512
export const GITHUB_USERNAME_MAX_LENGTH = 39
export const ORDER_HASH_ID_MAX_LENGTH = 64

/** SPEC §5 and §9: first names 2 to 20 characters, last names 3 to 20. */
export const FIRST_NAME_LENGTH = { min: 2, max: 20 } as const
export const LAST_NAME_LENGTH = { min: 3, max: 20 } as const

/** The pass holder's full name, as printed on the pass (SPEC §5 leaves pass rules open). */
export const PASS_HOLDER_NAME_LENGTH = { min: 2, max: 80 } as const

/** The insiders survey (SPEC §2): a rating from 1 to 5 and free-text answers. */
export const SURVEY_RATING = { min: 1, max: 5 } as const
export const SURVEY_ANSWER_MAX_LENGTH = 2000

/** A workshop session's id (an event id of content/site/events.yml) as a form may send it. */
export const WORKSHOP_SESSION_ID_MAX_LENGTH = 100

/** SPEC: MAX_QUANTITY's default; the server's configured limit is what counts. */
export const DEFAULT_MAX_QUANTITY = 20

/** Product codes and coupon codes: short identifiers. */
export const CODE_MAX_LENGTH = 64
/** Item type and region names in a checkout request. */
export const NAME_MAX_LENGTH = 32

/** A workshop session's follow-up link (docs/decisions/157): a web address, as long as a browser keeps. */
export const FOLLOW_UP_LINK_MAX_LENGTH = 2000
