/**
 * What every text a visitor or the owner types must be before it is stored (docs/decisions/103):
 * free of control characters (a NUL is refused by PostgreSQL, the others hide in mail and
 * exports), and within a ceiling of code points and UTF-8 bytes. Graphemes are what a person
 * counts (names, SPEC §5), but one grapheme can carry kilobytes of combining marks: the ceiling
 * is what the database, the mail and the session cookie see. Pure and browser-safe.
 */

// C0 and C1 controls and DEL (Unicode category Cc).
const CONTROL = /\p{Cc}/u
// The same, but for a tab and line breaks: a textarea's answer may have lines.
const CONTROL_IN_LINES = /(?![\t\n\r])\p{Cc}/u

export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
	return (multiline ? CONTROL_IN_LINES : CONTROL).test(value)
}

/**
 * Embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069) reorder the text around
 * them wherever a name is shown: a list, a receipt, an invoice, an e-mail's greeting (docs/decisions/132).
 * The left-to-right and right-to-left marks (U+200E, U+200F, U+061C) are allowed: a right-to-left
 * name may need them next to digits or Latin letters, and they only set the direction of what
 * is beside them.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u

export function hasDirectionControls(value: string): boolean {
	return DIRECTION_CONTROL.test(value)
}

/** A text's ceiling: code points (what the text is made of) and UTF-8 bytes (what it weighs). */
export type TextLimit = { codePoints: number; bytes: number }

/** Room for a letter and two marks apiece, in any script (4 bytes at most per code point). */
export function textLimitFor(characters: number): TextLimit {
	return { codePoints: characters * 3, bytes: characters * 12 }
}

export function withinTextLimit(value: string, limit: TextLimit): boolean {
	// Cheap bounds first: UTF-16 units are at least the code points and at most the bytes.
	if (value.length <= limit.codePoints && value.length * 3 <= limit.bytes) return true
	let codePoints = 0
	for (const _ of value) if (++codePoints > limit.codePoints) return false
	return new TextEncoder().encode(value).length <= limit.bytes
}
