import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, test } from 'vitest'
import { redact, redactEmails } from './redact'

describe('log redaction (docs/decisions/069)', () => {
	test('e-mail addresses keep their first character and domain', () => {
		expect(redactEmails('E-mail #3 to ada.lovelace+x@example.co.uk: "Hi"')).toBe(
			'E-mail #3 to a***@example.co.uk: "Hi"',
		)
		expect(redactEmails('no address, a path /node_modules/@remix-run/node/x.js')).toBe(
			'no address, a path /node_modules/@remix-run/node/x.js',
		)
	})

	test('an address percent-encoded in a path is redacted too', () => {
		expect(redactEmails('GET /admin/people/ada.lovelace%40example.com 404')).toBe(
			'GET /admin/people/a***@example.com 404',
		)
		expect(redactEmails('/x/Ada%2Bx%40Example.org?')).toBe('/x/A***@Example.org?')
	})

	test('a failed Drizzle query keeps its SQL and drops its parameters', () => {
		const cause = Object.assign(
			new Error('duplicate key value violates unique constraint "leads_pkey"'),
			{
				code: '23505',
				detail: 'Key (email)=(ada@example.com) already exists.',
			},
		)
		const error = new DrizzleQueryError(
			'insert into "leads" ("email", "list") values ($1, $2)',
			['ada@example.com', 'secret-token-123'],
			cause,
		)
		const line = redact(error)
		expect(line).toContain('insert into "leads" ("email", "list") values ($1, $2)')
		expect(line).toContain('2 parameters withheld')
		expect(line).toContain(
			'duplicate key value violates unique constraint "leads_pkey" (code 23505)',
		)
		expect(line).not.toContain('ada@example.com')
		expect(line).not.toContain('secret-token-123')
		expect(line).not.toContain('already exists')
		expect(line).toMatch(/\n\s+at /)
	})

	test('any other error keeps its message and stack, addresses redacted', () => {
		const line = redact(new Error('Message failed: 554 <bob@example.org> unknown'))
		expect(line).toMatch(/^Error: Message failed: 554 <b\*\*\*@example\.org> unknown\n\s+at /)
	})

	test('strings and objects are logged as text', () => {
		expect(redact('to carol@example.com')).toBe('to c***@example.com')
		expect(redact({ to: 'dan@example.com' })).toBe('{"to":"d***@example.com"}')
	})
})
