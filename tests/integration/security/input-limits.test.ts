/**
 * Oversized input answers a clear error, never a 500, and nothing is stored: the onboarding
 * profile (held in the signed cookie session, docs/decisions/042) has limits on every field
 * (app/forms/limits.ts), the GitHub sign-in cannot overflow the cookie, and e-mail addresses
 * longer than 254 characters are refused before the database wherever one enters.
 * Against the production build (`npm run build` first), a fake Stripe, and the GitHub emulator.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EMAIL_MAX_LENGTH } from '~/forms/limits'
import type { FakeStripe } from '../../fakes/stripe'
import type { RunningServer } from '../../support/server'
import { startStripeSite, stopStripeSite } from '../../support/stripe-site'

const SESSION_SECRET = 'input-limits-test-secret-0123456789abcdef'
const longEmail = `${'a'.repeat(64)}@${'b'.repeat(EMAIL_MAX_LENGTH)}.example.com`

/**
 * A one-click link signed with the site's secret the way signed-token.server.ts signs them, for
 * an address that code now refuses to sign: a link made by an older build, or by hand.
 */
function handSignedLink(email: string): string {
	const payload = Buffer.from(
		JSON.stringify({
			e: email,
			l: 'workshop',
			p: 'signup',
			x: Math.floor(Date.now() / 1000) + 600,
		}),
	).toString('base64url')
	const key = crypto.createHmac('sha256', SESSION_SECRET).update('signed-links/v1').digest()
	return `${payload}.${crypto.createHmac('sha256', key).update(payload).digest('base64url')}`
}

describe('oversized input on the site', () => {
	let server: RunningServer
	let stripe: FakeStripe

	beforeAll(async () => {
		;({ server, stripe } = await startStripeSite({
			RATE_LIMIT_MAX: '1000',
			SESSION_SECRET,
		}))
	}, 120_000)
	afterAll(() => stopStripeSite(server, stripe))

	async function honeypot(path: string) {
		const html = await (await fetch(`${server.url}${path}`)).text()
		return {
			website: '',
			from__confirm: html.match(/name="from__confirm"[^>]*value="([^"]+)"/)![1]!,
		}
	}

	const post = (path: string, fields: Record<string, string>) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams(fields),
		})

	test('onboarding: a huge avatar URL answers a form error, sets no cookie', async () => {
		const response = await post('/onboarding', {
			...(await honeypot('/onboarding')),
			email: 'huge-avatar@example.com',
			avatar: `https://example.com/${'a'.repeat(6000)}`,
		})
		expect(response.status).toBe(400)
		expect(await response.text()).toContain('The avatar URL must be at most 512 characters')
		expect(response.headers.getSetCookie()).toEqual([])
	})

	test('onboarding: an e-mail over 254 characters is refused with SPEC §5’s message', async () => {
		const response = await post('/onboarding', {
			...(await honeypot('/onboarding')),
			email: longEmail,
		})
		expect(response.status).toBe(400)
		expect(await response.text()).toContain('Please enter a valid email address')
	})

	test('onboarding: the largest profile the rules allow still fits the session cookie', async () => {
		const response = await post('/onboarding', {
			...(await honeypot('/onboarding')),
			email: `${'e'.repeat(64)}@${'d'.repeat(60)}.${'c'.repeat(60)}.${'b'.repeat(60)}.com`,
			firstName: 'Ååååååååååååååååååå',
			lastName: 'Øøøøøøøøøøøøøøøøøøø',
			avatar: `https://example.com/${'a'.repeat(512 - 20)}`,
		})
		expect(response.status).toBe(302)
		expect(response.headers.getSetCookie().join('')).toContain('session=')
	})

	test('a one-click link naming an over-long address is refused as not valid, 400', async () => {
		const token = handSignedLink(longEmail)
		// The same link for a normal address works: the refusal is the length's.
		expect(
			(
				await post('/signup/one-click', {
					...(await honeypot('/')),
					token: handSignedLink('ok@example.com'),
				})
			).status,
		).toBe(302)
		const response = await post('/signup/one-click', {
			...(await honeypot('/')),
			token,
		})
		expect(response.status).toBe(400)
	})

	test('a buyer e-mail over 254 characters from Stripe is not stored; the payment is', async () => {
		const created = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: 'ai-driven-dev-preorder', quantity: 1 }),
		})
		const { link } = (await created.json()) as { link: string }
		// The buyer's browser sees its order's e-mail (docs/decisions/068).
		const buyer = created.headers.getSetCookie().find((line) => line.startsWith('checkouts='))!
		const session = [...stripe.sessions.values()].find((s) => s.url === link)!
		stripe.complete(session.id, longEmail)
		const { payload, signature } = stripe.event('checkout.session.completed', session)
		const delivered = await fetch(`${server.url}/webhooks/stripe`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
			body: payload,
		})
		expect(delivered.status).toBe(200)
		const view = (await (
			await fetch(`${server.url}/checkout/${session.metadata.order_id}`, {
				headers: { Cookie: buyer.split(';')[0]! },
			})
		).json()) as { status: string; data: { email: string | null } }
		expect(view).toMatchObject({ status: 'paid', data: { email: null } })
	})
})
