import { describe, expect, test } from 'vitest'
import { anyServiceConfigured } from './analytics'

const none = {
	CUSTOMERIO_WRITE_KEY: null,
	PARTNERO_PROGRAM_ID: null,
	GTM_ID: null,
	CLARITY_ID: null,
	PLAUSIBLE_DOMAIN: null,
}

describe('the analytics runtime is loaded only with a service to start (decision 126)', () => {
	test('no service configured: nothing to load', () => {
		expect(anyServiceConfigured(none)).toBe(false)
		expect(anyServiceConfigured({})).toBe(false)
	})

	test.each([
		['CUSTOMERIO_WRITE_KEY', 'key:abc'],
		['PARTNERO_PROGRAM_ID', 'prog-1'],
		['GTM_ID', 'GTM-ABC123'],
		['CLARITY_ID', 'abcdef12'],
		['PLAUSIBLE_DOMAIN', 'example.com'],
	])('any one service configured (%s): the runtime loads', (name, value) => {
		expect(anyServiceConfigured({ ...none, [name]: value })).toBe(true)
	})
})
