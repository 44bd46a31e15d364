/**
 * What each link the site sends shows (docs/decisions/132): whoever holds a link sees, at most,
 * the address of the person it was sent to, never anyone else's. A buyer shares two course seats;
 * one is claimed by a teammate. Every page is opened as a stranger would (the link alone, no
 * cookie), and the buyer's pages also as the buyer; someone else signs up for the workshop, and
 * another for the day. Each kind of link they were sent has its own test of what it shows (the
 * order, invoice, seat and claim links, calendar files, the workshop confirmation, joining,
 * e-mail preferences and move links, the day's confirmation, a one-click sign-up link); then
 * every link of every e-mail the buyer and the holder received is followed. Needs
 * `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createJoinToken, createToken } from '~/models/links/signed-token.server'
import { decodedMail, startSmtp } from '../../fakes/smtp'
import { honeypotFields } from '../../support/raw-http'
import { paySandbox } from '../../support/sandbox'
import { queueSettled, type RunningServer, startServer } from '../../support/server'
import { workshopSessions } from '../../support/site-events'

const SEAT = 'ai-driven-dev-preorder'
const BUYER = 'buyer.links@example.com'
const HOLDER = 'holder.links@example.com'
const LEARNER = 'learner.links@example.com'
const ATTENDEE = 'attendee.links@example.com'
/** Whom the owner sends a one-click sign-up link (decision 062). */
const INVITED = 'invited.links@example.com'
const EVERYONE = [BUYER, HOLDER, LEARNER, ATTENDEE, INVITED]
const SITE_URL = 'http://127.0.0.1'
const SECRET = 'link-privacy-suite-secret-0123456789abcdef'

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
			SESSION_SECRET: SECRET,
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
		// Someone else signs up for the workshop: their links must not show the buyers' either.
		const signedUp = await fetch(`${server.url}/workshop?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({
				...(await honeypotFields(server.url, '/workshop')),
				email: LEARNER,
			}),
		})
		expect(signedUp.status).toBe(302)
		// Another for the day: its confirmation is a link of its own.
		const day = await fetch(`${server.url}/ai-driven-development-day?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({
				...(await honeypotFields(server.url, '/ai-driven-development-day')),
				email: ATTENDEE,
			}),
		})
		expect(day.status).toBe(302)
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

	/** The site's links (path and query) in the e-mails to `to` whose path starts with `prefix`. */
	const linksTo = (to: string, prefix: string) => {
		const found = new Set<string>()
		for (const mail of smtp.received.filter((each) => each.to.includes(to)))
			for (const match of decodedMail(mail.raw).matchAll(/href="(http:\/\/127\.0\.0\.1[^"]*)"/g)) {
				const url = new URL(match[1]!.replaceAll('&amp;', '&'))
				if (url.pathname.startsWith(prefix)) found.add(`${url.pathname}${url.search}`)
			}
		return [...found]
	}

	/** A link opened as its recipient's browser would: a signed link's redirect followed, cookie and all. */
	const follow = async (path: string) => {
		const opened = await page(path)
		const cookie = opened.response.headers
			.getSetCookie()
			.map((line) => line.split(';')[0]!)
			.join('; ')
		const location = opened.response.headers.get('location')
		return opened.status === 303 && location?.startsWith('/') ? page(location, cookie) : opened
	}
	/** The one link to `prefix` the mail sent to `to` carries, opened: it answers 200. */
	const openTheOnlyLink = async (to: string, prefix: string) => {
		const [link, ...more] = linksTo(to, prefix)
		expect(more).toEqual([])
		const opened = await follow(link!)
		expect(opened.status).toBe(200)
		return opened
	}

	/** No address of anyone on the page, but `own` where the link's recipient may see theirs. */
	const expectNoAddressBut = (text: string, own: string | null, label: string) => {
		for (const address of EVERYONE)
			if (address !== own) expect(text, `${label} shows ${address}`).not.toContain(address)
	}

	// One test per link the site sends (decision 132's table), named after what it shows.

	test('the order link in the receipt shows the buyer their own address and the holder’s name, no one else’s address', async () => {
		const opened = await openTheOnlyLink(BUYER, `/checkout/${order.id}/thank-you`)
		expect(opened.text).toContain(BUYER)
		expect(opened.text).toContain('Grace Hopper')
		expectNoAddressBut(opened.text, BUYER, 'the order link')
	})

	test('the invoice link in the receipt shows the buyer’s billing details as issued, no one else’s address', async () => {
		const opened = await openTheOnlyLink(BUYER, '/invoice/')
		expect(opened.text).toContain(BUYER)
		expectNoAddressBut(opened.text, BUYER, 'the invoice link')
	})

	test('the seat links in the receipt show the item and, once claimed, the holder’s name, never an address', async () => {
		const links = linksTo(BUYER, '/pass/')
		expect(links.sort()).toEqual(order.seats.map((seat) => `/pass/${seat}`).sort())
		for (const link of links) {
			const opened = await follow(link)
			expect(opened.status, link).toBe(200)
			if (link === `/pass/${order.seats[0]}`) expect(opened.text).toContain('Grace Hopper')
			expectNoAddressBut(opened.text, null, link)
		}
	})

	test('the holder’s confirmation links back to the claimed seat, which shows no address, the holder’s included', async () => {
		const opened = await openTheOnlyLink(HOLDER, '/pass/')
		expect(opened.text).toContain('Your seat is claimed')
		expectNoAddressBut(opened.text, null, 'the holder’s seat link')
	})

	test('the calendar files the e-mails link to show the event and no address', async () => {
		const links = new Set(EVERYONE.flatMap((to) => linksTo(to, '/calendar/')))
		expect(links.size).toBeGreaterThanOrEqual(2)
		for (const link of links) {
			const opened = await follow(link)
			expect(opened.status, link).toBe(200)
			expect(opened.text, link).toContain('BEGIN:VEVENT')
			expectNoAddressBut(opened.text, null, link)
		}
	})

	test('the workshop confirmation link confirms the place it was sent for and shows no one else’s address', async () => {
		const opened = await openTheOnlyLink(LEARNER, '/workshop/confirm')
		expect(opened.text).toContain('Your place is confirmed')
		expectNoAddressBut(opened.text, LEARNER, 'the workshop confirmation link')
	})

	test('the joining link of a confirmed registrant shows the session, no address', async () => {
		// The link the day-before reminder carries, signed for the learner's session.
		const token = createJoinToken(
			{ email: LEARNER, eventId: workshopSessions()[0]!.id, expiresAt: new Date('2099-01-01') },
			SECRET,
		)
		const opened = await follow(`/join?token=${encodeURIComponent(token)}`)
		expect(opened.status).toBe(200)
		expect(opened.text).toContain('Free workshop')
		expectNoAddressBut(opened.text, null, 'the joining link')
	})

	test('the day’s confirmation link completes the registration it was sent for and shows no one else’s address', async () => {
		const opened = await openTheOnlyLink(ATTENDEE, '/ai-driven-development-day/confirm')
		expect(opened.text).toContain('Your registration is complete')
		expectNoAddressBut(opened.text, ATTENDEE, 'the day’s confirmation link')
	})

	test('a one-click sign-up link shows the address it was made for, to confirm, and no one else’s', async () => {
		const token = createToken(
			{ email: INVITED, list: 'day_event', purpose: 'signup', ttlSeconds: 3600 },
			SECRET,
		)
		const opened = await follow(`/ai-driven-development-day?signup=${encodeURIComponent(token)}`)
		expect(opened.status).toBe(200)
		expect(opened.text).toContain(INVITED)
		expectNoAddressBut(opened.text, INVITED, 'the one-click link')
	})

	test('the e-mail preferences link shows the address it was sent to and its state, no one else’s', async () => {
		const opened = await openTheOnlyLink(LEARNER, '/email-preferences')
		expect(opened.text).toContain(LEARNER)
		expectNoAddressBut(opened.text, LEARNER, 'the e-mail preferences link')
	})

	test('the workshop move link, sent when a known address signs up for another session, shows no address', async () => {
		const workshop = await (await fetch(`${server.url}/workshop`)).text()
		const sessions = [...workshop.matchAll(/name="session"[^>]*value="([^"]+)"/g)].map(
			(match) => match[1]!,
		)
		expect(sessions.length).toBeGreaterThanOrEqual(2)
		const before = linksTo(LEARNER, '/workshop/move').length
		for (const session of sessions) {
			const again = await fetch(`${server.url}/workshop?index`, {
				method: 'POST',
				redirect: 'manual',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: new URLSearchParams({
					...(await honeypotFields(server.url, '/workshop')),
					email: LEARNER,
					session,
				}),
			})
			expect(again.status).toBe(302)
		}
		await queueSettled(server)
		const links = linksTo(LEARNER, '/workshop/move')
		expect(links.length).toBeGreaterThan(before)
		for (const link of links) {
			const opened = await follow(link)
			expect(opened.status, link).toBe(200)
			expectNoAddressBut(opened.text, null, link)
		}
	})
})
