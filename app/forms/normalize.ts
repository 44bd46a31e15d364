/**
 * How names are read from a form before they are checked and stored (SPEC §5). Pure and
 * browser-safe; the profile schema and the GitHub sign-in both go through it.
 */

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
