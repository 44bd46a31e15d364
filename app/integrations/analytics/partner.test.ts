import { afterEach, describe, expect, test, vi } from 'vitest'
import { PARTNER_WARNINGS, reportPartnerSignup } from './partner'

const signup = {
	email: 'ada@example.com',
	partnerKey: 'friend1',
	referralUrl: 'https://s.test/?friend=friend1',
}
const noWait = async () => {}

afterEach(() => vi.restoreAllMocks())

describe('partner sign-up (SPEC §7)', () => {
	test('sends key = e-mail, the e-mail, the partner key and the referral URL', async () => {
		const po = vi.fn()
		expect(await reportPartnerSignup('prog1', signup, { getPo: () => po, wait: noWait })).toBe(true)
		expect(po).toHaveBeenCalledWith('customers', 'signup', {
			data: {
				key: 'ada@example.com',
				email: 'ada@example.com',
				partner_key: 'friend1',
				referral_url: 'https://s.test/?friend=friend1',
			},
		})
	})

	test('nothing without a friend; a warning without a programme id', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const po = vi.fn()
		expect(
			await reportPartnerSignup('prog1', { ...signup, partnerKey: null }, { getPo: () => po }),
		).toBe(false)
		expect(await reportPartnerSignup(null, signup, { getPo: () => po })).toBe(false)
		expect(po).not.toHaveBeenCalled()
		expect(warn).toHaveBeenCalledWith(PARTNER_WARNINGS.unset)
	})

	test('up to 5 attempts 500 ms apart, then a warning', async () => {
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const waits: number[] = []
		let calls = 0
		const result = await reportPartnerSignup('prog1', signup, {
			getPo: () => {
				calls++
				return undefined
			},
			wait: async (ms) => {
				waits.push(ms)
			},
		})
		expect(result).toBe(false)
		expect(calls).toBe(5)
		expect(waits).toEqual([500, 500, 500, 500])
		expect(warn).toHaveBeenCalledWith(PARTNER_WARNINGS.failed)
	})

	test('a script that arrives on the third attempt gets the call', async () => {
		const po = vi.fn()
		let calls = 0
		expect(
			await reportPartnerSignup('prog1', signup, {
				getPo: () => (++calls >= 3 ? po : undefined),
				wait: noWait,
			}),
		).toBe(true)
		expect(po).toHaveBeenCalledTimes(1)
	})
})
