import { describe, expect, test } from 'vitest'
import { attributionCookies, getAttribution } from '~/http/attribution.server'
import {
	checkoutHeaders,
	isPlausibleFriendKey,
	parseAttribution,
	readReferralCookies,
	recordTouch,
	referralFromUrl,
	serializeAttribution,
	touchFromUrl,
} from './attribution'

const origin = 'https://site.test'

describe('friend referral (SPEC §3, §4)', () => {
	test('?friend=KEY gives the key and the page origin and path plus ?friend=KEY', () => {
		expect(
			referralFromUrl(new URL('https://x.test/blog/a/b?utm_source=x&friend=abc_12'), origin),
		).toEqual({
			partnerKey: 'abc_12',
			referralUrl: 'https://site.test/blog/a/b?friend=abc_12',
		})
	})

	test('implausible keys are ignored', () => {
		for (const key of ['', 'ab', 'a b c', '<script>', 'x'.repeat(65), 'https://evil.test', 'é-key'])
			expect(isPlausibleFriendKey(key), key).toBe(false)
		expect(referralFromUrl(new URL(`${origin}/?friend=%3Cb%3E`), origin)).toBeNull()
		expect(referralFromUrl(new URL(`${origin}/`), origin)).toBeNull()
	})

	test('sets both cookies for 30 days, readable by the page, SameSite=Lax', () => {
		const cookies = attributionCookies({
			url: new URL(`${origin}/nope?friend=partner-7`),
			origin,
			secure: true,
			cookieHeader: undefined,
		})
		expect(cookies).toEqual([
			'partner_key=partner-7; Max-Age=2592000; Path=/; Secure; SameSite=Lax',
			`referral_url=${encodeURIComponent('https://site.test/nope?friend=partner-7')}; Max-Age=2592000; Path=/; Secure; SameSite=Lax`,
		])
	})
})

describe('marketing touches', () => {
	const at = new Date('2026-01-02T03:04:05Z')

	test('captures utm_*, gclid and fbclid with the landing path', () => {
		const url = new URL(
			`${origin}/workshop?utm_source=news&utm_medium=email&utm_campaign=launch&utm_term=ai&utm_content=top&gclid=G1&fbclid=F1&other=x`,
		)
		expect(touchFromUrl(url, at)).toEqual({
			utm_source: 'news',
			utm_medium: 'email',
			utm_campaign: 'launch',
			utm_term: 'ai',
			utm_content: 'top',
			gclid: 'G1',
			fbclid: 'F1',
			landing: '/workshop',
			at: at.toISOString(),
		})
		expect(touchFromUrl(new URL(`${origin}/?other=1&utm_source=`), at)).toBeNull()
	})

	test('keeps the first touch and replaces the last', () => {
		const first = touchFromUrl(new URL(`${origin}/?utm_source=a`), at)!
		const second = touchFromUrl(new URL(`${origin}/?utm_source=b`), at)!
		const third = touchFromUrl(new URL(`${origin}/?gclid=c`), at)!
		const attribution = recordTouch(recordTouch(recordTouch(null, first), second), third)
		expect(attribution.first?.utm_source).toBe('a')
		expect(attribution.last).toEqual(third)
	})

	test('the cookie round-trips and a forged or broken value reads as nothing', () => {
		const touch = touchFromUrl(new URL(`${origin}/?utm_source=a`), at)!
		expect(parseAttribution(serializeAttribution({ first: touch, last: touch }))).toEqual({
			first: touch,
			last: touch,
		})
		expect(parseAttribution('{not json')).toBeNull()
		expect(parseAttribution('{"first":{"landing":1}}')).toBeNull()
	})

	test('the marketing cookie keeps the first touch from the request', () => {
		const first = { first: touchFromUrl(new URL(`${origin}/?utm_source=a`), at)! }
		const [value] = attributionCookies({
			url: new URL(`${origin}/?utm_source=b`),
			origin,
			secure: false,
			cookieHeader: `marketing=${encodeURIComponent(serializeAttribution(first))}`,
			now: at,
		})
		expect(value).toMatch(/^marketing=.*; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/)
		const stored = parseAttribution(
			decodeURIComponent(value!.split(';')[0]!.slice('marketing='.length)),
		)
		expect(stored?.first?.utm_source).toBe('a')
		expect(stored?.last?.utm_source).toBe('b')
	})
})

describe('getAttribution', () => {
	test('reads the cookies, ignoring implausible values', () => {
		const request = new Request(`${origin}/workshop`, {
			headers: {
				cookie: `partner_key=abc; referral_url=${encodeURIComponent(`${origin}/?friend=abc`)}`,
			},
		})
		expect(getAttribution(request)).toEqual({
			partnerKey: 'abc',
			referralUrl: `${origin}/?friend=abc`,
			marketing: {},
		})
		const forged = new Request(`${origin}/`, {
			headers: { cookie: 'partner_key=%3Cx%3E; referral_url=javascript:alert(1)' },
		})
		expect(getAttribution(forged)).toMatchObject({ partnerKey: null, referralUrl: null })
	})

	test('the request URL counts before its cookies come back', () => {
		const request = new Request(`${origin}/?index&friend=newkey&utm_source=ads`)
		const facts = getAttribution(request)
		expect(facts.partnerKey).toBe('newkey')
		expect(facts.referralUrl).toBe(`${origin}/?friend=newkey`)
		expect(facts.marketing.first?.utm_source).toBe('ads')
	})
})

describe('the referral cookies in the browser (SPEC §7)', () => {
	test('reads the referral cookies the server set', () => {
		expect(
			readReferralCookies(
				`a=1; partner_key=k1; referral_url=${encodeURIComponent('https://s.test/?friend=k1')}`,
			),
		).toEqual({
			partnerKey: 'k1',
			referralUrl: 'https://s.test/?friend=k1',
		})
		expect(readReferralCookies('')).toEqual({ partnerKey: null, referralUrl: null })
	})

	test('checkout sends the partner cookie as X-Affiliate, and as X-Coupon when no coupon was typed', () => {
		expect(checkoutHeaders({ coupon: '', partnerKey: 'k1' })).toEqual({
			'X-Coupon': 'k1',
			'X-Affiliate': 'k1',
		})
		expect(checkoutHeaders({ coupon: ' SPRING ', partnerKey: 'k1' })).toEqual({
			'X-Coupon': 'SPRING',
			'X-Affiliate': 'k1',
		})
		expect(checkoutHeaders({ coupon: 'SPRING', partnerKey: null })).toEqual({
			'X-Coupon': 'SPRING',
		})
		expect(checkoutHeaders({ coupon: undefined, partnerKey: null })).toEqual({})
	})
})
