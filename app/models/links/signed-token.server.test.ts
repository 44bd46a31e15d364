import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createUnsubscribeToken, verifyUnsubscribeToken } from './preference-tokens.server'
import { sign } from './sealed.server'
import {
	createJoinToken,
	createLinkToken,
	createToken,
	LINK_PURPOSES,
	verifyInvoiceLink,
	verifyJoinToken,
	verifyLinkToken,
	verifyToken,
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
})

/** How the links of 2026 were made, before decision 127: links already sent must still open. */
const oldWay = {
	seal(data: Record<string, unknown>, key: string) {
		const linksKey = crypto.createHmac('sha256', key).update('signed-links/v1').digest()
		const payload = Buffer.from(JSON.stringify(data)).toString('base64url')
		return `${payload}.${crypto.createHmac('sha256', linksKey).update(payload).digest('base64url')}`
	},
	invoiceSignature(id: string, key: string) {
		const linksKey = crypto.createHmac('sha256', key).update('signed-links/v1').digest()
		return crypto.createHmac('sha256', linksKey).update(`invoice:${id}`).digest('base64url')
	},
}

describe('links signed for one purpose and one subject (docs/decisions/127)', () => {
	const id = 'A'.repeat(22)
	const never = (purpose: (typeof LINK_PURPOSES)[number], subject = id) =>
		createLinkToken({ purpose, subject, expiresAt: 'never' }, secret)

	test.each(LINK_PURPOSES)(
		'a link for %s names its subject, under its own secret only',
		(purpose) => {
			const token = never(purpose)
			expect(verifyLinkToken(token, purpose, secret)).toEqual({ ok: true, subject: id })
			expect(verifyLinkToken(token, purpose, 'b'.repeat(40))).toEqual({
				ok: false,
				reason: 'invalid',
			})
			expect(verifyLinkToken(never(purpose, 'B'.repeat(22)), purpose, secret)).toEqual({
				ok: true,
				subject: 'B'.repeat(22),
			})
		},
	)

	const pairs = LINK_PURPOSES.flatMap((made) =>
		LINK_PURPOSES.filter((other) => other !== made).map((asked) => [made, asked] as const),
	)
	test.each(pairs)('a link made for %s never verifies for %s', (made, asked) => {
		expect(verifyLinkToken(never(made), asked, secret)).toEqual({ ok: false, reason: 'invalid' })
		expect(
			verifyLinkToken(
				createLinkToken({ purpose: made, subject: id, expiresAt: new Date(now + 60_000) }, secret),
				asked,
				secret,
				now,
			),
		).toEqual({ ok: false, reason: 'invalid' })
	})

	test.each(LINK_PURPOSES)(
		'no other kind of token passes as a link for %s, nor such a link as another kind',
		(purpose) => {
			const others = [
				createUnsubscribeToken('a@b.c', secret),
				createToken({ email: 'a@b.c', list: 'course', purpose: 'signup', ttlSeconds: 60 }, secret),
				createToken(
					{ email: 'a@b.c', list: 'day_event', purpose: 'confirm', ttlSeconds: 60 },
					secret,
				),
			]
			for (const other of others)
				expect(verifyLinkToken(other, purpose, secret).ok, other).toBe(false)
			const link = never(purpose)
			expect(verifyUnsubscribeToken(link, secret)).toBeNull()
			expect(verifyToken(link, 'signup', secret).ok).toBe(false)
			expect(verifyJoinToken(link, secret).ok).toBe(false)
		},
	)

	test('a link with an expiry verifies until then, and says whose it was after', () => {
		const token = createLinkToken(
			{ purpose: 'waitlist-offer', subject: id, expiresAt: new Date(now + 60_000) },
			secret,
		)
		expect(verifyLinkToken(token, 'waitlist-offer', secret, now + 59_000)).toEqual({
			ok: true,
			subject: id,
		})
		expect(verifyLinkToken(token, 'waitlist-offer', secret, now + 60_000)).toEqual({
			ok: false,
			reason: 'expired',
			subject: id,
		})
	})

	test('a changed subject, purpose or expiry, a cut signature or garbage does not verify', () => {
		const token = createLinkToken(
			{ purpose: 'waitlist-offer', subject: id, expiresAt: new Date(now + 60_000) },
			secret,
		)
		const [payload, signature] = token.split('.') as [string, string]
		const data = JSON.parse(Buffer.from(payload, 'base64url').toString())
		const forge = (change: Record<string, unknown>) =>
			`${Buffer.from(JSON.stringify({ ...data, ...change })).toString('base64url')}.${signature}`
		for (const bad of [
			forge({ o: 'B'.repeat(22) }),
			forge({ p: 'order' }),
			forge({ x: data.x + 86_400 }),
			`${payload}.${signature.slice(0, -1)}`,
			`${token}x`,
			payload,
			'',
			'garbage',
			'x'.repeat(5_000),
			null,
			undefined,
		])
			expect(verifyLinkToken(bad, 'waitlist-offer', secret, now).ok, String(bad)).toBe(false)
	})

	test('a subject that could not be an id is refused when made and when read', () => {
		expect(() => never('order', 'a/b')).toThrow(RangeError)
		expect(() => never('order', '')).toThrow(RangeError)
		const odd = oldWay.seal({ o: '../x', p: 'order' }, secret)
		expect(verifyLinkToken(odd, 'order', secret).ok).toBe(false)
	})

	test('order and offer links made the old way still open, for as long as they did', () => {
		const order = oldWay.seal({ o: 'order_A', p: 'order' }, secret)
		expect(verifyLinkToken(order, 'order', secret)).toEqual({ ok: true, subject: 'order_A' })
		const offer = oldWay.seal({ o: 'order_B', p: 'waitlist-offer' }, secret)
		expect(verifyLinkToken(offer, 'waitlist-offer', secret)).toEqual({
			ok: true,
			subject: 'order_B',
		})
		// The same bytes: a link that never expires is made as before.
		expect(never('order', 'order_A')).toBe(order)
		expect(verifyLinkToken(order, 'waitlist-offer', secret).ok).toBe(false)
	})

	test('an invoice link made the old way (a bare signature) still opens its invoice only', () => {
		const signature = oldWay.invoiceSignature(id, secret)
		expect(verifyInvoiceLink(id, signature, secret)).toBe(true)
		expect(verifyInvoiceLink('B'.repeat(22), signature, secret)).toBe(false)
		expect(verifyInvoiceLink(id, signature, 't'.repeat(32))).toBe(false)
		expect(verifyInvoiceLink(id, `${signature}x`, secret)).toBe(false)
		expect(verifyInvoiceLink(id, null, secret)).toBe(false)
		// A bare signature is accepted for invoices only: no other purpose had one.
		expect(verifyLinkToken(signature, 'invoice', secret).ok).toBe(false)
	})

	test('a new invoice link opens its own invoice only', () => {
		const token = never('invoice')
		expect(verifyInvoiceLink(id, token, secret)).toBe(true)
		expect(verifyInvoiceLink('B'.repeat(22), token, secret)).toBe(false)
		expect(verifyInvoiceLink(id, never('order'), secret)).toBe(false)
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

	test('a day event’s link names its access, signed: a registrant’s stream link rewritten to a pass’s, or with no access, or an unknown one, does not verify (docs/decisions/155)', () => {
		const day = (access: 'stream' | 'pass') =>
			createJoinToken({ email: 'ada@example.com', eventId: 'the-day', expiresAt, access }, secret)
		expect(verifyJoinToken(day('pass'), secret, now)).toEqual({
			ok: true,
			email: 'ada@example.com',
			eventId: 'the-day',
			access: 'pass',
		})
		expect(verifyJoinToken(day('stream'), secret, now)).toMatchObject({ access: 'stream' })
		const [payload, signature] = day('stream').split('.') as [string, string]
		const data = JSON.parse(Buffer.from(payload, 'base64url').toString())
		const forge = (change: Record<string, unknown>) =>
			`${Buffer.from(JSON.stringify({ ...data, ...change })).toString('base64url')}.${signature}`
		for (const bad of [forge({ k: 'pass' }), forge({ k: undefined })])
			expect(verifyJoinToken(bad, secret, now)).toEqual({ ok: false, reason: 'invalid' })
		const { k: _, ...signedWithout } = data
		const unknown = `${Buffer.from(JSON.stringify({ ...signedWithout, k: 'vip' })).toString('base64url')}`
		expect(verifyJoinToken(`${unknown}.${sign(unknown, secret)}`, secret, now)).toEqual({
			ok: false,
			reason: 'invalid',
		})
	})

	test('an unsubscribe token is no joining link, nor the other way round', () => {
		expect(verifyJoinToken(createUnsubscribeToken('a@b.c', secret), secret, now).ok).toBe(false)
		expect(verifyUnsubscribeToken(join(), secret)).toBeNull()
	})
})
