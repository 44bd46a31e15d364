/**
 * A checkout's private details go only to the browser that bought (docs/decisions/068): GET
 * /checkout/{id}, its thank-you page and the processing page tell anyone else the status only,
 * and the provider's cancel link cancels only from the buyer's browser. The buyer's browser is
 * known by a signed cookie listing the orders it created; the passes also go out by e-mail.
 * Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodedMail, startSmtp } from '../../fakes/smtp'
import { paySandbox } from '../../support/sandbox'
import { queueSettled, type RunningServer, startServer } from '../../support/server'

const SEAT = 'ai-driven-dev-preorder'
const PASS = 'ai-driven-development-day-pass'
const BUYER_EMAIL = 'buyer.private@example.com'

/** The value of each cookie a response sets, as `name=value` ready for a Cookie header. */
function cookieJar(response: Response, jar = ''): string {
	const cookies = new Map(
		jar
			.split('; ')
			.filter(Boolean)
			.map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
	)
	for (const line of response.headers.getSetCookie()) {
		const pair = line.split(';')[0]!
		cookies.set(pair.slice(0, pair.indexOf('=')), pair)
	}
	return [...cookies.values()].join('; ')
}

describe('checkout privacy', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	/** A browser that buys: it keeps the cookies the site sets. */
	async function buyer(code: string, quantity: number, jar = '') {
		const response = await fetch(`${server.url}/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...(jar ? { Cookie: jar } : {}) },
			body: JSON.stringify({ code, quantity, region: 'GLOBAL' }),
		})
		expect(response.status).toBe(200)
		const { link } = (await response.json()) as { link: string }
		return { id: link.split('/').pop()!, cookie: cookieJar(response, jar) }
	}

	const pay = (id: string) =>
		paySandbox(`${server.url}/checkout/sandbox/${id}`, { email: BUYER_EMAIL })

	const get = (path: string, cookie?: string) =>
		fetch(`${server.url}${path}`, {
			redirect: 'manual',
			headers: cookie ? { Cookie: cookie } : {},
		})

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({
			RATE_LIMIT_MAX: '10000',
			SMTP_URL: smtp.url,
			SITE_URL: 'http://127.0.0.1',
		})
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	test('GET /checkout/{id} tells a stranger the status only; the buying browser gets passes and e-mail', async () => {
		const { id, cookie } = await buyer(PASS, 2)
		expect((await pay(id)).status).toBe(303)

		const mine = (await (await get(`/checkout/${id}`, cookie)).json()) as {
			status: string
			data: { email: string; passes: string[] }
		}
		expect(mine).toMatchObject({ status: 'paid', data: { email: BUYER_EMAIL } })
		expect(mine.data.passes).toHaveLength(2)

		const response = await get(`/checkout/${id}`)
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('no-store')
		const theirs = (await response.json()) as Record<string, unknown>
		expect(theirs.status).toBe('paid')
		const text = JSON.stringify(theirs)
		expect(text).not.toContain(BUYER_EMAIL)
		for (const pass of mine.data.passes) expect(text).not.toContain(pass)
		expect(theirs.data).not.toHaveProperty('passes')
		expect(theirs.data).not.toHaveProperty('email')
		expect(theirs.data).not.toHaveProperty('name')
	})

	test('a forged or foreign buyer cookie is a stranger', async () => {
		const { id, cookie } = await buyer(PASS, 1)
		await pay(id)
		const name = cookie.slice(0, cookie.indexOf('='))
		const forged = [`${name}=${id}`, `${name}=${encodeURIComponent(JSON.stringify([id]))}`]
		const other = await buyer(SEAT, 1)
		for (const jar of [...forged, other.cookie]) {
			const text = await (await get(`/checkout/${id}`, jar)).text()
			expect(text, jar).not.toContain(BUYER_EMAIL)
			expect(text, jar).not.toContain('passes')
		}
	})

	test('the thank-you page lists passes and the e-mail address to the buyer only', async () => {
		const { id, cookie } = await buyer(PASS, 1)
		await pay(id)
		const { data } = (await (await get(`/checkout/${id}`, cookie)).json()) as {
			data: { passes: string[] }
		}
		const mine = await (await get(`/checkout/${id}/thank-you`, cookie)).text()
		expect(mine).toContain(`/pass/${data.passes[0]}`)
		expect(mine).toContain(BUYER_EMAIL)

		const response = await get(`/checkout/${id}/thank-you`)
		expect(response.status).toBe(200)
		const theirs = await response.text()
		expect(theirs).not.toContain(data.passes[0])
		expect(theirs).not.toContain(BUYER_EMAIL)
	})

	test('the receipt carries the pass links, for a buyer on another device', async () => {
		const { id, cookie } = await buyer(PASS, 2)
		await pay(id)
		const { data } = (await (await get(`/checkout/${id}`, cookie)).json()) as {
			data: { passes: string[] }
		}
		// The receipt is delivered by the job queue (docs/decisions/075), once it has run.
		await queueSettled(server)
		const receipt = smtp.received.find(
			(mail) => mail.to.includes(BUYER_EMAIL) && decodedMail(mail.raw).includes(id),
		)
		expect(receipt).toBeDefined()
		const text = decodedMail(receipt!.raw)
		for (const pass of data.passes) expect(text).toContain(`http://127.0.0.1/pass/${pass}`)
	})

	test('the provider’s cancel link cancels only from the browser that started the checkout', async () => {
		const { id, cookie } = await buyer(SEAT, 1)
		const stranger = await get(`/checkout/processing?id=${id}&cancelled=1`)
		expect(await stranger.text()).not.toContain('you cancelled the payment')
		const status = async () =>
			((await (await get(`/checkout/${id}`)).json()) as { status: string }).status
		expect(await status()).toBe('pending')

		const mine = await get(`/checkout/processing?id=${id}&cancelled=1`, cookie)
		expect(await mine.text()).toContain('Payment verification failed: you cancelled the payment')
		expect(await status()).toBe('expired')
	})

	test('the buyer cookie stays small however many checkouts a browser starts', async () => {
		let jar = ''
		let last = ''
		for (let i = 0; i < 40; i++) ({ id: last, cookie: jar } = await buyer(SEAT, 1, jar))
		expect(jar.length).toBeLessThan(1500)
		const latest = (await (await get(`/checkout/${last}`, jar)).json()) as { data: object }
		expect(latest.data).toHaveProperty('email')
	})
})
