import { describe, expect, test } from 'vitest'
import {
	createJoinToken,
	createOrderToken,
	createToken,
	createUnsubscribeToken,
	signReference,
	verifyJoinToken,
	verifyOrderToken,
	verifyReference,
	verifyToken,
	verifyUnsubscribeToken,
} from './signed-token.server'

const secret = 'a'.repeat(40)
const now = Date.UTC(2026, 0, 1)

describe('signed links', () => {
	test('a fresh token verifies and names the normalised e-mail and the list', () => {
		const token = createToken(
			{ email: ' Ada@Example.COM ', list: 'workshop', purpose: 'signup', ttlSeconds: 60 },
			secret,
			now,
		)
		const result = verifyToken(token, 'signup', secret, now + 59_000)
		expect(result).toEqual({
			ok: true,
			claims: {
				email: 'ada@example.com',
				list: 'workshop',
				purpose: 'signup',
				expiresAt: new Date(now + 60_000),
			},
		})
	})

	test('an expired token says so', () => {
		const token = createToken(
			{ email: 'a@b.c', list: 'course', purpose: 'signup', ttlSeconds: 60 },
			secret,
			now,
		)
		expect(verifyToken(token, 'signup', secret, now + 60_000)).toEqual({
			ok: false,
			reason: 'expired',
		})
	})

	test('tampering with the e-mail, the list or the signature makes it invalid', () => {
		const token = createToken(
			{ email: 'a@b.c', list: 'course', purpose: 'signup', ttlSeconds: 60 },
			secret,
			now,
		)
		const [payload, signature] = token.split('.') as [string, string]
		const data = JSON.parse(Buffer.from(payload, 'base64url').toString())
		const forged = Buffer.from(JSON.stringify({ ...data, e: 'evil@b.c' })).toString('base64url')
		expect(verifyToken(`${forged}.${signature}`, 'signup', secret, now)).toEqual({
			ok: false,
			reason: 'invalid',
		})
		expect(verifyToken(`${payload}.${signature.slice(0, -2)}xx`, 'signup', secret, now).ok).toBe(
			false,
		)
		expect(verifyToken(token, 'signup', 'b'.repeat(40), now).ok).toBe(false)
		expect(verifyToken('garbage', 'signup', secret, now).ok).toBe(false)
		expect(verifyToken(undefined, 'signup', secret, now).ok).toBe(false)
	})

	test('a token for one purpose does not pass for another', () => {
		const token = createToken(
			{ email: 'a@b.c', list: 'day_event', purpose: 'confirm', ttlSeconds: 60 },
			secret,
			now,
		)
		expect(verifyToken(token, 'signup', secret, now)).toEqual({ ok: false, reason: 'invalid' })
	})
})

describe('e-mail length in links', () => {
	test('no link is made for, or accepted with, an address over 254 characters', () => {
		const long = `${'a'.repeat(64)}@${'b'.repeat(250)}.com`
		expect(() =>
			createToken(
				{ email: long, list: 'workshop', purpose: 'signup', ttlSeconds: 60 },
				's'.repeat(32),
			),
		).toThrow(RangeError)
	})
})

