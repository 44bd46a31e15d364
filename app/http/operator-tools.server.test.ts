import { describe, expect, test } from 'vitest'
import { isLoopbackAddress } from './operator-tools.server'

describe('isLoopbackAddress', () => {
	test.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
		'%s is the machine itself',
		(ip) => {
			expect(isLoopbackAddress(ip)).toBe(true)
		},
	)
	test.each([
		'',
		'10.0.0.1',
		'203.0.113.7',
		'::ffff:192.0.2.1',
		'128.0.0.1',
		'fe80::1',
		'127.0.0.1.example',
	])('%s is not', (ip) => {
		expect(isLoopbackAddress(ip)).toBe(false)
	})
})
