import { describe, expect, test, vi } from 'vitest'
import { localeRedirect, preferredLocale } from './locale.server'

const warn = vi.hoisted(() => vi.fn())
vi.mock('~/log.server', () => ({ log: { warn, info: vi.fn(), error: vi.fn() } }))

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const url = (path: string) => new URL(path, 'https://site.example')

describe('which language Accept-Language prefers (decision 173)', () => {
	test('German first, by order or by weight, in any region', () => {
		expect(preferredLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE')
		expect(preferredLocale('de-AT')).toBe('de-DE')
		expect(preferredLocale('en;q=0.5, de;q=0.9')).toBe('de-DE')
		expect(preferredLocale('fr-FR, de;q=0.7, en;q=0.5')).toBe('de-DE')
	})

	test('English first, neither, or nothing usable: no preference for German', () => {
		expect(preferredLocale('en-GB,en;q=0.9,de;q=0.8')).toBe('en-US')
		expect(preferredLocale('fr-FR, es')).toBeNull()
		expect(preferredLocale('de;q=0, en')).toBe('en-US')
		expect(preferredLocale(undefined)).toBeNull()
		expect(preferredLocale('de;q=banana')).toBe('de-DE')
	})
})

describe('where an English URL sends a German reader (decision 173)', () => {
	test('a first visit whose browser prefers German goes to the German twin, query kept', () => {
		expect(
			localeRedirect(url('/workshop?friend=ada'), { acceptLanguage: 'de-DE', userAgent: BROWSER }),
		).toEqual({ location: '/de/workshop?friend=ada' })
		expect(localeRedirect(url('/'), { acceptLanguage: 'de', userAgent: BROWSER })).toEqual({
			location: '/de',
		})
	})

	test('a bot is never redirected, whatever it accepts', () => {
		expect(localeRedirect(url('/workshop'), { acceptLanguage: 'de', userAgent: GOOGLEBOT })).toBe(
			null,
		)
		expect(localeRedirect(url('/workshop'), { acceptLanguage: 'de' })).toBe(null)
	})

	test('Accept-Language counts on the first visit only: a cookie decides after that', () => {
		expect(
			localeRedirect(url('/workshop'), {
				cookie: 'locale=en-US',
				acceptLanguage: 'de',
				userAgent: BROWSER,
			}),
		).toBe(null)
		expect(
			localeRedirect(url('/workshop'), {
				cookie: 'locale=de-DE',
				acceptLanguage: 'en',
				userAgent: BROWSER,
			}),
		).toEqual({ location: '/de/workshop' })
	})

	test("a broken locale cookie stays English and logs 'Failed locale loading'", () => {
		warn.mockClear()
		expect(
			localeRedirect(url('/workshop'), {
				cookie: 'locale=xx-<script>',
				acceptLanguage: 'de',
				userAgent: BROWSER,
			}),
		).toBe(null)
		expect(warn).toHaveBeenCalledWith(
			'Failed locale loading: "xx-<script>" is not a locale of this site (en-US, de-DE); using en-US',
		)
	})

	test('pages without a German twin, and German pages, are served as they are', () => {
		const german = { cookie: 'locale=de-DE', userAgent: BROWSER }
		expect(localeRedirect(url('/admin/orders'), german)).toBe(null)
		expect(localeRedirect(url('/checkout/abc'), german)).toBe(null)
		expect(localeRedirect(url('/api/course'), german)).toBe(null)
		expect(localeRedirect(url('/de/workshop'), german)).toBe(null)
		expect(
			localeRedirect(url('/de/workshop'), { cookie: 'locale=en-US', userAgent: BROWSER }),
		).toBe(null)
	})

	test("a German reader's English checkout link goes to its German twin, query kept (decision 176)", () => {
		const german = { cookie: 'locale=de-DE', userAgent: BROWSER }
		expect(localeRedirect(url('/checkout/abc/thank-you?key=k'), german)).toEqual({
			location: '/de/checkout/abc/thank-you?key=k',
		})
		expect(localeRedirect(url('/checkout/processing?id=abc&cancelled=1'), german)).toEqual({
			location: '/de/checkout/processing?id=abc&cancelled=1',
		})
	})

	test('the language switch sets the cookie and goes to the page in that language', () => {
		expect(localeRedirect(url('/workshop?lang=de&friend=ada'), {})).toEqual({
			location: '/de/workshop?friend=ada',
			setLocale: 'de-DE',
		})
		expect(localeRedirect(url('/de/workshop?lang=en'), { cookie: 'locale=de-DE' })).toEqual({
			location: '/workshop',
			setLocale: 'en-US',
		})
		// An unknown language sets nothing; a URL without a German twin is left alone.
		expect(localeRedirect(url('/workshop?lang=fr'), {})).toEqual({ location: '/workshop' })
		expect(localeRedirect(url('/admin/orders?lang=de'), {})).toBe(null)
		expect(localeRedirect(url('/api/catalog?region=EU&lang=de'), {})).toBe(null)
	})

	test('the switch never leaves the site, whatever the path says', () => {
		const answer = localeRedirect(url('//evil.example/?lang=de'), {})
		expect(answer?.location.startsWith('//')).toBe(false)
		expect(new URL(answer!.location, 'https://site.example').origin).toBe('https://site.example')
	})
})
