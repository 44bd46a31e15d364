/**
 * Sign-ups against the production build (docs/decisions/060-063): attribution cookies on any page, the forms'
 * actions (honeypot, validation, stored once, e-mailed), one-click links, the day-event
 * confirmation, rate limits and the Origin check, SMTP delivery.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodedMail, startSmtp } from '../fakes/smtp'
import { queueSettled, type RunningServer, startServer } from '../support/server'

function setCookies(response: Response): Record<string, string> {
	return Object.fromEntries(
		response.headers.getSetCookie().map((line) => {
			const at = line.indexOf('=')
			return [line.slice(0, at), line]
		}),
	)
}

/** The honeypot fields a page rendered, as a real browser would send them. */
async function honeypotFields(server: RunningServer, path: string) {
	const html = await (await fetch(`${server.url}${path}`)).text()
	const validFrom = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1]
	expect(validFrom, 'honeypot valid-from field').toBeTruthy()
	return { website: '', from__confirm: validFrom! }
}

function post(
	server: RunningServer,
	path: string,
	fields: Record<string, string>,
	headers: Record<string, string> = {},
) {
	return fetch(`${server.url}${path}`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'content-type': 'application/x-www-form-urlencoded',
			origin: server.url,
			...headers,
		},
		body: new URLSearchParams(fields),
	})
}

