import { describe, expect, test } from 'vitest'
import { normalizeEmail } from './leads.server'
import { onboardingSchema, signupSchema, surveySchema } from './signup-forms'

describe('sign-up rules', () => {
	test('e-mail addresses are stored trimmed and lower-cased', () => {
		expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com')
	})

	test("the e-mail rule's message is SPEC §5's", () => {
		for (const email of ['', 'nope', 'a@', 'a b@c.d']) {
			const result = signupSchema.safeParse({ email })
			expect(result.success, email).toBe(false)
			expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address')
		}
		expect(signupSchema.safeParse({}).error?.issues[0]?.message).toBe(
			'Please enter a valid email address',
		)
	})

	test('a first name is optional and normalised like the profile', () => {
		expect(signupSchema.parse({ email: 'a@b.co', firstName: '  jEAN-luc ' })).toEqual({
			email: 'a@b.co',
			firstName: 'Jean-Luc',
		})
		expect(
			signupSchema.safeParse({ email: 'a@b.co', firstName: 'J' }).error?.issues[0]?.message,
		).toBe('First name must be at least 2 characters')
	})

	test('onboarding uses the profile messages', () => {
		const result = onboardingSchema.safeParse({ lastName: 'Li', avatar: 'javascript:alert(1)' })
		expect(result.error?.issues.map((issue) => issue.message)).toEqual([
			'Last name must be at least 3 characters',
			'Please enter a valid URL for the avatar',
		])
	})

	test('the survey needs a rating from 1 to 5; quoting is opt-in', () => {
		expect(surveySchema.safeParse({ email: 'a@b.co', rating: '6' }).success).toBe(false)
		expect(surveySchema.parse({ email: 'a@b.co', rating: '5' })).toMatchObject({
			rating: 5,
			mayQuote: false,
		})
		expect(surveySchema.parse({ email: 'a@b.co', rating: '1', mayQuote: 'on' }).mayQuote).toBe(true)
	})
})
