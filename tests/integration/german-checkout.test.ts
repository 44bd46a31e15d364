/**
 * A German buyer's pages (issue 38 item 2, docs/decisions/176): the buy form on a German page
 * lands on the German twins under /de/checkout, each page sends on to German pages, the signed
 * `checkouts` cookie reaches them (written at /checkout and /de/checkout, never /), and a
 * stranger sees only the public view there as on the English page. Pages are fetched as a
 * browser without JavaScript would (the HTML the server renders). The English pages stay as they
 * were: the English tests (checkout.test.ts, checkout-privacy.test.ts) are their guard.
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FakeStripe } from '../fakes/stripe'
import { paySandbox } from '../support/sandbox'
import { type RunningServer, startServer } from '../support/server'
import { startStripeSite, stopStripeSite } from '../support/stripe-site'

const SEAT = 'ai-driven-dev-preorder'
const PASS = 'ai-driven-development-day-pass'
const BUYER = 'ada.german@example.com'

/** The `checkouts` Set-Cookie lines of a response. */
const checkoutCookies = (response: Response) =>
	response.headers.getSetCookie().filter((line) => line.startsWith('checkouts='))

/** The cookie a browser sends to pages under `path`: the `checkouts` cookie set for that path. */
function cookieFor(response: Response, path: string): string {
	const line = checkoutCookies(response).find(
		(set) => set.includes(`Path=${path};`) || set.endsWith(`Path=${path}`),
	)
	expect(line, `a checkouts cookie for ${path}`).toBeDefined()
	return line!.split(';')[0]!
}

