/**
 * Unsubscribe against the production build and an SMTP peer (docs/decisions/109): a sign-up's
 * confirmation carries RFC 8058's headers with an https link from SITE_URL and a visible link to
 * the preferences page; a mail client's one-click POST unsubscribes without cookies or Origin; a
 * GET of the same link does not; the preferences page unsubscribes and resubscribes with its
 * button; a bad link is a clear 4xx. Then the attacks on the one-click exemption from the Origin
 * check and the rate limit (server.ts): it opens nothing but that path with a token we signed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	createRemindersToken,
	createUnsubscribeToken,
} from '~/models/links/preference-tokens.server'
import { decodedMail, startSmtp } from '../fakes/smtp'
import { honeypotFields } from '../support/raw-http'
import { queueSettled, type RunningServer, startServer } from '../support/server'
import { workshopSessions } from '../support/site-events'

const SECRET = 'unsubscribe-suite-secret-0123456789abcdef'
const SITE = 'https://courses.example'
const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click'

/** A message's header, unfolded (RFC 5322 folds long lines). */
function headerOf(raw: string, name: string): string | undefined {
	const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ')
	return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim()
}

const tokenFor = (email: string) => encodeURIComponent(createUnsubscribeToken(email, SECRET))
/** The link in an event's e-mails: its reminders, for this address (docs/decisions/149). */
const eventTokenFor = (email: string, eventId: string) =>
	encodeURIComponent(createRemindersToken({ email, eventId }, SECRET))

/** The state the preferences page shows for the link's address. */
async function stateOf(server: RunningServer, token: string) {
	const html = await (await fetch(`${server.url}/email-preferences?token=${token}`)).text()
	if (html.includes('You are unsubscribed from news')) return 'unsubscribed'
	if (html.includes('You get our news')) return 'subscribed'
	throw new Error(`The preferences page shows no state:\n${html.slice(0, 500)}`)
}

