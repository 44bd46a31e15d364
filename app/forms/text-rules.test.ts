/**
 * Control characters and oversized texts (docs/decisions/103): every text field refuses a
 * control character with a message of its own, and every text is capped by code points and
 * bytes, so a "two-letter" name of kilobytes of combining marks never reaches the database.
 */
import { describe, expect, test } from 'vitest'
import { MESSAGES } from './messages'
import { formSchemas } from './registry'
import { profileSchema } from './schemas'
import { hasControlCharacters, hasDirectionControls, withinTextLimit } from './text'

const NUL = '\u0000'
// Two letters, the second carrying about 12 KB of combining acute accents.
const hugeGraphemes = `A${'b'}${'\u0301'.repeat(6000)}`

/** The messages zod gives for each field, first one per field. */
function fieldMessages(name: keyof typeof formSchemas, data: Record<string, unknown>) {
	const result = formSchemas[name]({}).safeParse(data)
	const messages: Record<string, string> = {}
	for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message
	return messages
}

describe('text helpers', () => {
	test('control characters are found; tabs and line breaks only where a text may have lines', () => {
		expect(hasControlCharacters(`Ada${NUL}`)).toBe(true)
		expect(hasControlCharacters('Ada\u0007')).toBe(true)
		expect(hasControlCharacters('Ada\u009b')).toBe(true)
		expect(hasControlCharacters('line\nbreak')).toBe(true)
		expect(hasControlCharacters('line\r\nbreak\tand tab', { multiline: true })).toBe(false)
		expect(hasControlCharacters(`line\n${NUL}`, { multiline: true })).toBe(true)
		expect(hasControlCharacters('Zoë Łukasz 李小龍 🙂')).toBe(false)
	})

	test('a text limit counts code points and UTF-8 bytes, not UTF-16 units or graphemes', () => {
		expect(withinTextLimit('é'.repeat(10), { codePoints: 10, bytes: 20 })).toBe(true)
		expect(withinTextLimit('é'.repeat(11), { codePoints: 10, bytes: 40 })).toBe(false)
		expect(withinTextLimit('é'.repeat(10), { codePoints: 10, bytes: 19 })).toBe(false)
		expect(withinTextLimit('🙂'.repeat(10), { codePoints: 10, bytes: 40 })).toBe(true)
	})
})

describe('forms refuse control characters next to the field', () => {
	test('workshop and day event: a NUL in the first name', () => {
		expect(fieldMessages('signup', { email: 'a@b.co', firstName: `Ada${NUL}` })).toEqual({
			firstName: MESSAGES.firstNameControl,
		})
		expect(fieldMessages('signup', { email: `a${NUL}@b.co` })).toEqual({ email: MESSAGES.email })
	})

	test('onboarding: a NUL in any field, even at the edge a name would trim', () => {
		expect(fieldMessages('onboarding', { firstName: `${NUL}Ada` })).toEqual({
			firstName: MESSAGES.firstNameControl,
		})
		expect(fieldMessages('onboarding', { lastName: `Love${NUL}lace` })).toEqual({
			lastName: MESSAGES.lastNameControl,
		})
		expect(fieldMessages('onboarding', { avatar: `https://example.com/a${NUL}.png` })).toEqual({
			avatar: MESSAGES.avatar,
		})
	})

	test('survey: a NUL in an answer; line breaks are fine', () => {
		expect(fieldMessages('survey', { email: 'a@b.co', rating: '5', helped: `yes${NUL}` })).toEqual({
			helped: MESSAGES.surveyAnswerControl,
		})
		expect(
			fieldMessages('survey', { email: 'a@b.co', rating: '5', improve: 'one\r\ntwo\tthree' }),
		).toEqual({})
	})

	test('pass claim: a NUL in the name', () => {
		expect(fieldMessages('passClaim', { name: `Ada${NUL}Lovelace`, email: 'a@b.co' })).toEqual({
			name: MESSAGES.passNameControl,
		})
	})

	test('the profile from the session or sign-in: a NUL in the order id or login', () => {
		const messages = (data: object) =>
			profileSchema.safeParse(data).error?.issues.map((issue) => issue.message)
		expect(messages({ orderHashId: `abc${NUL}` })).toEqual([MESSAGES.profileValueControl])
		expect(messages({ github_username: `ada${NUL}` })).toEqual([MESSAGES.profileValueControl])
	})
})

