import { describe, expect, test } from 'vitest'
import {
	codeAttemptAllowed,
	FAILURE_WINDOW_MS,
	normalizeCode,
	parseStepUpGrant,
	stepUpGrant,
	stepUpHolds,
} from './step-up'

const OWNER = { via: 'github' as const, login: 'mona', version: 4 }
const NOW = Date.UTC(2026, 10, 28, 12)

describe('a step-up grant (docs/decisions/136)', () => {
	test('holds for its owner and session version until its end, and not a moment after', () => {
		const grant = stepUpGrant(OWNER, NOW, 300)
		expect(stepUpHolds(grant, OWNER, NOW + 299_999)).toBe(true)
		expect(stepUpHolds(grant, OWNER, NOW + 300_000)).toBe(false)
	})

	test('a sign-out (a newer session version), another owner or no grant does not hold', () => {
		const grant = stepUpGrant(OWNER, NOW, 300)
		expect(stepUpHolds(grant, { ...OWNER, version: 5 }, NOW)).toBe(false)
		expect(stepUpHolds(grant, { ...OWNER, login: 'hubot' }, NOW)).toBe(false)
		expect(stepUpHolds(grant, { ...OWNER, via: 'emulator' }, NOW)).toBe(false)
		expect(stepUpHolds(null, OWNER, NOW)).toBe(false)
	})

	test('a malformed grant in a cookie is none', () => {
		expect(parseStepUpGrant(stepUpGrant(OWNER, NOW, 300))).toEqual(stepUpGrant(OWNER, NOW, 300))
		for (const bad of [null, 'x', { ...OWNER, until: 'later' }, { ...OWNER, via: 'x', until: 1 }])
			expect(parseStepUpGrant(bad)).toBeNull()
	})
})

describe('authenticator codes', () => {
	test('five wrong codes close the door until the window that began with the first ends', () => {
		const since = new Date(NOW)
		expect(codeAttemptAllowed({ count: 4, since }, NOW + 1).allowed).toBe(true)
		expect(codeAttemptAllowed({ count: 5, since }, NOW + 1)).toEqual({
			allowed: false,
			retryAfterSeconds: FAILURE_WINDOW_MS / 1000,
		})
		expect(codeAttemptAllowed({ count: 5, since }, NOW + FAILURE_WINDOW_MS).allowed).toBe(true)
	})

	test('a code is six digits; spaces and dashes an app shows are dropped', () => {
		expect(normalizeCode('123 456')).toBe('123456')
		expect(normalizeCode('123-456')).toBe('123456')
		expect(normalizeCode('12345')).toBeNull()
		expect(normalizeCode('12345a')).toBeNull()
	})
})
