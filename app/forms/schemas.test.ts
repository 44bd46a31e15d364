import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { foldEmail } from '~/domain/email-address'
import { checkoutRequestSchema, firstIssue } from './checkout-request'
import { colorModeSchema } from './color-mode'
import { EMAIL_MAX_LENGTH } from './limits'
import { checkoutFailed, DEFAULT_CHECKOUT_REASON, MESSAGES } from './messages'
import { formSchemas, parseForm } from './registry'
import {
	onboardingSchema,
	passClaimSchema,
	profileSchema,
	sandboxCardSchema,
	signupSchema,
	surveySchema,
} from './schemas'

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
	result.error?.issues[0]?.message

describe('the workshop form', () => {
	const parse = (fields: Record<string, string>) => {
		const formData = new FormData()
		for (const [name, value] of Object.entries(fields)) formData.append(name, value)
		return parseForm('workshopSignup', formData)
	}

	test('takes a session id, or none (the server then picks the nearest with a place)', () => {
		expect(parse({ email: 'a@example.com', session: 'workshop-2027-01-14' }).status).toBe('success')
		expect(parse({ email: 'a@example.com' }).status).toBe('success')
	})

	test('a value no session id could be gets the message next to the session field', () => {
		for (const session of ['Workshop 1', '../x', 'a'.repeat(101)]) {
			const submission = parse({ email: 'a@example.com', session })
			expect(submission.status === 'error' && submission.error).toEqual({
				session: [MESSAGES.workshopSessionUnknown],
			})
		}
	})
})

