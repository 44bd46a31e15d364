import { describe, expect, test } from 'vitest'
import { clientNetwork } from './client-network'

describe('the network a client address stands for', () => {
	test('an IPv4 address is itself, also when mapped into IPv6', () => {
		expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7')
		expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7')
	})

	test('an IPv6 address stands for its /64', () => {
		expect(clientNetwork('2001:db8:0:42::1')).toBe('2001:db8:0:42::/64')
		expect(clientNetwork('2001:0db8:0000:0042:ffff::2')).toBe('2001:db8:0:42::/64')
		expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64')
		expect(clientNetwork('::1')).toBe('0:0:0:0::/64')
		expect(clientNetwork('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
		expect(clientNetwork('2001:DB8:0:42::1')).toBe('2001:db8:0:42::/64')
	})
})
