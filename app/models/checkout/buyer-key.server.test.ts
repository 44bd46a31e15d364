import { describe, expect, test } from 'vitest'
import { buyerKey, buyerNetwork } from './buyer-key.server'

describe('the buyer of a seat hold (docs/decisions/033)', () => {
	test('an IPv4 address is itself, also when mapped into IPv6', () => {
		expect(buyerNetwork('198.51.100.7')).toBe('198.51.100.7')
		expect(buyerNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7')
	})

	test('an IPv6 address stands for its /64', () => {
		expect(buyerNetwork('2001:db8:0:42::1')).toBe('2001:db8:0:42::/64')
		expect(buyerNetwork('2001:0db8:0000:0042:ffff::2')).toBe('2001:db8:0:42::/64')
		expect(buyerNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64')
		expect(buyerNetwork('::1')).toBe('0:0:0:0::/64')
		expect(buyerNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
	})

	test('the stored key is a keyed hash: same network, same key; never the address', () => {
		const secret = 'a-secret-of-at-least-thirty-two-characters'
		const key = buyerKey('2001:db8:0:42::1', secret)
		expect(buyerKey('2001:db8:0:42:ffff::2', secret)).toBe(key)
		expect(buyerKey('2001:db8:0:43::1', secret)).not.toBe(key)
		expect(buyerKey('2001:db8:0:42::1', `${secret}!`)).not.toBe(key)
		expect(key).not.toContain('2001')
	})
})
