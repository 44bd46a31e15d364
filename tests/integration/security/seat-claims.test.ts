/**
 * Seats to share (issue 25, item 4; docs/decisions/118) over HTTP, through the production build:
 * the buying browser's thank-you page lists one claim link per seat and who claimed which; a
 * seat's page speaks of seats and refuses a second claim clearly; a claim link claims its own
 * seat and never another order's, whatever the form adds; a tampered link is a 404 that changes
 * nothing. The receipt's signed order link makes another browser the buyer's; a tampered key, or
 * one for another order, makes it nothing. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodedMail, startSmtp } from '../../fakes/smtp'
import { paySandbox } from '../../support/sandbox'
import { queueSettled, type RunningServer, startServer } from '../../support/server'

const SEAT = 'ai-driven-dev-preorder'

describe('claiming shared seats', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({
			RATE_LIMIT_MAX: '10000',
			SMTP_URL: smtp.url,
			SITE_URL: 'http://127.0.0.1',
			CHECKOUT_HOLD_SEATS_PER_BUYER: '1000',
			CHECKOUT_HOLD_SHARE_PERCENT: '100',
		})
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	/** A page's HTML without React's text separators, as a reader sees the words. */
	const html = async (response: Response) => (await response.text()).replaceAll('<!-- -->', '')

	const get = (path: string, cookie?: string) =>
		fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })

	const claim = (path: string, fields: Record<string, string>) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields).toString(),
		})

	/** A browser buys `quantity` seats and pays: the order, its seat ids and its buyer cookie. */
	async function buySeats(quantity: number, email: string) {
		const response = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ code: SEAT, quantity, region: 'GLOBAL' }),
		})
		expect(response.status).toBe(200)
		const { link } = (await response.json()) as { link: string }
		const cookie = response.headers
			.getSetCookie()
			.find((line) => line.startsWith('checkouts='))!
			.split(';')[0]!
		const id = link.split('/').pop()!
		expect((await paySandbox(`${server.url}/checkout/sandbox/${id}`, { email })).status).toBe(303)
		const { data } = (await (await get(`/checkout/${id}`, cookie)).json()) as {
			data: { passes: string[] }
		}
		return { id, cookie, seats: data.passes }
	}

	/** Whether the seat `id` still offers its claim form (unclaimed, order paid). */
	const claimable = async (id: string) =>
		(await html(await get(`/pass/${id}`))).includes('Claim seat')

	test('the buyer’s thank-you page lists one claim link per seat and who claimed which; a stranger sees neither', async () => {
		const order = await buySeats(3, 'lead@example.com')
		expect(order.seats).toHaveLength(3)
		const claimed = await claim(`/pass/${order.seats[1]}`, {
			name: 'Grace Hopper',
			email: 'grace@example.com',
		})
		expect(claimed.status).toBe(303)
		expect(claimed.headers.get('location')).toBe(`/pass/${order.seats[1]}/thank-you`)

		const mine = await html(await get(`/checkout/${order.id}/thank-you`, order.cookie))
		expect(mine).toContain('Your seats')
		for (const seat of order.seats) expect(mine).toContain(`href="/pass/${seat}"`)
		expect(mine).toMatch(/Seat 1<\/a> — not claimed yet/)
		expect(mine).toMatch(/Seat 2<\/a> — claimed by Grace Hopper/)
		expect(mine).toMatch(/Seat 3<\/a> — not claimed yet/)
		// The holder's address is theirs: the buyer sees the name (docs/decisions/068).
		expect(mine).not.toContain('grace@example.com')

		const theirs = await html(await get(`/checkout/${order.id}/thank-you`))
		for (const seat of order.seats) expect(theirs).not.toContain(seat)
		expect(theirs).not.toContain('Grace Hopper')
	})

	test('a seat’s page speaks of seats; a second claim is refused with a clear message and changes nothing', async () => {
		const order = await buySeats(2, 'lead2@example.com')
		const seat = order.seats[0]!
		const page = await html(await get(`/pass/${seat}`))
		expect(page).toContain('Your seat')
		expect(page).toContain('Claim seat')
		expect(page).not.toContain('Claim pass')

		expect(
			(await claim(`/pass/${seat}`, { name: 'Ada Lovelace', email: 'ada@example.com' })).status,
		).toBe(303)
		const confirmed = await html(await get(`/pass/${seat}/thank-you`))
		expect(confirmed).toContain('Your seat is claimed')
		expect(confirmed).toContain('When the course opens')

		const twice = await claim(`/pass/${seat}`, { name: 'Eve Intruder', email: 'eve@example.com' })
		expect(twice.status).toBe(409)
		expect(await twice.text()).toContain('This seat has already been claimed.')
		const after = await html(await get(`/pass/${seat}`))
		expect(after).toContain('This seat has already been claimed by Ada Lovelace.')
		expect(after).not.toContain('Eve Intruder')
	})

	test('a claim link claims its own seat, never another order’s, whatever the form or query adds', async () => {
		const mine = await buySeats(2, 'mine@example.com')
		const other = await buySeats(2, 'other@example.com')
		const target = other.seats[0]!
		const response = await claim(`/pass/${mine.seats[0]}?id=${target}&pass=${target}`, {
			name: 'Eve Intruder',
			email: 'eve@example.com',
			id: target,
			passId: target,
			orderId: other.id,
		})
		expect(response.status).toBe(303)
		expect(response.headers.get('location')).toBe(`/pass/${mine.seats[0]}/thank-you`)
		expect(await claimable(mine.seats[0]!)).toBe(false)
		for (const seat of other.seats) expect(await claimable(seat), seat).toBe(true)
		// The other order's buyer sees both its seats unclaimed.
		const page = await html(await get(`/checkout/${other.id}/thank-you`, other.cookie))
		expect(page.match(/not claimed yet/g)).toHaveLength(2)
	})

	/** The order link of `orderId`'s receipt, as the buyer's mailbox has it. */
	async function receiptOrderLink(orderId: string) {
		await queueSettled(server)
		const receipt = smtp.received
			.map((mail) => decodedMail(mail.raw))
			.find((text) => text.includes(`Your receipt for order ${orderId}`))
		const link = receipt?.match(
			new RegExp(`http://127\\.0\\.0\\.1(/checkout/${orderId}/thank-you\\?key=[A-Za-z0-9_%.-]+)`),
		)?.[1]
		expect(link).toBeDefined()
		return link!
	}

	/** The `checkouts` cookie a response sets, or undefined. */
	const buyerCookie = (response: Response) =>
		response.headers
			.getSetCookie()
			.find((line) => line.startsWith('checkouts='))
			?.split(';')[0]

	test('the receipt’s signed order link shows the buyer, in another browser, who claimed which seat', async () => {
		const order = await buySeats(2, 'elsewhere@example.com')
		await claim(`/pass/${order.seats[0]}`, { name: 'Grace Hopper', email: 'grace2@example.com' })
		const link = await receiptOrderLink(order.id)

		// A browser with no cookie at all: the key makes it the buyer's, and leaves the address bar.
		const opened = await get(link)
		expect(opened.status).toBe(303)
		expect(opened.headers.get('location')).toBe(`/checkout/${order.id}/thank-you`)
		const cookie = buyerCookie(opened)
		expect(cookie).toBeDefined()
		const page = await html(await get(`/checkout/${order.id}/thank-you`, cookie))
		expect(page).toMatch(/Seat 1<\/a> — claimed by Grace Hopper/)
		expect(page).toMatch(/Seat 2<\/a> — not claimed yet/)
	})

	test('a tampered order key, or another order’s, shows the stranger’s page and sets nothing', async () => {
		const mine = await buySeats(2, 'key-mine@example.com')
		const other = await buySeats(2, 'key-other@example.com')
		const key = new URL(await receiptOrderLink(mine.id), 'http://x').searchParams.get('key')!
		const flipped = `${key.slice(0, -1)}${key.at(-1) === 'A' ? 'B' : 'A'}`
		for (const path of [
			`/checkout/${other.id}/thank-you?key=${encodeURIComponent(key)}`,
			`/checkout/${mine.id}/thank-you?key=${encodeURIComponent(flipped)}`,
			`/checkout/${mine.id}/thank-you?key=`,
			`/checkout/${mine.id}/thank-you?key=${'A'.repeat(2000)}`,
		]) {
			const response = await get(path)
			expect(response.status, path).toBe(200)
			expect(buyerCookie(response), path).toBeUndefined()
			const text = await html(response)
			for (const seat of [...mine.seats, ...other.seats]) expect(text, path).not.toContain(seat)
		}
	})

	test('a tampered claim link is a 404, read or posted, and claims nothing', async () => {
		const order = await buySeats(2, 'tamper@example.com')
		const seat = order.seats[0]!
		const flip = (char: string) => (char === 'A' ? 'B' : 'A')
		const tampered = [
			`${seat.slice(0, -1)}${flip(seat.at(-1)!)}`,
			`${flip(seat[0]!)}${seat.slice(1)}`,
			seat.slice(0, -1),
			`${seat}A`,
			seat.toUpperCase() === seat ? seat.toLowerCase() : seat.toUpperCase(),
			`${seat}.`,
			`${seat} `,
			`${seat}' or '1'='1`,
			order.id,
		]
		for (const id of tampered) {
			const path = `/pass/${encodeURIComponent(id)}`
			expect((await get(path)).status, id).toBe(404)
			const posted = await claim(path, { name: 'Eve Intruder', email: 'eve@example.com' })
			expect(posted.status, id).toBe(404)
			expect(await posted.text(), id).not.toContain('Eve Intruder')
		}
		for (const id of order.seats) expect(await claimable(id), id).toBe(true)
	})
})