describe('sign-up rules', () => {
	test('e-mail addresses are stored trimmed and lower-cased', () => {
		expect(foldEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com')
	})

	test("the e-mail rule's message is SPEC §5's", () => {
		for (const email of ['', 'nope', 'a@', 'a b@c.d']) {
			const result = signupSchema.safeParse({ email })
			expect(result.success, email).toBe(false)
			expect(firstMessage(result)).toBe('Please enter a valid email address')
		}
		expect(firstMessage(signupSchema.safeParse({}))).toBe('Please enter a valid email address')
	})

	test('a first name is optional and normalised like the profile', () => {
		expect(signupSchema.parse({ email: 'a@b.co', firstName: '  jEAN-luc ' })).toEqual({
			email: 'a@b.co',
			firstName: 'Jean-Luc',
		})
		expect(firstMessage(signupSchema.safeParse({ email: 'a@b.co', firstName: 'J' }))).toBe(
			'First name must be at least 2 characters',
		)
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

describe('one messages table (SPEC §5, §8)', () => {
	test("the table holds SPEC §5's messages word for word", () => {
		expect(MESSAGES).toMatchObject({
			email: 'Please enter a valid email address',
			firstNameShort: 'First name must be at least 2 characters',
			firstNameLong: 'First name must be less than 20 characters',
			lastNameShort: 'Last name must be at least 3 characters',
			lastNameLong: 'Last name must be less than 20 characters',
			avatar: 'Please enter a valid URL for the avatar',
		})
	})

	test("every form's e-mail field answers SPEC §5's e-mail message", () => {
		const forms = {
			signup: signupSchema,
			passClaim: passClaimSchema,
			sandboxCard: sandboxCardSchema.pick({ email: true }),
			profile: profileSchema,
		}
		for (const [name, schema] of Object.entries(forms)) {
			const result = schema.safeParse({ email: 'not-an-address', name: 'Ada Lovelace' })
			expect(firstMessage(result), name).toBe(MESSAGES.email)
		}
		const tooLong = `${'a'.repeat(EMAIL_MAX_LENGTH - 4)}@b.co` // one character over
		expect(firstMessage(signupSchema.safeParse({ email: tooLong }))).toBe(MESSAGES.email)
	})

	test("the profile's name limits answer SPEC §5's name messages", () => {
		const messages = (data: object) =>
			profileSchema.safeParse(data).error?.issues.map((issue) => issue.message)
		expect(messages({ firstName: 'A' })).toEqual([MESSAGES.firstNameShort])
		expect(messages({ firstName: 'A'.repeat(21) })).toEqual([MESSAGES.firstNameLong])
		expect(messages({ lastName: 'Li' })).toEqual([MESSAGES.lastNameShort])
		expect(messages({ lastName: 'L'.repeat(21) })).toEqual([MESSAGES.lastNameLong])
		expect(messages({ avatar: 'not a url' })).toEqual([MESSAGES.avatar])
		expect(messages({ firstName: 'Jo', lastName: 'Lee' })).toBeUndefined()
	})

	test("a checkout refused without a reason says SPEC §8's default reason", () => {
		expect(DEFAULT_CHECKOUT_REASON).toBe('Failed to process checkout')
		expect(checkoutFailed()).toBe('Checkout failed: Failed to process checkout')
		expect(checkoutFailed('sold out')).toBe('Checkout failed: sold out')
		expect(firstIssue(new z.ZodError([]))).toBe(DEFAULT_CHECKOUT_REASON)
	})

	test('a quantity over the limit names the limit', () => {
		expect(firstMessage(checkoutRequestSchema(3).safeParse({ code: 'seat', quantity: 4 }))).toBe(
			MESSAGES.quantity(3),
		)
		expect(MESSAGES.quantity(3)).toBe('quantity must be a whole number from 1 to 3')
	})

	test('a colour mode other than dark, light or system is refused with one message', () => {
		expect(firstMessage(colorModeSchema.safeParse({ mode: 'purple' }))).toBe(MESSAGES.colorMode)
		expect(firstMessage(colorModeSchema.safeParse({}))).toBe(MESSAGES.colorMode)
	})
})

describe('the validator registry', () => {
	const form = (fields: Record<string, string>) => {
		const formData = new FormData()
		for (const [name, value] of Object.entries(fields)) formData.append(name, value)
		return formData
	}

	test("parses a submitted form by name, with the form's messages for conform", () => {
		const invalid = parseForm('passClaim', form({ name: 'A', email: 'nope' }))
		expect(invalid.status).toBe('error')
		expect(invalid.reply().error).toEqual({
			name: [MESSAGES.passNameShort],
			email: [MESSAGES.email],
		})
		const valid = parseForm('signup', form({ email: ' ada@example.com ', firstName: 'ada' }))
		expect(valid.status === 'success' && valid.value).toEqual({
			email: 'ada@example.com',
			firstName: 'Ada',
		})
	})

	test("the buy form's limit is the server's, given as an option", () => {
		const submission = parseForm('checkout', form({ code: 'seat', quantity: '6' }), {
			maxQuantity: 5,
		})
		expect(submission.reply().error).toEqual({ quantity: [MESSAGES.quantity(5)] })
	})

	test("the owner's order actions: a known intent, and a valid address for a reassigned pass", () => {
		const parse = (entries: Record<string, string>) => {
			const data = new FormData()
			for (const [key, value] of Object.entries(entries)) data.set(key, value)
			return parseForm('adminOrderAction', data)
		}
		expect(parse({ intent: 'refund' }).status).toBe('success')
		expect(parse({ intent: 'drop-table' }).status).toBe('error')
		const reassign = parse({ intent: 'reassign-pass', passId: 'p1', email: 'nope' })
		expect(reassign.status).toBe('error')
		expect(reassign.reply().error?.email).toEqual(['Please enter a valid email address'])
		expect(parse({ intent: 'reassign-pass', passId: 'p1', email: 'a@b.co' }).status).toBe('success')
	})

	test("the owner's partial refunds: one pass by id, or an amount like 25 or 25.50 with the form's key", () => {
		const parse = (entries: Record<string, string>) => {
			const data = new FormData()
			for (const [key, value] of Object.entries(entries)) data.set(key, value)
			return parseForm('adminOrderAction', data)
		}
		expect(parse({ intent: 'refund-pass', passId: 'p1' }).status).toBe('success')
		expect(parse({ intent: 'refund-pass' }).reply().error?.passId).toEqual([
			MESSAGES.adminRefundPassMissing,
		])
		for (const amount of ['25', '25.5', '25.50'])
			expect(parse({ intent: 'refund-amount', amount, key: 'k' }).status, amount).toBe('success')
		for (const amount of ['', '0', '0.00', '-5', '1e3', '25.505', 'ten', '12345678'])
			expect(
				parse({ intent: 'refund-amount', amount, key: 'k' }).reply().error?.amount,
				amount,
			).toEqual([MESSAGES.adminRefundAmount])
		expect(parse({ intent: 'refund-amount', amount: '5' }).reply().error?.key).toEqual([
			MESSAGES.adminRefundFormExpired,
		])
	})

	test('erasing a lead names one lead by its number', () => {
		const parse = (entries: Record<string, string>) => {
			const data = new FormData()
			for (const [key, value] of Object.entries(entries)) data.set(key, value)
			return parseForm('adminLeadErase', data)
		}
		expect(parse({ intent: 'erase', leadId: '42' })).toMatchObject({
			status: 'success',
			value: { intent: 'erase', leadId: 42 },
		})
		for (const leadId of ['', 'x', '-1', '1.5', '1e30'])
			expect(parse({ intent: 'erase', leadId }).status, leadId).toBe('error')
		expect(parse({ intent: 'refund', leadId: '42' }).status).toBe('error')
	})

	test('the e-mail preferences form is unsubscribe or resubscribe, nothing else', () => {
		const parse = (intent: string) => {
			const data = new FormData()
			data.set('intent', intent)
			return parseForm('emailPreferences', data)
		}
		expect(parse('unsubscribe').status).toBe('success')
		expect(parse('resubscribe').status).toBe('success')
		expect(parse('delete').reply().error?.intent).toEqual([
			'Choose one: news on or off, or an event’s reminders on or off',
		])
	})

	test('every form has a schema', () => {
		expect(Object.keys(formSchemas).sort()).toEqual(
			[
				'adminCertificateIssue',
				'adminCertificateWithdraw',
				'adminCoupon',
				'adminCouponStatus',
				'adminCourseOpen',
				'adminEmailRetry',
				'adminFollowUp',
				'adminLeadErase',
				'adminMessage',
				'adminOrderAction',
				'adminStatementAssign',
				'adminStatementDismiss',
				'adminStatementImport',
				'adminTransferReceived',
				'adminWaitlistAction',
				'emailPreferences',
				'checkout',
				'interest',
				'onboarding',
				'passClaim',
				'giftChange',
				'sandboxCheckout',
				'signup',
				'upgradeCredit',
				'survey',
				'transferCheckout',
				'waitlistJoin',
				'workshopSignup',
			].sort(),
		)
	})
})