/** A mail client's one-click POST: no cookies, no Origin unless given. */
function oneClick(
	server: RunningServer,
	token: string,
	{
		body = ONE_CLICK_BODY,
		type = 'application/x-www-form-urlencoded',
		origin,
		path = '/unsubscribe',
	}: { body?: string; type?: string; origin?: string; path?: string } = {},
) {
	return fetch(`${server.url}${path}?token=${token}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': type, ...(origin ? { origin } : {}) },
		body,
	})
}

describe('unsubscribe', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({
			SMTP_URL: smtp.url,
			RATE_LIMIT_MAX: '1000',
			SITE_URL: SITE,
			SESSION_SECRET: SECRET,
		})
	})
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	/** Signs `email` up on `path` as a browser would; the confirmation as it arrived. */
	async function signUp(path: '/workshop' | '/', email: string, count = 1) {
		const response = await fetch(`${server.url}${path}?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({ ...(await honeypotFields(server.url, path)), email }),
		})
		expect(response.status).toBe(302)
		return (await smtp.waitFor(email, count)).at(-1)!
	}

	test('a sign-up’s confirmation carries one-click unsubscribe with an https link from SITE_URL, and the preferences link in its body', async () => {
		const mail = await signUp('/workshop', 'headers@example.com')
		const token = tokenFor('headers@example.com')
		expect(headerOf(mail.raw, 'List-Unsubscribe')).toBe(`<${SITE}/unsubscribe?token=${token}>`)
		expect(headerOf(mail.raw, 'List-Unsubscribe-Post')).toBe(ONE_CLICK_BODY)
		const body = decodedMail(mail.raw)
		expect(body).toContain('Unsubscribe or manage your e-mail preferences')
		expect(body).toContain(`${SITE}/email-preferences?token=${token}`)
	})

	test('a GET of the one-click link (a link scanner, a person) unsubscribes no one: it shows the preferences page and its button', async () => {
		const token = tokenFor('scanned@example.com')
		const response = await fetch(`${server.url}/unsubscribe?token=${token}`, { redirect: 'manual' })
		expect(response.status).toBe(303)
		expect(response.headers.get('location')).toBe(`/email-preferences?token=${token}`)
		const page = await fetch(`${server.url}${response.headers.get('location')}`)
		expect(page.status).toBe(200)
		expect(page.headers.get('cache-control')).toBe('private, no-store')
		const html = await page.text()
		expect(html).toContain('scanned@example.com')
		expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe from news<\/button>/)
		expect(html).toContain('<meta name="robots" content="noindex"/>')
		expect(await stateOf(server, token)).toBe('subscribed')
	})

	test('a mail client’s one-click POST, without cookies or Origin, unsubscribes the address', async () => {
		const mail = await signUp('/workshop', 'one.click@example.com')
		const url = headerOf(mail.raw, 'List-Unsubscribe')!.slice(1, -1).replace(SITE, server.url)
		const response = await fetch(url, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: ONE_CLICK_BODY,
		})
		expect(response.status).toBe(200)
		expect(await response.text()).toContain('Unsubscribed')
		expect(await stateOf(server, tokenFor('one.click@example.com'))).toBe('unsubscribed')
		// Again is the same answer (a client may retry).
		expect((await oneClick(server, tokenFor('one.click@example.com'))).status).toBe(200)
	})

	test('the POST may be multipart (RFC 8058’s SHOULD) and come with the mail provider’s Origin', async () => {
		const token = tokenFor('multipart@example.com')
		const form = new FormData()
		form.set('List-Unsubscribe', 'One-Click')
		const response = await fetch(`${server.url}/unsubscribe?token=${token}`, {
			method: 'POST',
			headers: { origin: 'https://mail.provider.example' },
			body: form,
		})
		expect(response.status).toBe(200)
		expect(await stateOf(server, token)).toBe('unsubscribed')
		const other = tokenFor('foreign.origin@example.com')
		expect(
			(await oneClick(server, other, { origin: 'https://mail.provider.example' })).status,
		).toBe(200)
		expect(await stateOf(server, other)).toBe('unsubscribed')
	})

	test('unsubscribing one spelling of a mailbox unsubscribes its +tags too', async () => {
		expect((await oneClick(server, tokenFor('Tagged+news@Example.com'))).status).toBe(200)
		expect(await stateOf(server, tokenFor('tagged@example.com'))).toBe('unsubscribed')
		expect(await stateOf(server, tokenFor('tagged+other@example.com'))).toBe('unsubscribed')
	})

	test('after unsubscribing, signing up again still confirms, says no news follows and links resubscribing', async () => {
		await oneClick(server, tokenFor('came.back@example.com'))
		const mail = await signUp('/', 'came.back@example.com')
		expect(headerOf(mail.raw, 'List-Unsubscribe')).toBe(
			`<${SITE}/unsubscribe?token=${tokenFor('came.back@example.com')}>`,
		)
		const body = decodedMail(mail.raw)
		expect(body).toContain("You're on the list for AI Driven Dev")
		expect(body).toContain('You unsubscribed from our news earlier, so none follows')
		expect(body).toContain('Resubscribe or manage your e-mail preferences')
		// A sign-up form does not resubscribe: anyone can type anyone's address into it.
		expect(await stateOf(server, tokenFor('came.back@example.com'))).toBe('unsubscribed')
	})

	test('the preferences page’s button unsubscribes, then resubscribes, as a form post from the site', async () => {
		const token = tokenFor('buttons@example.com')
		const press = (intent: string) =>
			fetch(`${server.url}/email-preferences?token=${token}`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: new URLSearchParams({ intent }),
			})
		const unsubscribed = await press('unsubscribe')
		expect(unsubscribed.status).toBe(200)
		expect(await unsubscribed.text()).toContain('You are unsubscribed from news')
		expect(await stateOf(server, token)).toBe('unsubscribed')
		const resubscribed = await press('resubscribe')
		expect(await resubscribed.text()).toContain('You get our news')
		expect(await stateOf(server, token)).toBe('subscribed')
		const unknown = await press('delete-everything')
		expect(unknown.status).toBe(400)
		expect(await unknown.text()).toContain(
			'Choose one: news on or off, or an event’s reminders on or off',
		)
	})

	test('a forged, cut, foreign or missing token is a clear 400 page, never a 500, and changes nothing', async () => {
		const good = tokenFor('victim@example.com')
		const [payload, signature] = decodeURIComponent(good).split('.') as [string, string]
		const forgedPayload = Buffer.from(
			JSON.stringify({ e: 'someone.else@example.com', p: 'unsubscribe' }),
		).toString('base64url')
		const bad = [
			`${forgedPayload}.${signature}`,
			`${payload}.${signature.slice(0, -3)}`,
			encodeURIComponent(
				createUnsubscribeToken('victim@example.com', 'another-secret-0123456789abcdef'),
			),
			'',
			'%E0%A4%A',
			'a.b.c',
			'x'.repeat(2_000),
		]
		for (const token of bad) {
			const page = await fetch(`${server.url}/email-preferences?token=${token}`)
			expect(page.status, token.slice(0, 30)).toBe(400)
			expect(await page.text()).toContain('This link is not valid.')
			const post = await oneClick(server, token)
			expect(post.status, token.slice(0, 30)).toBe(400)
			expect(await post.text()).toBe('This unsubscribe link is not valid.')
		}
		expect((await fetch(`${server.url}/email-preferences`)).status).toBe(400)
		expect(await stateOf(server, good)).toBe('subscribed')
	})

	test('a POST to the one-click link without List-Unsubscribe=One-Click, or not a form, is a 400 and unsubscribes no one', async () => {
		const token = tokenFor('not.one.click@example.com')
		for (const body of ['', 'List-Unsubscribe=Yes', 'intent=unsubscribe']) {
			const response = await oneClick(server, token, { body })
			expect(response.status, body).toBe(400)
			expect(await response.text()).toContain('List-Unsubscribe=One-Click')
		}
		const json = await oneClick(server, token, { type: 'application/json', body: '{"a":' })
		expect(json.status).toBe(400)
		expect(await stateOf(server, token)).toBe('subscribed')
	})

	test('an event e-mail’s one-click link stops that event’s reminders only: the address still gets news, and the page shows both', async () => {
		const session = workshopSessions()[0]!
		const token = eventTokenFor('both@example.com', session.id)
		const stopped = await oneClick(server, token)
		expect(stopped.status).toBe(200)
		expect(await stopped.text()).toBe(
			'Stopped: this address gets no more reminders of this event. Our other e-mails are unchanged.',
		)
		// The same page as the news link's: news on, this event's reminders stopped.
		expect(await stateOf(server, token)).toBe('subscribed')
		expect(await stateOf(server, tokenFor('both@example.com'))).toBe('subscribed')
		const html = await (await fetch(`${server.url}/email-preferences?token=${token}`)).text()
		expect(html).toContain('Reminders stopped: we send you none for this event.')
		expect(html).toMatch(/>Resume reminders<span class="sr-only">/)
	})

	test('the page’s buttons stop and resume an event’s reminders; an event not the address’s is a 400 next to the form, and changes nothing', async () => {
		const session = workshopSessions()[0]!
		const token = tokenFor('toggles@example.com')
		await oneClick(server, eventTokenFor('toggles@example.com', session.id))
		const press = (body: Record<string, string>) =>
			fetch(`${server.url}/email-preferences?token=${token}`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: new URLSearchParams(body),
			})
		const resumed = await press({ intent: 'resume-reminders', event: session.id })
		expect(resumed.status).toBe(200)
		// Resumed, and the address is signed up for none: the event leaves the page.
		expect(await resumed.text()).toContain('This address is signed up for no event to come.')
		for (const event of ['not-an-event', session.id, '']) {
			const refused = await press({ intent: 'stop-reminders', event })
			expect(refused.status, event).toBe(400)
			expect(await refused.text()).toContain('Choose one of the events listed on this page.')
		}
	})

	test('receipts stay without unsubscribe: no message but the sign-ups’ carries the header', async () => {
		await queueSettled(server)
		for (const mail of smtp.received) {
			const subject = headerOf(mail.raw, 'Subject') ?? ''
			const carries = headerOf(mail.raw, 'List-Unsubscribe') !== undefined
			expect(carries, subject).toBe(/signed up for the free workshop|You're in/.test(subject))
		}
	})
})

