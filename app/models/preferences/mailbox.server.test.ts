import { describe, expect, test } from 'vitest'
import { mailboxOf } from './mailbox.server'

describe('the mailbox an address reaches (docs/decisions/103)', () => {
	test('a +tag and letter case reach the same mailbox', () => {
		const victim = mailboxOf('victim@example.com')
		for (const address of [
			'victim+1@example.com',
			'Victim+news@Example.COM',
			' VICTIM@example.com ',
		])
			expect(mailboxOf(address), address).toEqual(victim)
	})

	test('dots count for most providers, not for Gmail, and googlemail.com is gmail.com', () => {
		expect(mailboxOf('v.ictim@example.com')).not.toEqual(mailboxOf('victim@example.com'))
		const gmail = mailboxOf('victim@gmail.com')
		for (const address of ['v.i.c.t.i.m@gmail.com', 'Vic.Tim+12@googlemail.com'])
			expect(mailboxOf(address), address).toEqual(gmail)
	})

	test('the key is a hash, the domain the folded one; other domains are other mailboxes', () => {
		const { key, domain } = mailboxOf('Victim+1@GoogleMail.com')
		expect(key).toMatch(/^[0-9a-f]{64}$/)
		expect(key).not.toContain('victim')
		expect(domain).toBe('gmail.com')
		expect(mailboxOf('victim@example.org').key).not.toBe(mailboxOf('victim@example.com').key)
	})
})
