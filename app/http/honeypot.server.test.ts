import { beforeAll, describe, expect, test } from 'vitest'
import { HONEYPOT_MAX_AGE_MS } from '~/models/leads/form-tokens.server'
import { checkHoneypot, honeypotProps } from './honeypot.server'

beforeAll(() => {
	process.env.SESSION_SECRET = 'h'.repeat(40)
	process.env.DATA_DIR = '/tmp/honeypot-test-data'
})

function posted(fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	return form
}

const asBrowser = (now = Date.now()) => {
	const { nameField, validFromField, validFrom } = honeypotProps(now)
	return { [nameField]: '', [validFromField]: validFrom, email: 'ada@example.com' }
}

const refusal = (form: FormData, now?: number) => {
	try {
		checkHoneypot(form, now)
		return null
	} catch (error) {
		return (error as Response).status
	}
}

describe('the honeypot (docs/decisions/063, 073)', () => {
	test('a form sent back as rendered passes, on any server with the same secret', () => {
		expect(refusal(posted(asBrowser()))).toBeNull()
	})

	test('a filled trap field, missing fields or a forged time are refused with 400', () => {
		const fields = asBrowser()
		expect(refusal(posted({ ...fields, website: 'https://spam.example' }))).toBe(400)
		expect(refusal(posted({ email: 'ada@example.com' }))).toBe(400)
		const { website: _, ...withoutTrap } = fields
		expect(refusal(posted(withoutTrap))).toBe(400)
		const [time, nonce, signature] = fields.from__confirm!.split('.') as [string, string, string]
		for (const forged of [
			`${Number(time) - 60_000}.${nonce}.${signature}`,
			`${time}.${nonce}.${'A'.repeat(22)}`,
			`${time}.${'B'.repeat(11)}.${signature}`,
			`${time}.${signature}`,
			time,
			'garbage',
		])
			expect(refusal(posted({ ...fields, from__confirm: forged })), forged).toBe(400)
	})

	test('a time from the future is refused', () => {
		const now = Date.now()
		expect(refusal(posted(asBrowser(now + 60_000)), now)).toBe(400)
	})

	test('a form kept open longer than a day is refused (decision 137)', () => {
		const now = Date.now()
		expect(refusal(posted(asBrowser(now - HONEYPOT_MAX_AGE_MS)), now)).toBeNull()
		expect(refusal(posted(asBrowser(now - HONEYPOT_MAX_AGE_MS - 1)), now)).toBe(400)
		expect(refusal(posted(asBrowser(now - 30 * HONEYPOT_MAX_AGE_MS)), now)).toBe(400)
	})

	test('an accepted form gives back its token, for the model to record as used', () => {
		const fields = asBrowser()
		expect(checkHoneypot(posted(fields))).toBe(fields.from__confirm)
	})

	test('two forms rendered in the same millisecond, on one server or two, get different tokens', () => {
		const now = Date.now()
		const tokens = new Set(Array.from({ length: 50 }, () => honeypotProps(now).validFrom))
		expect(tokens.size).toBe(50)
		for (const token of tokens)
			expect(refusal(posted({ website: '', from__confirm: token }), now)).toBeNull()
	})
})