describe('the one-click exemption from the Origin check and the rate limit is narrow', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({ RATE_LIMIT_MAX: '2', SESSION_SECRET: SECRET })
	})
	afterAll(async () => {
		await server?.stop()
	})

	const evil = 'https://evil.example'

	test('another site cannot post the preferences form, even with the address’s valid token', async () => {
		const token = tokenFor('target@example.com')
		await oneClick(server, token)
		const response = await fetch(`${server.url}/email-preferences?token=${token}`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: evil },
			body: new URLSearchParams({ intent: 'resubscribe' }),
		})
		expect(response.status).toBe(403)
		expect(await stateOf(server, token)).toBe('unsubscribed')
	})

	test('another site’s post to a neighbouring path, with a forged token or none, is refused 403', async () => {
		const token = tokenFor('target@example.com')
		const cases = [
			{ path: '/unsubscribe/', token },
			{ path: '/Unsubscribe', token },
			{ path: '/unsubscribe/extra', token },
			{ path: '/unsubscribe', token: `${token}x` },
			{ path: '/unsubscribe', token: '' },
			{ path: '/workshop', token },
		]
		for (const { path, token: given } of cases) {
			const response = await oneClick(server, given, { origin: evil, path })
			expect(response.status, `${path} ${given.slice(-4)}`).toBe(403)
		}
	})

	test('a one-click post only ever unsubscribes, whatever else its body says', async () => {
		const token = tokenFor('only.down@example.com')
		const response = await oneClick(server, token, {
			body: `${ONE_CLICK_BODY}&intent=resubscribe`,
			origin: evil,
		})
		expect(response.status).toBe(200)
		expect(await stateOf(server, token)).toBe('unsubscribed')
	})

	test('one-click posts with a valid token are never rate limited; any other post is', async () => {
		for (let index = 0; index < 6; index++) {
			const response = await oneClick(server, tokenFor(`many.${index}@example.com`))
			expect(response.status, `one-click ${index}`).toBe(200)
		}
		const forged = await Promise.all([0, 1, 2, 3].map(() => oneClick(server, 'forged.token')))
		expect(forged.map((response) => response.status)).toContain(429)
	})
})
