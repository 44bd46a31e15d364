/**
 * What a buyer sees and receives at the seams (issue 36 items 6, 17 and 18; docs/decisions/152),
 * through the production build with the sandbox provider and a real SMTP peer, as plain form
 * posts (a browser without JavaScript): a waiting-list offer's payment page fills in the address
 * it was offered to and takes no other; paid, its thank-you page is the buyer's own, with what
 * they bought and their invoice, made out to the name they gave; the VAT-number hint says what
 * the reverse charge does to the price; the pages that sell link the privacy policy and the
 * terms before release; the FAQ's "Write to us" says where to. Needs `npm run build:test`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MESSAGES } from '../../app/forms/messages'
import { createLinkToken } from '../../app/models/links/signed-token.server'
import { decodedMail, startSmtp } from '../fakes/smtp'
import { SANDBOX_CARD } from '../support/sandbox'
import { type RunningServer, startServer } from '../support/server'

const SEAT = 'ai-driven-dev-preorder'
const EMAIL = 'offered-buyer@example.com'
const STRANGER = 'someone-else@example.com'
const SECRET = 'buyers-pages-suite-secret-0123456789abcdef'

/** What a page's HTML says, with React's text separators and entities read as text. */
const text = (html: string) =>
	html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')

describe("a buyer's own pages", () => {
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let server: RunningServer
	let offerPath: string
	/** The offer's order, and the `checkouts` cookie its offer page gave this browser. */
	let orderId = ''
	let cookie = ''
	/** A checkout this browser started before it took the offer. */
	let earlierOrder = ''

	/** The path of the first link under `prefix` in the latest e-mail to EMAIL with `subject`. */
	async function linkInMail(subject: string, prefix: string, count: number) {
		const mail = (await smtp.waitFor(EMAIL, count)).map((each) => decodedMail(each.raw))
		const found = mail.reverse().find((raw) => raw.includes(subject))
		const path = found?.match(new RegExp(`${prefix}[\\w.%-]+`))?.[0]
		if (!path) throw new Error(`No ${prefix} link in the e-mail "${subject}"`)
		return path
	}

	const form = (path: string, fields: Record<string, string>, headers = {}) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				origin: server.url,
				...headers,
			},
			body: new URLSearchParams(fields),
		})

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({
			COURSE_SLOTS: '10',
			CHECKOUT_HOLD_SHARE_PERCENT: '100',
			RATE_LIMIT_MAX: '1000',
			SMTP_URL: smtp.url,
			JOBS_POLL_SECONDS: '1',
			SESSION_SECRET: SECRET,
		})
		// One buyer holds every seat; a visitor joins the list and confirms from the e-mail.
		const held = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: server.url },
			body: JSON.stringify({ code: SEAT, quantity: 10, region: 'GLOBAL' }),
		})
		expect(held.status).toBe(200)
		const holderPage = new URL(((await held.json()) as { link: string }).link).pathname
		const joined = await fetch(`${server.url}/api/waitlist`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: server.url },
			body: JSON.stringify({ code: SEAT, quantity: 1, region: 'GLOBAL', email: EMAIL }),
		})
		expect(joined.status).toBe(200)
		const confirmPath = await linkInMail('Confirm your place', '/waitlist/confirm/', 1)
		expect((await fetch(`${server.url}${confirmPath}`)).status).toBe(200)
		// The holder leaves their checkout: a seat goes to the visitor as an offer.
		expect((await form(holderPage, { intent: 'cancel' })).status).toBe(303)
		offerPath = await linkInMail('Your turn', '/waitlist/offer/', 2)
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	/** A JSON checkout of one day pass, as a browser's script starts it. */
	const startDayPass = () =>
		fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: server.url },
			body: JSON.stringify({
				code: 'ai-driven-development-day-pass',
				quantity: 1,
				region: 'GLOBAL',
			}),
		})

	/** The `checkouts` cookie an answer sets, as a request sends it back. */
	const checkoutsSet = (answer: Response) =>
		answer.headers
			.getSetCookie()
			.find((line) => line.startsWith('checkouts='))
			?.split(';')[0]

	test("the offer's payment page fills in the offered address; another address is refused beside the field and pays nothing", async () => {
		// This browser started another checkout before it took the offer (a day pass).
		const before = await startDayPass()
		expect(before.status).toBe(200)
		earlierOrder = new URL(((await before.json()) as { link: string }).link).pathname
			.split('/')
			.pop()!
		const earlier = checkoutsSet(before)!
		// The offer's answer cannot read the list (its path is /checkout): it hands the order to
		// the queue page, which adds it to the list and goes on to the payment page (decision 182).
		const going = await form(offerPath, {}, { cookie: earlier })
		expect(going.status).toBe(303)
		expect(checkoutsSet(going)).toBeUndefined()
		const handover = going.headers.get('location')!
		expect(handover).toMatch(/^\/checkout\/[\w-]{22}\/queue\?key=[\w.%-]+$/)
		const handedOver = await fetch(`${server.url}${handover}`, {
			redirect: 'manual',
			headers: { cookie: earlier },
		})
		expect(handedOver.status).toBe(303)
		expect(handedOver.headers.get('location')).toBe(handover.split('?')[0])
		cookie = checkoutsSet(handedOver)!
		expect(cookie).toBeTruthy()
		const onward = await fetch(`${server.url}${handedOver.headers.get('location')}`, {
			redirect: 'manual',
			headers: { cookie },
		})
		const payPage = new URL(onward.headers.get('location')!, server.url).pathname
		expect(payPage).toMatch(/^\/checkout\/sandbox\/[\w-]{22}$/)
		orderId = payPage.split('/').pop()!
		expect(handover.split('/')[2]).toBe(orderId)

		const page = await (await fetch(`${server.url}${payPage}`)).text()
		expect(page).toMatch(
			new RegExp(
				`<input[^>]*readOnly=""[^>]*value="${EMAIL}"|<input[^>]*value="${EMAIL}"[^>]*readOnly=""`,
				'i',
			),
		)
		expect(text(page)).toContain('This offer was made to this address')

		const other = await form(payPage, { intent: 'pay', ...SANDBOX_CARD, email: STRANGER })
		expect(other.status).toBe(400)
		const refused = text(await other.text())
		expect(refused).toContain(MESSAGES.offeredAddress(EMAIL))
		expect(refused).toMatch(/aria-invalid="true"[^>]*sandbox-checkout-email-error/)
		const status = await fetch(`${server.url}/checkout/${orderId}`)
		expect(((await status.json()) as { status: string }).status).toBe('pending')
	})

	test("paid under the offered address, its thank-you page is the buyer's own: what they bought and their invoice, made out to their name", async () => {
		expect(orderId).toBeTruthy()
		const paid = await form(`/checkout/sandbox/${orderId}`, {
			intent: 'pay',
			...SANDBOX_CARD,
			// The same address, however it is written.
			email: EMAIL.toUpperCase(),
			name: 'Ada Lovelace',
		})
		expect(paid.status).toBe(303)
		const thanks = await fetch(`${server.url}/checkout/${orderId}/thank-you`, {
			headers: { cookie },
		})
		expect(thanks.status).toBe(200)
		const html = text(await thanks.text())
		expect(html).toContain('What you bought')
		expect(html).toContain('1 × AI Driven Dev: pre-order seat')
		expect(html).toContain(`A receipt is on its way to ${EMAIL}.`)
		expect(html).not.toContain("went to the buyer's e-mail address")
		const invoice = html.match(/href="(\/invoice\/[\w-]+\?sig=[^"]+)"/)?.[1]
		expect(invoice).toBeTruthy()
		const document = text(await (await fetch(`${server.url}${invoice}`)).text())
		expect(document).toContain('Ada Lovelace')
		expect(document).toContain(EMAIL)

		// The checkout this browser started before the offer is still its own.
		const mine = await fetch(`${server.url}/checkout/${earlierOrder}`, { headers: { cookie } })
		expect(((await mine.json()) as { data: object }).data).toHaveProperty('passes')

		// Another browser, without the offer's cookie, learns only that the order is paid.
		const elsewhere = text(
			await (await fetch(`${server.url}/checkout/${orderId}/thank-you`)).text(),
		)
		expect(elsewhere).toContain("went to the buyer's e-mail address")
		expect(elsewhere).not.toContain(EMAIL)
	})

	test("a handover key adds only its own order, and only while it is good: another order's, an expired or a forged one leaves the browser's list as it was", async () => {
		expect(orderId).toBeTruthy()
		const handover = (subject: string, expiresAt: Date) =>
			encodeURIComponent(
				createLinkToken({ purpose: 'checkout-handover', subject, expiresAt }, SECRET),
			)
		const soon = new Date(Date.now() + 60_000)
		for (const key of [
			handover(earlierOrder, soon),
			handover(orderId, new Date(Date.now() - 1_000)),
			`${handover(orderId, soon)}x`,
			// The receipt's order link is for the thank-you page, not a handover.
			encodeURIComponent(
				createLinkToken({ purpose: 'order', subject: orderId, expiresAt: 'never' }, SECRET),
			),
		]) {
			const answer = await fetch(`${server.url}/checkout/${orderId}/queue?key=${key}`, {
				redirect: 'manual',
			})
			expect(answer.status).toBe(303)
			expect(answer.headers.get('location')).toBe(`/checkout/${orderId}/queue`)
			expect(checkoutsSet(answer)).toBeUndefined()
		}
		const good = await fetch(
			`${server.url}/checkout/${orderId}/queue?key=${handover(orderId, soon)}`,
			{
				redirect: 'manual',
			},
		)
		expect(checkoutsSet(good)).toBeTruthy()
	})

	test('the VAT-number hint says what the reverse charge does: the same price, no VAT on the invoice', async () => {
		const created = await startDayPass()
		expect(created.status).toBe(200)
		const link = new URL(((await created.json()) as { link: string }).link).pathname
		const page = text(await (await fetch(`${server.url}${link}`)).text())
		expect(page).toContain(
			'A business in another EU country with a valid VAT number: the price is the same; your invoice shows no VAT (reverse charge).',
		)
		expect(page).not.toContain('pays no VAT here')
		// The payment page sells: the terms are a link away before release too.
		expect(page).toContain('href="/legal/terms-conditions"')
		expect(page).toContain('href="/legal/privacy-policy"')
	})

	test('before release, the pages that sell link the privacy policy and the terms; a page that sells nothing keeps them hidden (SPEC §2)', async () => {
		for (const path of ['/', '/ai-driven-development-day']) {
			const html = await (await fetch(`${server.url}${path}`)).text()
			expect(html, path).toContain('href="/legal/privacy-policy"')
			expect(html, path).toContain('href="/legal/terms-conditions"')
		}
		const workshop = await (await fetch(`${server.url}/workshop`)).text()
		expect(workshop).not.toContain('href="/legal/terms-conditions"')
	})

	test('the FAQ\'s "Write to us for ten or more seats" says where to write', async () => {
		const html = text(await (await fetch(`${server.url}/`)).text())
		expect(html).toContain(
			'Write to us at <a href="mailto:support@aidrivendev.com" class="underline">support@aidrivendev.com</a> for ten or more seats.',
		)
		// The API keeps the course's own words (SPEC §3).
		const course = (await (await fetch(`${server.url}/api/course`)).json()) as {
			data: { faq: { answer: string }[] }
		}
		expect(course.data.faq.map((entry) => entry.answer).join(' ')).toContain(
			'Write to us for ten or more seats.',
		)
	})
})
