/**
 * What each link the site sends shows (docs/decisions/132): whoever holds a link sees, at most,
 * the address of the person it was sent to, never anyone else's. A buyer shares two course seats;
 * one is claimed by a teammate. Every page is opened as a stranger would (the link alone, no
 * cookie), and the buyer's pages also as the buyer; then every link of every e-mail either of them
 * received is followed. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodedMail, startSmtp } from '../../fakes/smtp'
import { paySandbox } from '../../support/sandbox'
import { queueSettled, type RunningServer, startServer } from '../../support/server'

const SEAT = 'ai-driven-dev-preorder'
const BUYER = 'buyer.links@example.com'
const HOLDER = 'holder.links@example.com'
const SITE_URL = 'http://127.0.0.1'

describe('the links the site sends show no one else’s address', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let order = { id: '', cookie: '', seats: [] as string[] }

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({
			RATE_LIMIT_MAX: '10000',
			SMTP_URL: smtp.url,
			SITE_URL,
			CHECKOUT_HOLD_SEATS_PER_BUYER: '1000',
			CHECKOUT_HOLD_SHARE_PERCENT: '100',
		})
		const created = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: SEAT, quantity: 2, region: 'GLOBAL' }),
		})
		const { link } = (await created.json()) as { link: string }
		const cookie = created.headers
			.getSetCookie()
			.find((line) => line.startsWith('checkouts='))!
			.split(';')[0]!
		const id = link.split('/').pop()!
		expect(
			(await paySandbox(`${server.url}/checkout/sandbox/${id}`, { email: BUYER })).status,
		).toBe(303)
		const status = await fetch(`${server.url}/checkout/${id}`, { headers: { Cookie: cookie } })
		const { data } = (await status.json()) as { data: { passes: string[] } }
		order = { id, cookie, seats: data.passes }
		const claimed = await fetch(`${server.url}/pass/${order.seats[0]}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ name: 'Grace Hopper', email: HOLDER }),
		})
		expect(claimed.status).toBe(303)
		await queueSettled(server)
	}, 180_000)
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	const page = async (path: string, cookie?: string) => {
		const response = await fetch(`${server.url}${path}`, {
			redirect: 'manual',
			headers: cookie ? { Cookie: cookie } : {},
		})
		return {
			status: response.status,
			response,
			text: (await response.text()).replaceAll('<!-- -->', ''),
		}
	}

	test('a claimed seat’s page names its holder and shows no address', async () => {
		const { status, text } = await page(`/pass/${order.seats[0]}`)
		expect(status).toBe(200)
		expect(text).toContain('Grace Hopper')
		expect(text).not.toContain(HOLDER)
		expect(text).not.toContain(BUYER)
	})

	test('a claimed seat’s thank-you page, opened with the seat link alone, shows no address', async () => {
		const { status, text } = await page(`/pass/${order.seats[0]}/thank-you`)
		expect(status).toBe(200)
		expect(text).toContain('Your seat is claimed')
		expect(text).not.toContain(HOLDER)
		expect(text).not.toContain(BUYER)
	})

	test('an unclaimed seat’s page shows no address', async () => {
		const { text } = await page(`/pass/${order.seats[1]}`)
		expect(text).not.toContain(HOLDER)
		expect(text).not.toContain(BUYER)
	})

	test('the buyer’s order page and status show the buyer’s own address and the holder’s name, never the holder’s address', async () => {
		const thankYou = await page(`/checkout/${order.id}/thank-you`, order.cookie)
		expect(thankYou.text).toContain(BUYER)
		expect(thankYou.text).toContain('Grace Hopper')
		expect(thankYou.text).not.toContain(HOLDER)
		const status = await page(`/checkout/${order.id}`, order.cookie)
		expect(status.text).not.toContain(HOLDER)
		// Without the buyer's cookie: neither address.
		for (const path of [`/checkout/${order.id}/thank-you`, `/checkout/${order.id}`]) {
			const stranger = await page(path)
			expect(stranger.text, path).not.toContain(BUYER)
			expect(stranger.text, path).not.toContain(HOLDER)
		}
	})

	test('every link of every e-mail shows at most the address it was sent to', async () => {
		const mails = smtp.received.filter(
			(mail) => mail.to.includes(BUYER) || mail.to.includes(HOLDER),
		)
		expect(mails.some((mail) => mail.to.includes(BUYER))).toBe(true)
		expect(mails.some((mail) => mail.to.includes(HOLDER))).toBe(true)
		let followed = 0
		for (const mail of mails) {
			const recipient = mail.to.includes(BUYER) ? BUYER : HOLDER
			const other = recipient === BUYER ? HOLDER : BUYER
			const links = new Set(
				[...decodedMail(mail.raw).matchAll(/href="(http:\/\/127\.0\.0\.1[^"]*)"/g)].map((match) =>
					match[1]!.replaceAll('&amp;', '&'),
				),
			)
			for (const link of links) {
				const url = new URL(link)
				const path = `${url.pathname}${url.search}`
				// Follow a signed link's redirect (the order key) in one browser, cookie and all.
				let opened = await page(path)
				const cookie = opened.response.headers
					.getSetCookie()
					.map((line) => line.split(';')[0]!)
					.join('; ')
				const location = opened.response.headers.get('location')
				if (opened.status === 303 && location?.startsWith('/'))
					opened = await page(location, cookie)
				expect(opened.status, path).toBeLessThan(500)
				expect(opened.text, `${path} in a mail to ${recipient}`).not.toContain(other)
				followed++
			}
		}
		expect(followed).toBeGreaterThan(3)
	})
})