/** Text of a page, tags and the markup's comments left out. */
const textOf = (html: string) =>
	html
		.replace(/<!--.*?-->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')

describe('a German buyer on the sandbox', () => {
	let server: RunningServer

	beforeAll(async () => {
		server = await startServer({ RATE_LIMIT_MAX: '10000', CHECKOUT_HOLD_SHARE_PERCENT: '100' })
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
	})

	const get = (path: string, cookie?: string) =>
		fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })

	/** The buy form of a page in `locale`, sent without JavaScript. */
	const buyForm = (fields: Record<string, string>) =>
		fetch(`${server.url}/checkout`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ quantity: '1', region: 'GLOBAL', ...fields }).toString(),
		})

	test('the checkouts cookie is written at /checkout and /de/checkout with one value, never at /', async () => {
		const response = await buyForm({ code: PASS, locale: 'de-DE' })
		expect(response.status).toBe(303)
		const lines = checkoutCookies(response)
		expect(lines).toHaveLength(2)
		expect(lines.map((line) => /Path=([^;]+)/.exec(line)?.[1])).toEqual([
			'/checkout',
			'/de/checkout',
		])
		expect(cookieFor(response, '/checkout')).toBe(cookieFor(response, '/de/checkout'))
		for (const line of lines) expect(line).toMatch(/HttpOnly/i)
	})

	test('a German buy form lands on the German payment page; an English one on the English page', async () => {
		const german = await buyForm({ code: PASS, locale: 'de-DE' })
		expect(new URL(german.headers.get('location')!).pathname).toMatch(
			/^\/de\/checkout\/sandbox\/[\w-]+$/,
		)
		const english = await buyForm({ code: PASS })
		expect(new URL(english.headers.get('location')!).pathname).toMatch(
			/^\/checkout\/sandbox\/[\w-]+$/,
		)
	})

	test('a refused German buy form lands on the German processing page with the reason in German', async () => {
		const response = await buyForm({ code: 'no-such-product', locale: 'de-DE' })
		expect(response.headers.get('location')).toBe('/de/checkout/processing?error=product')
		const page = await get('/de/checkout/processing?error=product')
		expect(page.status).toBe(400)
		const text = textOf(await page.text())
		expect(text).toContain('Bestellung fehlgeschlagen: dieses Produkt ist nicht im Verkauf')
		expect(text).not.toContain('Checkout failed')
	})

	test('the German payment page, processing and thank-you pages speak German and send on in German', async () => {
		const started = await buyForm({ code: SEAT, quantity: '2', locale: 'de-DE' })
		const payment = new URL(started.headers.get('location')!).pathname
		const id = payment.split('/').pop()!
		const cookie = cookieFor(started, '/de/checkout')

		const page = await get(payment, cookie)
		expect(page.status).toBe(200)
		const html = await page.text()
		expect(html).toContain('<html lang="de"')
		const text = textOf(html)
		for (const words of [
			'Testmodus',
			'Kasse',
			'Kartennummer',
			'Rechnungsangaben',
			'Abbrechen und 2 Plätze freigeben',
		])
			expect(text).toContain(words)
		// Money the German way: the amount, then its sign ("498 $", "1.234,50 €").
		expect(text).toMatch(/Summe \d[\d.]*(,\d{2})? [$€]/)
		expect(text).not.toContain('Card number')

		// A declined card: the message next to the form, in German.
		const declined = await fetch(`${server.url}${payment}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
			body: new URLSearchParams({
				intent: 'pay',
				cardNumber: '4000 0000 0000 0002',
				expiry: '12 / 40',
				cvc: '123',
				email: BUYER,
			}).toString(),
		})
		expect(declined.status).toBe(402)
		expect(textOf(await declined.text())).toContain('Ihre Karte wurde abgelehnt')

		const paid = await paySandbox(`${server.url}${payment}`, {
			email: BUYER,
			headers: { Cookie: cookie },
		})
		expect(paid.status).toBe(303)
		expect(paid.headers.get('location')).toBe(`/de/checkout/processing?id=${id}`)

		const processing = await get(`/de/checkout/processing?id=${id}`, cookie)
		expect(processing.status).toBe(302)
		expect(processing.headers.get('location')).toBe(`/de/checkout/${id}/thank-you`)

		const thanks = textOf(await (await get(`/de/checkout/${id}/thank-you`, cookie)).text())
		for (const words of [
			'Vielen Dank für Ihre Bestellung',
			'Was Sie gekauft haben',
			BUYER,
			'Ihre Plätze',
			'Platz 1',
			'noch nicht eingelöst',
			'Gesamtbetrag:',
		])
			expect(thanks).toContain(words)
		expect(thanks).not.toContain('What you bought')

		// Its invoice, linked on the German page's twin; the PDF stays one URL for every language.
		const html2 = await (await get(`/de/checkout/${id}/thank-you`, cookie)).text()
		const invoice = /href="(\/de\/invoice\/[^"]+)"/.exec(html2)?.[1]?.replaceAll('&amp;', '&')
		expect(invoice, 'the German invoice link').toBeDefined()
		const invoicePage = await get(invoice!)
		expect(invoicePage.status).toBe(200)
		const invoiceHtml = await invoicePage.text()
		const invoiceText = textOf(invoiceHtml)
		for (const words of [
			'Rechnung',
			'Rechnungssteller',
			'Nettobetrag',
			'Umsatzsteuer',
			'Gesamtbetrag',
			'PDF herunterladen',
		])
			expect(invoiceText).toContain(words)
		expect(invoiceText).not.toContain('Download the PDF')
		expect(invoiceHtml).toMatch(/href="\/invoice\/[^"/]+\/pdf/)
	})

	test('the other German twins speak German, JavaScript off', async () => {
		const pages: [string, string[]][] = [
			['/de/checkout/success', ['Zahlung erfolgreich', 'Vielen Dank!']],
			['/de/enrolled', ['Sie sind dabei! Wir melden uns.', 'Zum kostenlosen Workshop']],
			['/de/upgrade', ['Ihren Tagespass upgraden', 'Meinen Upgrade-Link senden']],
			[
				'/de/checkout/processing',
				['Ihre Zahlung wird verarbeitet', 'Zahlungsprüfung fehlgeschlagen'],
			],
		]
		for (const [path, words] of pages) {
			const response = await get(path)
			expect(response.status, path).toBe(200)
			const html = await response.text()
			expect(html, path).toContain('<html lang="de"')
			for (const word of words) expect(textOf(html), path).toContain(word)
		}
		// The English pages keep their words.
		expect(textOf(await (await get('/checkout/success')).text())).toContain('Payment successful')
		expect(textOf(await (await get('/enrolled')).text())).toContain(
			'Thanks for your interest in AI Driven Dev.',
		)
	})

	test('a stranger without the cookie sees only the public view of a German order, as on the English page', async () => {
		const started = await buyForm({ code: PASS, quantity: '2', locale: 'de-DE' })
		const payment = new URL(started.headers.get('location')!).pathname
		const id = payment.split('/').pop()!
		const cookie = cookieFor(started, '/de/checkout')
		expect((await paySandbox(`${server.url}${payment}`, { email: BUYER })).status).toBe(303)

		// The buyer's browser (its cookie for /de/checkout) sees the passes and the address.
		const mine = textOf(await (await get(`/de/checkout/${id}/thank-you`, cookie)).text())
		expect(mine).toContain(BUYER)
		expect(mine).toContain('Ihre Pässe')

		// A stranger, and a browser holding only the English path's cookie for another order.
		const other = await buyForm({ code: PASS, locale: 'de-DE' })
		for (const stranger of [undefined, cookieFor(other, '/de/checkout')]) {
			const german = await get(`/de/checkout/${id}/thank-you`, stranger)
			expect(german.status).toBe(200)
			const text = textOf(await german.text())
			expect(text).toContain('Diese Bestellung ist bezahlt.')
			expect(text).not.toContain(BUYER)
			expect(text).not.toContain('Ihre Pässe')
			expect(text).not.toMatch(/\/pass\/[\w-]+/)
			const english = textOf(await (await get(`/checkout/${id}/thank-you`, stranger)).text())
			expect(english).toContain('This order is paid.')
			expect(english).not.toContain(BUYER)
		}
		// Nor can a stranger cancel it from the German cancel link: it stays paid.
		const cancel = textOf(await (await get(`/de/checkout/processing?id=${id}&cancelled=1`)).text())
		expect(cancel).not.toContain('Zahlung abgebrochen')
	})

	test('paying by bank transfer from a German page: the German form, then German instructions with the German invoice link', async () => {
		const started = await buyForm({ code: SEAT, locale: 'de-DE', method: 'transfer' })
		const transfer = new URL(started.headers.get('location')!).pathname
		expect(transfer).toMatch(/^\/de\/checkout\/[\w-]+\/transfer$/)
		const cookie = cookieFor(started, '/de/checkout')
		const form = textOf(await (await get(transfer, cookie)).text())
		expect(form).toContain('Per Überweisung zahlen (Rechnung)')
		expect(form).toContain('Rechnung und Bankverbindung anfordern')
		// One seat: "Ihr Platz bleibt", not "Ihre Platz bleiben".
		expect(form).toMatch(/Ihr Platz bleibt bis zum Ende des /)
		const chosen = await fetch(`${server.url}${transfer}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
			body: new URLSearchParams({
				email: BUYER,
				company: 'Acme GmbH',
				address: 'Hauptstraße 1, 10115 Berlin',
				country: 'DE',
			}).toString(),
		})
		expect(chosen.status).toBe(303)
		expect(chosen.headers.get('location')).toBe(transfer)
		const html = await (await get(transfer, cookie)).text()
		const text = textOf(html)
		for (const words of [
			'Überweisungsdaten',
			'Verwendungszweck',
			'Fällig bis',
			'Wie es weitergeht',
		])
			expect(text).toContain(words)
		expect(text).toMatch(/Der Platz ist bis zum Ende des .* für Sie reserviert\./)
		expect(text).toContain('die Links Ihrer Bestellung')
		expect(html).toMatch(/href="\/de\/invoice\/[^"]+"/)
	})

	test('one seat by bank transfer on the English page is named in the singular: it stays reserved, it is reserved', async () => {
		const started = await buyForm({ code: SEAT, method: 'transfer' })
		const transfer = new URL(started.headers.get('location')!).pathname
		expect(transfer).toMatch(/^\/checkout\/[\w-]+\/transfer$/)
		const cookie = cookieFor(started, '/checkout')
		const form = textOf(await (await get(transfer, cookie)).text())
		expect(form).toMatch(/your seat stays reserved until the end of /)
		const chosen = await fetch(`${server.url}${transfer}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
			body: new URLSearchParams({
				email: 'single-seat@example.com',
				company: 'Acme Ltd',
				address: '1 High Street, London',
				country: 'GB',
			}).toString(),
		})
		expect(chosen.status).toBe(303)
		const text = textOf(await (await get(transfer, cookie)).text())
		expect(text).toMatch(/the seat is reserved for you until the end of /)
		expect(text).not.toMatch(/seat (are|stay) /)
	})

	test('cancelling on the German payment page lands on the German cancel page', async () => {
		const started = await buyForm({ code: PASS, locale: 'de-DE' })
		const payment = new URL(started.headers.get('location')!).pathname
		const id = payment.split('/').pop()!
		const cookie = cookieFor(started, '/de/checkout')
		const cancelled = await fetch(`${server.url}${payment}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
			body: 'intent=cancel',
		})
		expect(cancelled.headers.get('location')).toBe(`/de/checkout/processing?id=${id}&cancelled=1`)
		const text = textOf(
			await (await get(`/de/checkout/processing?id=${id}&cancelled=1`, cookie)).text(),
		)
		expect(text).toContain('Zahlung abgebrochen')
		expect(text).toContain('Zahlungsprüfung fehlgeschlagen: Sie haben die Zahlung abgebrochen')
	})
})

