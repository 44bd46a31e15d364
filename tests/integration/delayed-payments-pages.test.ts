/**
 * Delayed payments through Stripe, over HTTP on the production build (docs/decisions/164): the
 * signed webhook (a forged one refused as every webhook is), the buyer's processing page saying
 * the payment is on its way, the owner's order page saying so, and the e-mailed "pay by card"
 * link of a refused debit, whose page starts a new checkout for the same items through
 * POST /checkout, with JavaScript off (a plain form). E-mails reach a real SMTP peer.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_USERS } from '../../app/integrations/github/emulator-users'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { decodedMail, startSmtp } from '../fakes/smtp'
import type { FakeStripe } from '../fakes/stripe'
import { signInThroughPeer } from '../support/github-sign-in'
import { queueSettled, type RunningServer } from '../support/server'
import { startStripeSite, stopStripeSite } from '../support/stripe-site'

const PASS = 'ai-driven-development-day-pass'

describe('delayed payments through Stripe, over HTTP', () => {
	let server: RunningServer
	let stripe: FakeStripe
	let github: FakeGitHub
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let owner: string

	beforeAll(async () => {
		smtp = await startSmtp()
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		;({ server, stripe } = await startStripeSite({
			...github.env(2_000),
			ADMIN_GITHUB_LOGINS: 'mona',
			SMTP_URL: smtp.url,
			RATE_LIMIT_MAX: '1000',
		}))
		owner = await signInThroughPeer(server, 'mona')
	}, 120_000)
	afterAll(async () => {
		await stopStripeSite(server, stripe)
		await github?.close()
		await smtp?.close()
	})

	/** A checkout of `quantity` passes as a JSON client starts it; its order id. */
	const checkout = async (quantity = 2) => {
		const response = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: server.url },
			body: JSON.stringify({ code: PASS, quantity, region: 'GLOBAL' }),
		})
		expect(response.status).toBe(200)
		const { link } = (await response.json()) as { link: string }
		return stripe.sessions.get(link.split('/').pop()!)!.metadata.order_id!
	}
	const webhook = (delivery: { payload: string; signature: string }) =>
		fetch(`${server.url}/webhooks/stripe`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
			body: delivery.payload,
		})
	const page = async (path: string, cookie = '') => {
		const response = await fetch(`${server.url}${path}`, {
			redirect: 'manual',
			headers: cookie ? { cookie } : {},
		})
		return { status: response.status, html: await response.text(), response }
	}
	const mailTo = async (email: string) => {
		await queueSettled(server)
		return smtp.mailTo(email).map((mail) => decodedMail(mail.raw).replace(/=\r?\n/g, ''))
	}

	test('completed unpaid: the processing page and the owner’s order page say the payment is on its way; a forged success pays nothing', async () => {
		const id = await checkout(2)
		const session = stripe.completeUnpaid(stripe.sessionOf(id).id, 'sepa.page@example.com')
		const delivered = await webhook(stripe.event('checkout.session.completed', session))
		expect(await delivered.json()).toMatchObject({ handled: true, changed: true })

		const processing = await page(`/checkout/processing?id=${id}`)
		expect(processing.status).toBe(200)
		expect(processing.html).toContain('Your payment is on its way')
		expect(processing.html).toContain('Your passes are held for you until')
		expect(processing.html).toContain('we e-mail your receipt with its invoice')
		// Days, not seconds: nothing refreshes the page.
		expect(processing.html).not.toContain('http-equiv="refresh"')
		// Its German twin says the same in German, its link staying on the German page.
		const german = await page(`/de/checkout/processing?id=${id}`)
		expect(german.status).toBe(200)
		expect(german.html).toContain('Ihre Zahlung ist unterwegs')
		expect(german.html).toContain('Ihre Pässe sind bis ')
		expect(german.html).toContain(`href="/de/checkout/processing?id=${id}"`)
		expect(german.html).not.toContain('Your payment is on its way')

		const forged = stripe.event(
			'checkout.session.async_payment_succeeded',
			{ ...session, payment_status: 'paid' },
			'whsec_not_ours',
		)
		expect((await webhook(forged)).status).toBe(400)

		const ownerPage = await page(`/admin/orders/${id}`, owner)
		expect(ownerPage.status).toBe(200)
		expect(ownerPage.html).toContain('pending: payment on its way, seats held until')
		const [mail] = await mailTo('sepa.page@example.com')
		expect(mail).toContain(`Subject: Your payment for order ${id} is on its way`)
	})

	test('failed: the e-mailed link opens a page whose Pay by card button starts a checkout for the same items, without JavaScript', async () => {
		const id = await checkout(3)
		const session = stripe.completeUnpaid(stripe.sessionOf(id).id, 'sepa.refused@example.com')
		await webhook(stripe.event('checkout.session.completed', session))
		await webhook(
			stripe.event('checkout.session.async_payment_failed', stripe.settle(session.id, 'failed')),
		)
		const mail = (await mailTo('sepa.refused@example.com')).find((text) =>
			text.includes('did not go through'),
		)!
		const link = mail.match(/https?:\/\/[^\s"<>]+\/pay-by-card\?key=[^\s"<>\]]+/)![0]
		const path = new URL(link.replace(/&amp;/g, '&')).pathname
		const key = new URL(link.replace(/&amp;/g, '&')).searchParams.get('key')!

		const offer = await page(`${path}?key=${encodeURIComponent(key)}`)
		expect(offer.status).toBe(200)
		expect(offer.html).toContain('Pay by card')
		// Another order's key, or none: nothing to see.
		expect((await page(`${path}?key=forged`)).status).toBe(404)
		const other = await checkout(1)
		expect(
			(await page(`/checkout/${other}/pay-by-card?key=${encodeURIComponent(key)}`)).status,
		).toBe(404)

		// The form, posted as a browser without JavaScript posts it.
		expect(offer.html).toContain('<form method="post" action="/checkout">')
		const form = offer.html.slice(
			offer.html.indexOf('<form method="post" action="/checkout">'),
			offer.html.indexOf('</form>', offer.html.indexOf('action="/checkout"')),
		)
		const fields = Object.fromEntries(
			[...form.matchAll(/<input type="hidden" name="([a-z]+)" value="([^"]*)"/g)].map((match) => [
				match[1]!,
				match[2]!,
			]),
		)
		// The old order's language goes on to the new one (decision 174).
		expect(fields).toEqual({ code: PASS, quantity: '3', region: 'GLOBAL', locale: 'en-US' })
		const posted = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams(fields),
		})
		expect(posted.status).toBe(303)
		const again = stripe.sessions.get(posted.headers.get('location')!.split('/').pop()!)!
		expect(again.metadata.order_id).not.toBe(id)
		expect(stripe.requests.at(-1)?.params['line_items[0][quantity]']).toBe('3')
	})
})
