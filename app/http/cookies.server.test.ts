import { beforeAll, describe, expect, test } from 'vitest'
import { cookies, getColorMode, hasBetaFlag, isSignedUp, signedUpCookie } from './cookies.server'

const http = { secure: false }
const https = { secure: true }

beforeAll(() => {
	process.env.SESSION_SECRET = 'c'.repeat(40)
	process.env.DATA_DIR = '/tmp/cookies-test-data'
})

function requestWith(...setCookies: string[]) {
	const cookie = setCookies.map((value) => value.split(';')[0]).join('; ')
	return new Request('http://localhost/', { headers: { cookie } })
}

describe('cookies', () => {
	test('a signed-up flag is "true" for an hour, HttpOnly, and Secure only behind HTTPS', () => {
		const value = signedUpCookie('workshop', http)
		expect(value).toBe('workshop_signed_up=true; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax')
		expect(signedUpCookie('day_event', https)).toMatch(/^day_event_signed_up=true;.*; Secure;/)
		expect(isSignedUp(requestWith(value), 'workshop')).toBe(true)
		expect(isSignedUp(requestWith(value), 'day_event')).toBe(false)
	})

	test('the referral cookies are readable by the page for 30 days (SPEC §7, §9)', () => {
		const value = cookies.partnerKey.serialize('ada', http)
		expect(value).toBe('partner_key=ada; Max-Age=2592000; Path=/; SameSite=Lax')
		expect(cookies.referralUrl.serialize('https://x.test/?friend=ada', http)).not.toMatch(
			/HttpOnly/,
		)
	})

	test('the preview cookie is signed, SameSite=None and Secure even over HTTP (SPEC §9)', async () => {
		const value = await cookies.preview.serialize({ staging: false, key: 'k' }, http)
		expect(value).toMatch(/; Secure; SameSite=None$/)
		expect(await cookies.preview.read(requestWith(value))).toEqual({ staging: false, key: 'k' })
		expect(await cookies.preview.read(requestWith('preview=live.abc'))).toBeNull()
		expect(await cookies.preview.clear(http)).toMatch(/^preview=; Max-Age=0; Path=\/; Expires=/)
	})

	test('colour mode and beta flag read plain values, with safe defaults', () => {
		expect(getColorMode(requestWith(cookies.colorMode.serialize('light', http)))).toBe('light')
		expect(getColorMode(requestWith('color-mode=purple'))).toBe('dark')
		expect(hasBetaFlag(requestWith('beta=1'))).toBe(true)
		expect(hasBetaFlag(requestWith('beta=false'))).toBe(false)
		expect(hasBetaFlag(requestWith())).toBe(false)
	})

	test('a signed cookie reads back its value; a forged one reads as null', async () => {
		const value = await cookies.toast.serialize({ title: 'Hi' }, http)
		expect(await cookies.toast.read(requestWith(value))).toEqual({ title: 'Hi' })
		const forged = `toast=${btoa(JSON.stringify({ title: 'Hacked' }))}`
		expect(await cookies.toast.read(requestWith(forged))).toBeNull()
		expect(await cookies.toast.read(requestWith())).toBeNull()
	})
})