describe('a German buyer with Stripe', () => {
	let server: RunningServer
	let stripe: FakeStripe

	beforeAll(async () => {
		;({ server, stripe } = await startStripeSite({
			RATE_LIMIT_MAX: '10000',
			TRUST_PROXY: '1',
			COURSE_SLOTS: '100',
			// One payment page a second: a crowd waits its turn on the queue's page (decision 161).
			PAYMENT_PROVIDER_RATE_PER_SECOND: '1',
		}))
	}, 120_000)
	afterAll(() => stopStripeSite(server, stripe))

	const buy = (locale?: string) =>
		fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({
				code: PASS,
				quantity: 1,
				region: 'GLOBAL',
				...(locale ? { locale } : {}),
			}),
		})

	/** The return URLs of the session opened for the last checkout. */
	function returnUrls() {
		const request = stripe.requests
			.filter((r) => r.method === 'POST' && r.params.success_url)
			.at(-1)!
		const id = request.params['metadata[order_id]']
		return { id, success: request.params.success_url, cancel: request.params.cancel_url }
	}

	test("Stripe's success and cancel URLs point at the German twins for a German order, the English pages otherwise", async () => {
		expect((await buy('de-DE')).status).toBe(200)
		const german = returnUrls()
		expect(german.success).toBe(`${server.url}/de/checkout/processing?id=${german.id}`)
		expect(german.cancel).toBe(`${server.url}/de/checkout/processing?id=${german.id}&cancelled=1`)

		await new Promise((resolve) => setTimeout(resolve, 1_100))
		expect((await buy()).status).toBe(200)
		const english = returnUrls()
		expect(english.success).toBe(`${server.url}/checkout/processing?id=${english.id}`)
		expect(english.cancel).toBe(`${server.url}/checkout/processing?id=${english.id}&cancelled=1`)
	})

	test('a German buyer past the pace waits on the German queue page, which refreshes itself on its twin', async () => {
		let buyer = 0
		const crowd = await Promise.all(
			Array.from({ length: 4 }, () =>
				fetch(`${server.url}/checkout`, {
					method: 'POST',
					redirect: 'manual',
					headers: {
						'Content-Type': 'application/x-www-form-urlencoded',
						Origin: server.url,
						'X-Forwarded-For': `10.8.0.${++buyer}`,
					},
					body: new URLSearchParams({
						code: SEAT,
						quantity: '1',
						region: 'GLOBAL',
						locale: 'de-DE',
					}).toString(),
				}),
			),
		)
		// The last one sent to the queue waits a few seconds more at one page a second.
		const waiting = crowd
			.filter((response) =>
				/^\/de\/checkout\/[\w-]+\/queue$/.test(response.headers.get('location') ?? ''),
			)
			.at(-1)
		expect(waiting, 'a buyer sent to the German queue page').toBeDefined()
		const queue = waiting!.headers.get('location')!
		const cookie = cookieFor(waiting!, '/de/checkout')
		const response = await fetch(`${server.url}${queue}`, {
			redirect: 'manual',
			headers: { Cookie: cookie },
		})
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(textOf(html)).toContain('Sie sind in der Warteschlange')
		expect(textOf(html)).toContain('Warteschlange verlassen')
		// Without JavaScript it refreshes itself, on the German twin.
		expect(html).toContain(`url=${queue}`)
	})
})
