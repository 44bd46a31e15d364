/**
 * The German site against the production build (issue 38 item 2, docs/decisions/173): pages under
 * /de, where a German reader is sent, a German workshop sign-up without JavaScript (field
 * messages, the answer page), and its confirmation e-mail and calendar text in German.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodedMail, startSmtp } from '../fakes/smtp'
import { type RunningServer, startServer } from '../support/server'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** A message as its reader sees it: quoted-printable undone, then read as UTF-8. */
const readable = (raw: string) => Buffer.from(decodedMail(raw), 'latin1').toString('utf8')

describe('the German site', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	beforeAll(async () => {
		smtp = await startSmtp()
		server = await startServer({ SMTP_URL: smtp.url, RATE_LIMIT_MAX: '1000', SITE_URL: '' })
	})
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
	})

	const get = (path: string, headers: Record<string, string> = {}) =>
		fetch(`${server.url}${path}`, {
			redirect: 'manual',
			headers: { 'user-agent': BROWSER, ...headers },
		})

	async function honeypotFields(path: string) {
		const html = await (await get(path)).text()
		const validFrom = html.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1]
		expect(validFrom, 'honeypot valid-from field').toBeTruthy()
		return { website: '', from__confirm: validFrom! }
	}

	const post = (path: string, fields: Record<string, string>) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				origin: server.url,
				'user-agent': BROWSER,
			},
			body: new URLSearchParams(fields),
		})

	test('/de/workshop is German, names both languages for search engines, and is its own canonical', async () => {
		const html = await (await get('/de/workshop')).text()
		expect(html).toContain('<html lang="de"')
		expect(html).toContain('Sichern Sie sich Ihren Platz')
		expect(html).toContain('Für den Workshop anmelden')
		expect(html).toContain(`<link rel="canonical" href="${server.url}/de/workshop"/>`)
		expect(html).toContain(`hrefLang="en" href="${server.url}/workshop"`)
		expect(html).toContain(`hrefLang="de" href="${server.url}/de/workshop"`)
		expect(html).toContain(`hrefLang="x-default" href="${server.url}/workshop"`)
	})

	test('the English page stays English after a German one was served from the page cache', async () => {
		await get('/de/workshop')
		await get('/de/workshop')
		const html = await (await get('/workshop')).text()
		expect(html).toContain('<html lang="en"')
		expect(html).toContain('Save your seat')
		expect(html).not.toContain('Sichern Sie sich Ihren Platz')
	})

	test('a first visit that prefers German goes to /de; a bot and a visitor with a cookie do not', async () => {
		const first = await get('/workshop', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })
		expect(first.status).toBe(302)
		expect(first.headers.get('location')).toBe('/de/workshop')
		expect(first.headers.get('cache-control')).toBe('private, no-store')
		const bot = await get('/workshop', { 'accept-language': 'de', 'user-agent': GOOGLEBOT })
		expect(bot.status).toBe(200)
		const chose = await get('/workshop', { 'accept-language': 'de', cookie: 'locale=en-US' })
		expect(chose.status).toBe(200)
	})

	test('the language switch sets the locale cookie for a year and goes to the page in that language', async () => {
		const response = await get('/workshop?lang=de')
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/de/workshop')
		expect(response.headers.get('set-cookie')).toBe(
			'locale=de-DE; Max-Age=31536000; Path=/; SameSite=Lax',
		)
	})

	test('a post not translated yet says so in German and shows the English text, marked English', async () => {
		const response = await get('/de/blog/workflow/the-review-loop')
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toContain('Diese Seite ist noch nicht übersetzt: Sie lesen die englische Fassung.')
		expect(html).toContain('<article lang="en">')
		const english = await (await get('/blog/workflow/the-review-loop')).text()
		expect(english).not.toContain('noch nicht übersetzt')
	})

	test('a translated post is German under /de, with its German table of contents; English under its English URL', async () => {
		const response = await get('/de/blog/workflow/write-the-spec-first')
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toContain('Erst die Spec: Prompts, die prüfbaren Code ergeben')
		expect(html).toContain('Was in eine brauchbare Spec gehört')
		expect(html).toContain('Auf dieser Seite')
		expect(html).toContain('Min. Lesezeit')
		expect(html).toContain('<title>Erst die Spec: Prompts, die prüfbaren Code ergeben')
		expect(html).not.toContain('noch nicht übersetzt')
		expect(html).not.toContain('<article lang="en">')
		expect(html).toMatch(/href="\/de\/blog">← (<!-- -->)?Alle Beiträge/)
		const english = await (await get('/blog/workflow/write-the-spec-first')).text()
		expect(english).toContain('Write the spec first: prompts that produce reviewable code')
		expect(english).not.toContain('Erst die Spec')
	})

	test('the German blog index: German words, the translated post by its German title, the others marked English', async () => {
		const html = await (await get('/de/blog')).text()
		expect(html).toContain('Alle Beiträge')
		expect(html).toContain('Notizen zur Softwareentwicklung mit KI')
		// Each listed post: its opening tag and its link.
		const listed = html.split('<article').slice(1)
		const post = (slug: string) =>
			listed.find((part) => part.includes(`href="/de/blog/workflow/${slug}"`))
		expect(post('write-the-spec-first')).toMatch(/^>[\s\S]*>Erst die Spec/)
		expect(post('the-review-loop')).toMatch(/^ lang="en">/)
		const english = await (await get('/blog')).text()
		expect(english).toContain('All posts')
		expect(english).toContain('Write the spec first')
		expect(english).not.toContain('Erst die Spec')
	})

	test('an unknown German path is a 404', async () => {
		expect((await get('/de/no-such-page')).status).toBe(404)
	})

	test('the layout speaks German under /de: header, navigation, footer, links to German pages', async () => {
		const html = await (await get('/de/workshop')).text()
		expect(html).toContain('<nav aria-label="Hauptmenü">')
		expect(html).toMatch(/<a[^>]*href="\/de"[^>]*>Kurs<\/a>/)
		expect(html).toMatch(/<a[^>]*href="\/de\/ai-driven-development-day"[^>]*>Event-Tag<\/a>/)
		expect(html).toContain('Kostenloser Workshop')
		expect(html).toContain('Unterstützt von')
		expect(html).toContain('aria-label="AI-Driven Development auf X"')
		expect(html).toContain('Zum hellen Modus wechseln')
		expect(html).not.toContain('Powered By')
	})

	test('the English layout is unchanged, and its footer offers the page in German', async () => {
		const html = await (await get('/workshop')).text()
		expect(html).toContain('<nav aria-label="Main">')
		expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Course<\/a>/)
		expect(html).toContain('Powered By')
		expect(html).toContain('Free workshop')
		expect(html).toMatch(/<a href="\/workshop\?lang=de" hrefLang="de" lang="de"[^>]*>Deutsch<\/a>/)
		expect(html).not.toContain('Unterstützt von')
	})

	test("the footer's switch, followed without JavaScript, goes to the twin and back, setting the cookie", async () => {
		const german = await (await get('/de/workshop')).text()
		const href = german.match(/<a href="([^"]+)" hrefLang="en"[^>]*>English<\/a>/)?.[1]
		expect(href).toBe('/de/workshop?lang=en')
		const back = await get(href!)
		expect(back.status).toBe(302)
		expect(back.headers.get('location')).toBe('/workshop')
		expect(back.headers.get('set-cookie')).toContain('locale=en-US')
		const english = await (await get('/workshop', { cookie: 'locale=en-US' })).text()
		const toGerman = english.match(/<a href="([^"]+)" hrefLang="de"[^>]*>Deutsch<\/a>/)?.[1]
		const there = await get(toGerman!)
		expect(there.headers.get('location')).toBe('/de/workshop')
		expect(there.headers.get('set-cookie')).toContain('locale=de-DE')
	})

	test('/de is the course page in German; / stays English', async () => {
		const html = await (await get('/de')).text()
		expect(html).toContain('<html lang="de"')
		expect(html).toContain('Ein praxisnaher Kurs über Softwareentwicklung mit KI')
		expect(html).toContain('Was Sie lernen')
		expect(html).toContain('Lehrplan')
		expect(html).toContain('Für wen der Kurs ist')
		expect(html).toMatch(/Jetzt vorbestellen|Jetzt einschreiben/)
		expect(html).toContain('Noch nicht so weit?')
		expect(html).toContain('href="/de/lessons/context-is-everything"')
		expect(html).toContain('href="/de/workshop"')
		expect(html).toContain('<meta name="description" content="Willkommen in der nächsten Ära')
		expect(html).not.toContain('What you will learn')
		const english = await (await get('/')).text()
		expect(english).toContain('What you will learn')
		expect(english).toContain('Not ready yet?')
		expect(english).toContain('href="/lessons/context-is-everything"')
		expect(english).not.toContain('Was Sie lernen')
	})

	test('the price box and the buy form speak German under /de; English under /', async () => {
		const html = await (await get('/de')).text()
		expect(html).toMatch(/Plätze? frei|Ausverkauft/)
		expect(html).toContain('>Anzahl<')
		expect(html).toContain('Gutscheincode (optional)')
		expect(html).toContain('Als Geschenk kaufen')
		expect(html).toContain('Tag der Zustellung')
		expect(html).toContain('name="locale" value="de-DE"')
		expect(html).not.toMatch(/seats? left|>Quantity<|Buy it as a gift/)
		const english = await (await get('/')).text()
		expect(english).toMatch(/seats? left|Sold out/)
		expect(english).toContain('>Quantity<')
		expect(english).toContain('Buy it as a gift')
		expect(english).not.toContain('Als Geschenk kaufen')
	})

	test('/de/for/:framework is the same page in German, its title too', async () => {
		const html = await (await get('/de/for/vue')).text()
		expect(html).toContain(
			'<title>AI Driven Dev für Vue-Entwickler | AI-Driven Development</title>',
		)
		expect(html).toContain('Mit Beispielen für Vue-Entwickler.')
		expect(html).toContain('Was Sie lernen')
	})

	test('the day page in German: its words, its date and prices for a German reader; English unchanged', async () => {
		const html = await (await get('/de/ai-driven-development-day')).text()
		expect(html).toContain('Ein ganzer Tag, live')
		expect(html).toContain('Programm')
		expect(html).toContain('Tickets kaufen')
		expect(html).toContain('Melden Sie sich mit Ihrer E-Mail-Adresse an')
		// The agenda is content, English for now, and marked so.
		expect(html).toMatch(/<ol lang="en"/)
		expect(html).toMatch(/\d,\d\d\s€|\d\s\$|\d,\d\d\s\$/)
		const english = await (await get('/ai-driven-development-day')).text()
		expect(english).toContain('One full day, live')
		expect(english).toContain('Buy passes')
		expect(english).not.toContain('Tickets kaufen')
	})

	test("the day's answer page and a broken confirmation link in German", async () => {
		const page = await (await get('/de/ai-driven-development-day/enrolled')).text()
		expect(page).toContain('Sehen Sie in Ihr Postfach')
		expect(page).toContain('href="/de/ai-driven-development-day#passes"')
		const broken = await get('/de/ai-driven-development-day/confirm?token=x')
		expect(broken.status).toBe(400)
		const html = await broken.text()
		expect(html).toContain('Dieser Link hat nicht funktioniert')
		expect(html).toContain('Dieser Bestätigungslink ist ungültig.')
		const english = await (await get('/ai-driven-development-day/enrolled')).text()
		expect(english).toContain('Check your inbox')
	})

	test('a German 404 is in German, with no language switch', async () => {
		const response = await get('/de/no-such-page')
		const html = await response.text()
		expect(response.status).toBe(404)
		expect(html).toContain('<html lang="de"')
		expect(html).toContain('<title>Seite nicht gefunden | AI-Driven Development</title>')
		expect(html).toContain('Nicht gefunden')
		expect(html).toContain('Seite nicht gefunden: /de/no-such-page')
		expect(html).toContain('Zurück zur Startseite')
		expect(html).not.toContain('?lang=')
		const english = await (await get('/no-such-page')).text()
		expect(english).toContain('Page not found: /no-such-page')
		expect(english).toContain('Back to home')
	})

	test('a German sign-up without JavaScript: the field message in German, nothing stored', async () => {
		const fields = await honeypotFields('/de/workshop')
		const response = await post('/de/workshop?index', {
			...fields,
			email: 'not-an-email',
			firstName: 'Ada',
		})
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(html).toContain('<p>Bitte geben Sie eine gültige E-Mail-Adresse ein</p>')
		// The English text is the reply's key in the page's data, never shown.
		expect(html).not.toContain('>Please enter a valid email address<')
		expect(html).toContain('aria-invalid="true"')
	})

	test('a German sign-up lands on the German answer page and gets its e-mail and calendar text in German', async () => {
		const fields = await honeypotFields('/de/workshop')
		const response = await post('/de/workshop?index', {
			...fields,
			email: 'grete@example.com',
			firstName: 'Grete',
		})
		expect(response.status).toBe(302)
		const location = response.headers.get('location')!
		expect(location).toMatch(/^\/de\/workshop\/enrolled\?session=workshop-[\d-]+$/)
		const page = await (await get(location)).text()
		expect(page).toContain('Sie sind angemeldet')
		expect(page).toContain('Wie es weitergeht')
		await smtp.waitFor('grete@example.com')
		const [mail] = smtp.received.filter((sent) => sent.to.includes('grete@example.com'))
		const text = readable(mail!.raw)
		expect(text).toContain('Hallo Grete,')
		expect(text).toContain('Bitte bestätigen Sie Ihren Platz')
		expect(text).toContain(`${server.url}/de/workshop/confirm?token=`)
		// The date in German, with its zone named in German.
		expect(text).toMatch(/(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d+\. /)
		expect(text).not.toContain("You're signed up")
		const calendar = mail!.raw.match(
			/Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([\s\S]*?)\r?\n--/,
		)
		const ics = Buffer.from(calendar![1]!.replace(/\s+/g, ''), 'base64').toString('utf8')
		expect(ics.replace(/\r\n /g, '')).toContain('Ihr Link zur Teilnahme: ')
	})

	test('a German registration for the day gets its confirmation e-mail in German, linking the German confirm page', async () => {
		const fields = await honeypotFields('/de/ai-driven-development-day')
		const response = await post('/de/ai-driven-development-day?index', {
			...fields,
			email: 'hanna@example.com',
			firstName: 'Hanna',
		})
		expect(response.status).toBe(302)
		await smtp.waitFor('hanna@example.com')
		const [mail] = smtp.received.filter((sent) => sent.to.includes('hanna@example.com'))
		const text = readable(mail!.raw)
		expect(text).toContain('Hallo Hanna,')
		expect(text).toContain('Meine Anmeldung abschließen')
		expect(text).toContain(`${server.url}/de/ai-driven-development-day/confirm?token=`)
		expect(text).not.toContain('Complete my registration')
	})
})