describe('forms cap texts by code points and bytes', () => {
	test('a two-grapheme name of 12 KB of combining marks is too long', () => {
		expect(new TextEncoder().encode(hugeGraphemes).length).toBeGreaterThan(12_000)
		expect(fieldMessages('signup', { email: 'a@b.co', firstName: hugeGraphemes })).toEqual({
			firstName: MESSAGES.firstNameLong,
		})
		expect(fieldMessages('onboarding', { lastName: `${hugeGraphemes}c` })).toEqual({
			lastName: MESSAGES.lastNameLong,
		})
		expect(fieldMessages('passClaim', { name: hugeGraphemes, email: 'a@b.co' })).toEqual({
			name: MESSAGES.passNameLong,
		})
	})

	test('real names with accents, in any script, still pass', () => {
		for (const firstName of ['Zoë', 'Nguyễn', 'Łukasz', '李小龍', 'अनुष्का', 'Jean-Luc']) {
			expect(fieldMessages('signup', { email: 'a@b.co', firstName }), firstName).toEqual({})
		}
		// Decomposed accents count once each: twenty letters with an accent apiece.
		expect(fieldMessages('signup', { email: 'a@b.co', firstName: 'e\u0301'.repeat(19) })).toEqual(
			{},
		)
	})
})

describe('names refuse the characters that reorder text (docs/decisions/132)', () => {
	// Embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069): "Ada\u202Eecilo"
	// reads "Adapolice" backwards in a list, a receipt or an e-mail's greeting.
	const directionControls = [
		'\u202A',
		'\u202B',
		'\u202C',
		'\u202D',
		'\u202E',
		'\u2066',
		'\u2067',
		'\u2068',
		'\u2069',
	]

	test('each one is found, and the marks of right-to-left writing are not', () => {
		for (const control of directionControls)
			expect(hasDirectionControls(`Ada${control}x`), control.codePointAt(0)!.toString(16)).toBe(
				true,
			)
		// U+200E/U+200F and U+061C are marks a right-to-left name may need, and reorder nothing.
		expect(hasDirectionControls('\u05D3\u05E0\u05D4\u200F 2')).toBe(false)
		expect(hasDirectionControls('Zoë Łukasz 李小龍 דנה نور')).toBe(false)
	})

	test('the first and last names, the holder name and billing details refuse them next to the field', () => {
		for (const control of directionControls) {
			expect(
				fieldMessages('signup', { email: 'a@b.co', firstName: `Ada${control}ecilop` }),
			).toEqual({
				firstName: MESSAGES.firstNameDirection,
			})
			expect(fieldMessages('onboarding', { lastName: `${control}Lovelace` })).toEqual({
				lastName: MESSAGES.lastNameDirection,
			})
			expect(
				fieldMessages('passClaim', { name: `Ada ${control}Lovelace`, email: 'a@b.co' }),
			).toEqual({
				name: MESSAGES.passNameDirection,
			})
			const card = {
				intent: 'pay',
				email: 'a@b.co',
				cardNumber: '4242 4242 4242 4242',
				expiry: '12 / 40',
				cvc: '123',
			}
			expect(fieldMessages('sandboxCheckout', { ...card, company: `Acme ${control}Ltd` })).toEqual({
				company: MESSAGES.billingDirection,
			})
		}
	})

	test('right-to-left names still pass', () => {
		for (const firstName of ['דנה', 'نور', 'דנה\u200F']) {
			expect(fieldMessages('signup', { email: 'a@b.co', firstName }), firstName).toEqual({})
		}
	})
})