describe('sign-ups', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	// Every message goes out over SMTP through the job queue, after the form is answered
	// (docs/decisions/075): absence is checked once the queue has settled.
	const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address))

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({ SMTP_URL: smtp.url, RATE_LIMIT_MAX: '1000', SITE_URL: '' })
	})
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	test('?friend=KEY on any page, a 404 included, sets the partner key and referral URL for 30 days', async () => {
		const response = await fetch(`${server.url}/no-such-page?friend=partner_42&x=1`)
		expect(response.status).toBe(404)
		const cookies = setCookies(response)
		expect(cookies.partner_key).toBe(
			'partner_key=partner_42; Max-Age=2592000; Path=/; SameSite=Lax',
		)
		expect(cookies.referral_url).toBe(
			`referral_url=${encodeURIComponent(`${server.url}/no-such-page?friend=partner_42`)}; Max-Age=2592000; Path=/; SameSite=Lax`,
		)
		const page = await fetch(`${server.url}/workshop?friend=abc123`)
		expect(setCookies(page).partner_key).toContain('partner_key=abc123')
	})

	test('an implausible friend key is ignored', async () => {
		const response = await fetch(`${server.url}/?friend=${encodeURIComponent('<script>')}`)
		expect(response.status).toBe(200)
		expect(setCookies(response).partner_key).toBeUndefined()
	})

	test('utm parameters land in the marketing cookie', async () => {
		const response = await fetch(`${server.url}/ai-driven-development-day?utm_source=news&gclid=G1`)
		const marketing = setCookies(response).marketing!
		expect(marketing).toMatch(/HttpOnly/)
		expect(decodeURIComponent(marketing)).toContain('"utm_source":"news"')
	})

	test('workshop: invalid input is answered with the message and nothing is stored', async () => {
		const fields = await honeypotFields(server, '/workshop')
		const response = await post(server, '/workshop?index', {
			...fields,
			email: 'not-an-email',
			firstName: 'Ada',
		})
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(html).toContain('Please enter a valid email address')
		expect(html).toContain('aria-invalid="true"')
		expect(html).toContain('value="Ada"')
		await queueSettled(server)
		expect(mailTo('not-an-email')).toEqual([])
	})

	test('workshop: a sign-up is stored once, e-mailed over SMTP once, and flags the visitor for an hour', async () => {
		const fields = await honeypotFields(server, '/workshop')
		const form = { ...fields, email: ' Ada@Example.com ', firstName: '  ada ' }
		const first = await post(server, '/workshop?index', form, { cookie: 'partner_key=friend1' })
		expect(first.status).toBe(302)
		expect(first.headers.get('location')).toMatch(/^\/workshop\/enrolled\?session=workshop-[\d-]+$/)
		expect(setCookies(first).workshop_signed_up).toBe(
			'workshop_signed_up=true; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax',
		)
		const again = await post(server, '/workshop?index', form)
		expect(again.status).toBe(302)
		await smtp.waitFor('ada@example.com')
		await queueSettled(server)
		const arrived = smtp.received.filter((mail) => mail.to.includes('ada@example.com'))
		expect(arrived).toHaveLength(1)
		expect(decodedMail(arrived[0]!.raw)).toContain('Hi Ada,')
		const page = await fetch(`${server.url}/workshop`, {
			headers: { cookie: 'workshop_signed_up=true' },
		})
		expect(await page.text()).toContain('signed up for the workshop. Watch your inbox')
	})

	test('workshop: one page’s form sent with five addresses signs up the first; the others get 400 beside the form and nothing is stored (decision 137)', async () => {
		const fields = await honeypotFields(server, '/workshop')
		const addresses = [1, 2, 3, 4, 5].map((n) => `one-token-${n}@example.com`)
		const statuses: number[] = []
		let refused = ''
		for (const email of addresses) {
			const response = await post(server, '/workshop?index', { ...fields, email, firstName: 'Bot' })
			statuses.push(response.status)
			if (response.status === 400) refused = await response.text()
		}
		expect(statuses).toEqual([302, 400, 400, 400, 400])
		// Without JavaScript: the message beside the form, the values kept, and a fresh token.
		expect(refused).toContain(
			'This form was already sent with another address. Check the address and send it again.',
		)
		expect(refused).toContain('value="one-token-5@example.com"')
		const fresh = refused.match(/name="from__confirm"[^>]*value="([^"]+)"/)![1]!
		expect(fresh).not.toBe(fields.from__confirm)
		await queueSettled(server)
		for (const email of addresses.slice(1)) expect(mailTo(email)).toEqual([])
		// Sent again from the page that said so, the address is signed up.
		const again = await post(server, '/workshop?index', {
			website: '',
			from__confirm: fresh,
			email: addresses[4]!,
			firstName: 'Bot',
		})
		expect(again.status).toBe(302)
		await smtp.waitFor(addresses[4]!)
	})

	test('workshop: the session chosen is the one the SMTP message names, its calendar file alone attached', async () => {
		const html = await (await fetch(`${server.url}/workshop`)).text()
		const offered = [...html.matchAll(/<input[^>]*name="session"[^>]*value="([^"]+)"/g)].map(
			(match) => match[1]!,
		)
		expect(offered.length).toBeGreaterThanOrEqual(2)
		const later = offered.at(-1)!
		const fields = await honeypotFields(server, '/workshop')
		const response = await post(server, '/workshop?index', {
			...fields,
			email: 'later@example.com',
			session: later,
		})
		expect(response.headers.get('location')).toBe(`/workshop/enrolled?session=${later}`)
		await smtp.waitFor('later@example.com')
		const [mail] = mailTo('later@example.com')
		expect(decodedMail(mail!.raw)).toContain(
			"You're signed up for Free workshop: AI in your development workflow.",
		)
		expect(mail!.raw.match(/Content-Type: text\/calendar/g)).toHaveLength(1)
		expect(mail!.raw).toContain(`filename=${later}.ics`)
	})

	test('course interest: the confirmation the enrolled page promises arrives, with the opening date as a calendar file', async () => {
		const fields = await honeypotFields(server, '/')
		const response = await post(server, '/?index', { ...fields, email: 'keen@example.com' })
		expect(response.headers.get('location')).toBe('/enrolled')
		await smtp.waitFor('keen@example.com')
		const [mail] = mailTo('keen@example.com')
		expect(decodedMail(mail!.raw)).toContain("You're on the list for AI Driven Dev.")
		expect(mail!.raw.match(/Content-Type: text\/calendar/g)).toHaveLength(1)
		expect(mail!.raw).toContain('filename=course-release.ics')
	})

	test('a filled honeypot stores nothing', async () => {
		const fields = await honeypotFields(server, '/workshop')
		const response = await post(server, '/workshop?index', {
			...fields,
			website: 'http://spam.test',
			email: 'bot@example.com',
		})
		expect(response.status).toBe(400)
		const missing = await post(server, '/workshop?index', { email: 'bot2@example.com' })
		expect(missing.status).toBe(400)
		await queueSettled(server)
		expect(mailTo('bot@example.com')).toEqual([])
		expect(mailTo('bot2@example.com')).toEqual([])
	})

	test('day event: the e-mail carries a signed link; opening it completes the registration', async () => {
		const fields = await honeypotFields(server, '/ai-driven-development-day')
		const response = await post(server, '/ai-driven-development-day?index', {
			...fields,
			email: 'grace@example.com',
		})
		expect(response.headers.get('location')).toBe('/ai-driven-development-day/enrolled')
		const [mail] = await smtp.waitFor('grace@example.com')
		const link = decodedMail(mail!.raw).match(
			/https?:\/\/\S+\/ai-driven-development-day\/confirm\?token=[\w.-]+/,
		)![0]
		const confirmPath = new URL(link).pathname + new URL(link).search
		const confirmed = await fetch(`${server.url}${confirmPath}`)
		expect(confirmed.status).toBe(200)
		expect(await confirmed.text()).toContain('Your registration is complete')
		const tampered = await fetch(`${server.url}${confirmPath.slice(0, -3)}abc`)
		expect(tampered.status).toBe(400)
		expect(await tampered.text()).toContain('This confirmation link is not valid')
	})

	test('a foreign Origin is refused with 403; a missing Origin is allowed', async () => {
		const foreign = await post(
			server,
			'/workshop',
			{ email: 'x@example.com' },
			{ origin: 'https://evil.test' },
		)
		expect(foreign.status).toBe(403)
		const fields = await honeypotFields(server, '/')
		const response = await fetch(`${server.url}/?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ ...fields, email: 'noorigin@example.com' }),
		})
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/enrolled')
	})

	test('a tampered one-click link shows a clear message and stores nothing', async () => {
		const response = await fetch(`${server.url}/?signup=abc.def`)
		expect(await response.text()).toContain('This sign-up link is not valid')
		const fields = await honeypotFields(server, '/')
		const submitted = await post(server, '/signup/one-click', { ...fields, token: 'abc.def' })
		expect(submitted.status).toBe(400)
	})

	test('onboarding: SPEC §5 messages, and a valid profile is normalised and saved', async () => {
		const fields = await honeypotFields(server, '/onboarding')
		const bad = await post(server, '/onboarding', {
			...fields,
			firstName: 'A',
			lastName: 'Lovelace',
			avatar: 'nope',
		})
		expect(bad.status).toBe(400)
		const html = await bad.text()
		expect(html).toContain('First name must be at least 2 characters')
		expect(html).toContain('Please enter a valid URL for the avatar')
		const good = await post(server, '/onboarding', {
			...fields,
			firstName: '  aDA ',
			lastName: 'lovelace!',
			email: 'ada@example.com',
		})
		expect(good.status).toBe(302)
		const session = setCookies(good).session!
		const page = await fetch(`${server.url}/onboarding`, {
			headers: { cookie: session.split(';')[0]! },
		})
		const text = await page.text()
		expect(text).toContain('value="Ada"')
		expect(text).toContain('value="Lovelace"')
	})

	test('survey: a rating is required; answers are accepted', async () => {
		const fields = await honeypotFields(server, '/post-insiders-survey')
		const bad = await post(server, '/post-insiders-survey', { ...fields, email: 'i@example.com' })
		expect(bad.status).toBe(400)
		expect(await bad.text()).toContain('Please choose a rating from 1 to 5')
		const good = await post(server, '/post-insiders-survey', {
			...fields,
			email: 'i@example.com',
			rating: '5',
			helped: 'The live build',
			mayQuote: 'on',
		})
		expect(good.headers.get('location')).toBe('/post-insiders-survey?thanks=1')
	})
})

describe('rate limits', () => {
	let server: RunningServer
	let proxied: RunningServer
	beforeAll(async () => {
		;[server, proxied] = await Promise.all([
			startServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' }),
			startServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000', TRUST_PROXY: '1' }),
		])
	})
	afterAll(async () => {
		await server?.stop()
		await proxied?.stop()
	})

	test('beyond RATE_LIMIT_MAX posts per address: 429 with Retry-After, before any database work', async () => {
		const statuses: number[] = []
		let last: Response | undefined
		for (let i = 0; i < 5; i++) {
			last = await post(server, '/workshop?index', { email: 'bad' })
			statuses.push(last.status)
		}
		expect(statuses).toEqual([400, 400, 400, 429, 429])
		expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0)
		// Pages are still served.
		expect((await fetch(`${server.url}/workshop`)).status).toBe(200)
	})

	test('an IPv6 client is counted by its /64, like a seat hold: new addresses in it do not reset the count', async () => {
		const from = (address: string) =>
			post(proxied, '/workshop?index', { email: 'bad' }, { 'x-forwarded-for': address })
		const statuses: number[] = []
		for (const host of ['1', '2', 'ffff:1', 'abcd:ef01:2345'])
			statuses.push((await from(`2001:db8:0:42::${host}`)).status)
		expect(statuses).toEqual([400, 400, 400, 429])
		// The next /64 is someone else.
		expect((await from('2001:db8:0:43::1')).status).toBe(400)
		// An IPv4 address is itself, also written as IPv6.
		expect((await from('198.51.100.7')).status).toBe(400)
		expect((await from('::ffff:198.51.100.7')).status).toBe(400)
	})
})

describe('analytics and partner scripts', () => {
	let plain: RunningServer
	let configured: RunningServer
	beforeAll(async () => {
		;[plain, configured] = await Promise.all([
			startServer(),
			startServer({
				GTM_ID: 'GTM-ABC1234',
				CLARITY_ID: 'abc123def',
				PLAUSIBLE_DOMAIN: 'site.example',
				PARTNERO_PROGRAM_ID: 'prog_1',
				CUSTOMERIO_WRITE_KEY: 'key_1',
			}),
		])
	})
	afterAll(async () => {
		await plain?.stop()
		await configured?.stop()
	})

	test('/scripts/partn.js is served as JavaScript', async () => {
		const response = await fetch(`${plain.url}/scripts/partn.js`)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toMatch(/javascript/)
		expect(await response.text()).toContain('data-program-id')
	})

	test('the CSP names no outside host until a service is configured', async () => {
		const csp = (await fetch(`${plain.url}/`)).headers.get('content-security-policy')!
		expect(csp).not.toMatch(/googletagmanager|clarity|plausible|partnero|customer\.io/)
		expect(csp).toContain("connect-src 'self';")
	})

	test('configured services get their hosts in the CSP and their ids in the page', async () => {
		const response = await fetch(`${configured.url}/`)
		const csp = response.headers.get('content-security-policy')!
		const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src'))!
		for (const host of [
			'https://www.googletagmanager.com',
			'https://www.clarity.ms',
			'https://plausible.io',
			'https://app.partnero.com',
			'https://cdp.customer.io',
		])
			expect(scriptSrc).toContain(host)
		expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/plausible\.io/)
		// The ids reach the page in the root loader's data: single fetch's stream, a string in a
		// script, not a JSON object.
		const html = await response.text()
		expect(html).toMatch(/GTM_ID\\?",\\?"GTM-ABC1234/)
		expect(html).toMatch(/PARTNERO_PROGRAM_ID\\?",\\?"prog_1/)
	})
})
