/**
 * The rest of the public pages and the account pages in German (issue 38 item 2, decision 178),
 * against the production build with JavaScript off (plain requests): the profile and the survey
 * with their field messages, the one-click sign-up box and its answer, the joining page, the
 * waiting list's confirmation, the cheatsheets and a lesson's frame, the e-mail preferences page
 * a German e-mail links to, the GitHub sign-in failure. The English pages stay as they were.
 */
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUnsubscribeToken } from '~/models/links/preference-tokens.server'
import { createJoinToken, createLinkToken, createToken } from '~/models/links/signed-token.server'
import { decodedMail, startSmtp } from '../fakes/smtp'
import { honeypotFields } from '../support/raw-http'
import { type RunningServer, startServer } from '../support/server'

const SECRET = 'german-pages-suite-secret-0123456789abcdef'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'

/** A message as its reader sees it: quoted-printable undone, then read as UTF-8. */
const readable = (raw: string) => Buffer.from(decodedMail(raw), 'latin1').toString('utf8')

describe('the German public and account pages', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({
			SMTP_URL: smtp.url,
			RATE_LIMIT_MAX: '1000',
			SITE_URL: '',
			SESSION_SECRET: SECRET,
		})
	})
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	const get = (path: string) =>
		fetch(`${server.url}${path}`, { redirect: 'manual', headers: { 'user-agent': BROWSER } })
	const html = async (path: string) => (await get(path)).text()
	const post = async (path: string, fields: Record<string, string>, page = path) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				origin: server.url,
				'user-agent': BROWSER,
			},
			body: new URLSearchParams({ ...(await honeypotFields(server.url, page)), ...fields }),
		})
	const signupToken = (email: string, list: 'workshop' | 'course') =>
		encodeURIComponent(createToken({ email, list, purpose: 'signup', ttlSeconds: 3600 }, SECRET))

	test('/de/onboarding is German, its field messages too without JavaScript; /onboarding unchanged', async () => {
		const page = await html('/de/onboarding')
		expect(page).toContain('<html lang="de"')
		expect(page).toContain('Willkommen an Bord')
		expect(page).toContain('Profil speichern')
		expect(page).toContain('Nachname')
		const refused = await post('/de/onboarding', {
			firstName: 'Grete',
			lastName: 'M',
			email: 'kein-e-mail',
		})
		expect(refused.status).toBe(400)
		const answer = await refused.text()
		expect(answer).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein')
		expect(answer).toContain('Der Nachname muss mindestens')
		expect(answer).not.toContain('>Last name must be at least')
		const english = await html('/onboarding')
		expect(english).toContain('Welcome aboard')
		expect(english).toContain('Save profile')
		expect(english).not.toContain('Willkommen')
	})

	test('a profile saved on /de/onboarding lands on the German page that says so', async () => {
		const saved = await post('/de/onboarding', {
			firstName: 'Grete',
			lastName: 'Müller',
			email: 'grete.profil@example.com',
		})
		expect(saved.status).toBe(302)
		expect(saved.headers.get('location')).toBe('/de/onboarding?saved=1')
		const cookie = saved.headers.get('set-cookie')!.split(';')[0]!
		const page = await (
			await fetch(`${server.url}/de/onboarding?saved=1`, {
				headers: { cookie, 'user-agent': BROWSER },
			})
		).text()
		expect(page).toContain('Ihr Profil ist gespeichert.')
		expect(page).toContain('Ihr Profil ändern')
		expect(page).toContain('Abmelden')
	})

	test('/de/post-insiders-survey is German, its rating message too; it thanks in German', async () => {
		const page = await html('/de/post-insiders-survey')
		expect(page).toContain('Umfrage für Insider')
		expect(page).toContain('5 · Ausgezeichnet')
		const refused = await post('/de/post-insiders-survey', { email: 'umfrage@example.com' })
		expect(refused.status).toBe(400)
		expect(await refused.text()).toContain('Bitte wählen Sie eine Bewertung von 1 bis 5')
		const sent = await post('/de/post-insiders-survey', {
			email: 'umfrage@example.com',
			rating: '5',
		})
		expect(sent.status).toBe(302)
		expect(sent.headers.get('location')).toBe('/de/post-insiders-survey?thanks=1')
		expect(await html('/de/post-insiders-survey?thanks=1')).toContain('Vielen Dank!')
		expect(await html('/post-insiders-survey')).toContain('5 · Excellent')
	})

	test('the one-click box asks in German and posts to the German twin, which answers with the German page', async () => {
		const token = signupToken('klick@example.com', 'workshop')
		const page = await html(`/de/onboarding?signup=${token}`)
		expect(page).toContain('aria-label="Anmeldung mit einem Klick"')
		expect(page).toMatch(
			/klick@example.com<\/strong> (<!-- -->)?für (<!-- -->)?den kostenlosen Workshop/,
		)
		expect(page).toContain('action="/de/signup/one-click"')
		expect(page).toContain('Anmeldung bestätigen')
		const confirmed = await post(
			'/de/signup/one-click',
			{ token: decodeURIComponent(token) },
			`/de/onboarding?signup=${token}`,
		)
		expect(confirmed.status).toBe(302)
		expect(confirmed.headers.get('location')).toMatch(/^\/de\/workshop\/enrolled\?session=/)
		const english = await html(`/onboarding?signup=${token}`)
		expect(english).toContain('Confirm sign-up')
		expect(english).toContain('action="/signup/one-click"')
	})

	test('a broken one-click link says so in German, on the page and at the German twin', async () => {
		expect(await html('/de/onboarding?signup=abc.def')).toContain(
			'Dieser Anmeldelink ist ungültig.',
		)
		const refused = await post(
			'/de/signup/one-click',
			{ token: 'abc.def' },
			'/de/onboarding?signup=abc.def',
		)
		expect(refused.status).toBe(400)
		const page = await refused.text()
		expect(page).toContain('Dieser Anmeldelink hat nicht funktioniert')
		expect(page).toContain('Dieser Anmeldelink ist ungültig.')
		// The English text is the error's key in the page's data, never shown.
		expect(page).not.toContain('>This sign-up link is not valid')
	})

	test('/de/join shows the joining page in German, its date German; a broken link says so in German', async () => {
		// Signed up from a one-click link: confirmed, so registered for the session.
		const link = signupToken('beitritt@example.com', 'workshop')
		const signedUp = await post(
			'/de/signup/one-click',
			{ token: decodeURIComponent(link) },
			`/de/onboarding?signup=${link}`,
		)
		const session = new URL(signedUp.headers.get('location')!, server.url).searchParams.get(
			'session',
		)!
		const token = encodeURIComponent(
			createJoinToken(
				{
					email: 'beitritt@example.com',
					eventId: session,
					expiresAt: new Date(Date.now() + 365 * 86_400_000),
				},
				SECRET,
			),
		)
		const page = await html(`/de/join?token=${token}`)
		expect(page).toContain('Diese Seite gehört nur Ihnen')
		expect(page).toMatch(/(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d+\. /)
		expect(page).toContain('Zurück zur Startseite')
		const english = await html(`/join?token=${token}`)
		expect(english).toContain('This page is yours alone')
		const broken = await get('/de/join?token=abc.def')
		expect(broken.status).toBe(400)
		const refused = await broken.text()
		expect(refused).toContain('Dieser Link hat nicht funktioniert')
		expect(refused).toContain('Dieser Link ist ungültig.')
	})

	test('/de/waitlist/confirm: a link whose day has passed says so in German; English unchanged', async () => {
		const token = encodeURIComponent(
			createLinkToken(
				{ purpose: 'waitlist-confirm', subject: '1', expiresAt: new Date(Date.now() - 1000) },
				SECRET,
			),
		)
		const german = await get(`/de/waitlist/confirm/${token}`)
		expect(german.status).toBe(410)
		expect(await german.text()).toContain('Dieser Link ist abgelaufen')
		expect(await html(`/waitlist/confirm/${token}`)).toContain('This link has ended')
	})

	test('the German cheatsheets: the index in German, a sheet and a lesson framed in German, their text marked English', async () => {
		const index = await html('/de/cheatsheets')
		expect(index).toContain('<title>Spickzettel')
		expect(index).toContain('Aktualisiert am')
		const sheet = index.match(/href="(\/de\/cheatsheets\/[^"]+)"/)?.[1]
		expect(sheet, 'a German link to a sheet').toBeTruthy()
		const page = await html(sheet!)
		expect(page).toContain('Diese Seite ist noch nicht übersetzt')
		expect(page).toMatch(/href="\/de\/cheatsheets">← (<!-- -->)?Alle Spickzettel/)
		expect(page).toContain('>Spickzettel</p>')
		expect(page).toContain('<article lang="en">')
		const english = await html('/cheatsheets')
		expect(english).toContain('<title>Cheatsheets')
		expect(english).not.toContain('Spickzettel')
		const lesson = (await html('/')).match(/href="\/lessons\/([^"#?]+)"/)?.[1]
		if (lesson) {
			const german = await html(`/de/lessons/${lesson}`)
			expect(german).toContain('Kostenlose Probelektion')
			expect(german).toContain('Der Aufbau des Kurses')
		}
	})

	test('the sitemap lists the German pages beside the English ones, each with its hreflang alternates, and every URL answers', async () => {
		const response = await get('/sitemap.xml')
		expect(response.status).toBe(200)
		const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
			await response.text(),
		)
		const urls = parsed.urlset.url as {
			loc: string
			'xhtml:link'?: { rel: string; hreflang: string; href: string }[]
		}[]
		const locs = urls.map((url) => url.loc)
		for (const path of [
			'/de',
			'/de/workshop',
			'/de/blog',
			'/de/cheatsheets',
			'/de/legal/terms-conditions',
		])
			expect(locs).toContain(`${server.url}${path}`)
		const post = urls.find(
			(url) => url.loc === `${server.url}/de/blog/workflow/write-the-spec-first`,
		)!
		expect(
			Object.fromEntries(post['xhtml:link']!.map((link) => [link.hreflang, link.href])),
		).toEqual({
			en: `${server.url}/blog/workflow/write-the-spec-first`,
			de: `${server.url}/de/blog/workflow/write-the-spec-first`,
			'x-default': `${server.url}/blog/workflow/write-the-spec-first`,
		})
		// Every alternate is itself listed; every listed page answers 200.
		for (const url of urls)
			for (const link of url['xhtml:link'] ?? []) expect(locs).toContain(link.href)
		for (const loc of locs) expect((await fetch(loc)).status, loc).toBe(200)
		// The feed stays English (decision 178).
		expect(await html('/blog/rss.xml')).not.toContain('/de/')
	})

	test('the e-mail preferences page is German under /de, and a German e-mail’s footer links there', async () => {
		const signedUp = await post(
			'/de/workshop?index',
			{ email: 'praeferenz@example.com' },
			'/de/workshop',
		)
		expect(signedUp.status).toBe(302)
		const [mail] = await smtp.waitFor('praeferenz@example.com')
		const token = encodeURIComponent(createUnsubscribeToken('praeferenz@example.com', SECRET))
		const text = readable(mail!.raw)
		expect(text).toContain(`${server.url}/de/email-preferences?token=`)
		expect(text).not.toContain(`${server.url}/email-preferences?token=`)
		const page = await get(`/de/email-preferences?token=${token}`)
		expect(page.status).toBe(200)
		expect(page.headers.get('cache-control')).toBe('private, no-store')
		const german = await page.text()
		expect(german).toContain('Ihre E-Mail-Einstellungen')
		expect(german).toMatch(/<button[^>]*type="submit"[^>]*>Neuigkeiten abbestellen<\/button>/)
		expect(german).toContain('Diese Adresse ist für keine kommende Veranstaltung angemeldet.')
		expect(await html(`/email-preferences?token=${token}`)).toContain('Your e-mail preferences')
		// Its button works without JavaScript and answers in German.
		const unsubscribed = await fetch(`${server.url}/de/email-preferences?token=${token}`, {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				origin: server.url,
				'user-agent': BROWSER,
			},
			body: new URLSearchParams({ intent: 'unsubscribe' }),
		})
		expect(unsubscribed.status).toBe(200)
		expect(await unsubscribed.text()).toContain('Sie haben die Neuigkeiten abbestellt')
		const broken = await get('/de/email-preferences?token=abc.def')
		expect(broken.status).toBe(400)
		expect(await broken.text()).toContain('Dieser Link ist ungültig.')
	})
})