describe('unsubscribe links (docs/decisions/109)', () => {
	test('a token names the normalised address and never expires', () => {
		const token = createUnsubscribeToken(' Ada+News@Example.COM ', secret)
		expect(verifyUnsubscribeToken(token, secret)).toBe('ada+news@example.com')
		// Deterministic: every e-mail to one address carries the same link.
		expect(createUnsubscribeToken('ada+news@example.com', secret)).toBe(token)
	})

	test('a forged address, a cut signature, another secret or garbage names no one', () => {
		const token = createUnsubscribeToken('ada@example.com', secret)
		const [payload, signature] = token.split('.') as [string, string]
		const data = JSON.parse(Buffer.from(payload, 'base64url').toString())
		const forged = Buffer.from(JSON.stringify({ ...data, e: 'grace@example.com' })).toString(
			'base64url',
		)
		for (const bad of [
			`${forged}.${signature}`,
			`${payload}.${signature.slice(0, -1)}`,
			`${payload}.`,
			payload,
			'',
			'a.b.c',
			'%%%.%%%',
			null,
			undefined,
			`${token}.${signature}`,
			'x'.repeat(5_000),
		])
			expect(verifyUnsubscribeToken(bad, secret), String(bad).slice(0, 40)).toBeNull()
		expect(verifyUnsubscribeToken(token, 'b'.repeat(40))).toBeNull()
	})

	test('a sign-up or confirmation token is no unsubscribe token, nor the other way round', () => {
		const signup = createToken(
			{ email: 'a@b.c', list: 'workshop', purpose: 'signup', ttlSeconds: 60 },
			secret,
		)
		expect(verifyUnsubscribeToken(signup, secret)).toBeNull()
		const unsubscribe = createUnsubscribeToken('a@b.c', secret)
		expect(verifyToken(unsubscribe, 'signup', secret).ok).toBe(false)
		expect(verifyToken(unsubscribe, 'confirm', secret).ok).toBe(false)
	})

	test('no unsubscribe link is made for an address over 254 characters', () => {
		expect(() => createUnsubscribeToken(`${'a'.repeat(300)}@b.co`, secret)).toThrow(RangeError)
	})

	test('an order link verifies for its own order only, under its own secret and purpose', () => {
		const token = createOrderToken('order_A', secret)
		expect(verifyOrderToken(token, 'order_A', secret)).toBe(true)
		expect(verifyOrderToken(token, 'order_B', secret)).toBe(false)
		expect(verifyOrderToken(token, 'order_A', 'b'.repeat(40))).toBe(false)
		expect(verifyOrderToken(`${token}x`, 'order_A', secret)).toBe(false)
		expect(verifyOrderToken(null, 'order_A', secret)).toBe(false)
		// Another purpose's token is no order link, nor the other way round.
		expect(verifyOrderToken(createUnsubscribeToken('order_A', secret), 'order_A', secret)).toBe(
			false,
		)
		expect(verifyUnsubscribeToken(token, secret)).toBeNull()
	})
})

describe('signed references (invoice links)', () => {
	const secret = 's'.repeat(32)
	test('a reference verifies with its own signature only: not another id’s, purpose’s or secret’s', () => {
		const signature = signReference('invoice', 'A'.repeat(22), secret)
		expect(verifyReference('invoice', 'A'.repeat(22), signature, secret)).toBe(true)
		expect(verifyReference('invoice', 'B'.repeat(22), signature, secret)).toBe(false)
		expect(verifyReference('invoice', 'A'.repeat(22), signature, 't'.repeat(32))).toBe(false)
		expect(verifyReference('invoice', 'A'.repeat(22), null, secret)).toBe(false)
		expect(verifyReference('invoice', 'A'.repeat(22), `${signature}x`, secret)).toBe(false)
	})
})

describe('joining links (docs/decisions/116)', () => {
	const expiresAt = new Date(now + 86_400_000)
	const join = (email = 'Ada@Example.com', eventId = 'workshop-2026-12-10') =>
		createJoinToken({ email, eventId, expiresAt }, secret)

	test('a token names the normalised address and the event until it expires', () => {
		expect(verifyJoinToken(join(), secret, now)).toEqual({
			ok: true,
			email: 'ada@example.com',
			eventId: 'workshop-2026-12-10',
		})
		expect(verifyJoinToken(join(), secret, expiresAt.getTime())).toEqual({
			ok: false,
			reason: 'expired',
		})
	})

	test('another event, another address, a cut signature or another secret do not verify', () => {
		const [payload, signature] = join().split('.') as [string, string]
		const data = JSON.parse(Buffer.from(payload, 'base64url').toString())
		const forge = (change: Record<string, unknown>) =>
			`${Buffer.from(JSON.stringify({ ...data, ...change })).toString('base64url')}.${signature}`
		for (const bad of [
			forge({ v: 'workshop-2027-01-14' }),
			forge({ e: 'grace@example.com' }),
			forge({ x: data.x + 86_400 }),
			`${payload}.${signature.slice(0, -1)}`,
			payload,
			null,
		])
			expect(verifyJoinToken(bad, secret, now)).toEqual({ ok: false, reason: 'invalid' })
		expect(verifyJoinToken(join(), 'b'.repeat(40), now).ok).toBe(false)
	})

	test('an unsubscribe token is no joining link, nor the other way round', () => {
		expect(verifyJoinToken(createUnsubscribeToken('a@b.c', secret), secret, now).ok).toBe(false)
		expect(verifyUnsubscribeToken(join(), secret)).toBeNull()
	})
})
