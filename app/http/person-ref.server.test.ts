import { describe, expect, test } from 'vitest'
import { emailOfPersonRef, personRef } from './person-ref.server'

const SECRET = 'a-session-secret-of-at-least-32-characters'

describe("a person's page names its address by an opaque reference (docs/decisions/114)", () => {
	test('the reference reads back as the address, and shows no part of it', () => {
		const ref = personRef('ada.lovelace@example.com', SECRET)
		expect(ref).toMatch(/^[A-Za-z0-9_-]+$/)
		expect(ref).not.toMatch(/ada|lovelace|example/i)
		expect(Buffer.from(ref, 'base64url').toString('latin1')).not.toContain('example')
		expect(emailOfPersonRef(ref, SECRET)).toBe('ada.lovelace@example.com')
	})

	test('one address has one reference, so a link to a person is the same link every time', () => {
		expect(personRef('ada@example.com', SECRET)).toBe(personRef('ada@example.com', SECRET))
		expect(personRef('ada@example.com', SECRET)).not.toBe(personRef('bob@example.com', SECRET))
	})

	test('a reference made with another secret, altered, truncated or made up reads as nothing', () => {
		const ref = personRef('ada@example.com', SECRET)
		expect(emailOfPersonRef(personRef('ada@example.com', `${SECRET}x`), SECRET)).toBeNull()
		const flipped = `${ref.slice(0, 20)}${ref[20] === 'A' ? 'B' : 'A'}${ref.slice(21)}`
		expect(emailOfPersonRef(flipped, SECRET)).toBeNull()
		expect(emailOfPersonRef(ref.slice(0, -2), SECRET)).toBeNull()
		for (const junk of ['', 'x', 'ada@example.com', '%00', 'A'.repeat(5000)])
			expect(emailOfPersonRef(junk, SECRET)).toBeNull()
	})
})
