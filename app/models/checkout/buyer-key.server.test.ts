import { describe, expect, test } from 'vitest'
import { buyerKey } from './buyer-key.server'

describe('the buyer of a seat hold (docs/decisions/033)', () => {
	test('the stored key is a keyed hash: same network, same key; never the address', () => {
		const secret = 'a-secret-of-at-least-thirty-two-characters'
		const key = buyerKey('2001:db8:0:42::1', secret)
		expect(buyerKey('2001:db8:0:42:ffff::2', secret)).toBe(key)
		expect(buyerKey('2001:db8:0:43::1', secret)).not.toBe(key)
		expect(buyerKey('2001:db8:0:42::1', `${secret}!`)).not.toBe(key)
		expect(key).not.toContain('2001')
	})
})
