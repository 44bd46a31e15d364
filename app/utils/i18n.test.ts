import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
	isTranslatedPage,
	languageSwitchHref,
	languageVersions,
	localeCookie,
	localeDirection,
	localeLoadFailure,
	localeOfPath,
	localePath,
	localeUrl,
	messages,
	resolveLocale,
	t,
	unprefixedPath,
} from './i18n'

describe('interface texts and locale (SPEC §8, §9)', () => {
	test('the dictionary holds the default English texts of SPEC §8', () => {
		for (const text of [
			'No matching data',
			'No data',
			'Close',
			'Back',
			'Continue',
			'Send prompt',
			'Type your message here...',
			'Back to home',
			'On this page',
			'Copy code to clipboard',
			'Hide password',
			'Show password',
			'Open menu',
			'Close menu',
			'Expand sidebar',
			'Collapse sidebar',
		]) {
			expect(Object.values(messages)).toContain(text)
		}
		expect(t('backToHome')).toBe('Back to home')
	})

	test('the locale defaults to en-US, left to right; unknown values fall back', () => {
		expect(resolveLocale(undefined)).toBe('en-US')
		expect(resolveLocale('xx-YY')).toBe('en-US')
		expect(resolveLocale('en-US')).toBe('en-US')
		expect(localeDirection('en-US')).toBe('ltr')
	})

	test('the locale cookie lasts 365 days on the whole site with SameSite=Lax', () => {
		expect(localeCookie('en-US', false)).toBe(
			'locale=en-US; Max-Age=31536000; Path=/; SameSite=Lax',
		)
		expect(localeCookie('en-US', true)).toMatch(/; Secure$/)
	})
})

describe('German under /de (decision 173)', () => {
	test('a page speaks its URL’s language: /de and below is German, anything else English', () => {
		expect(localeOfPath('/de')).toBe('de-DE')
		expect(localeOfPath('/de/workshop')).toBe('de-DE')
		expect(localeOfPath('/DE/workshop')).toBe('de-DE')
		expect(localeOfPath('/workshop')).toBe('en-US')
		expect(localeOfPath('/design')).toBe('en-US')
		expect(localeOfPath('/blog/de')).toBe('en-US')
	})

	test('a path moves between languages and back', () => {
		expect(localePath('/', 'de-DE')).toBe('/de')
		expect(localePath('/workshop/enrolled', 'de-DE')).toBe('/de/workshop/enrolled')
		expect(localePath('/workshop', 'en-US')).toBe('/workshop')
		expect(localePath('/workshop/enrolled?session=a-b#top', 'de-DE')).toBe(
			'/de/workshop/enrolled?session=a-b#top',
		)
		// No German twin: the English page.
		expect(localePath('/admin/orders', 'de-DE')).toBe('/admin/orders')
		expect(localePath('/checkout/abc', 'de-DE')).toBe('/checkout/abc')
		expect(unprefixedPath('/de')).toBe('/')
		expect(unprefixedPath('/de/workshop')).toBe('/workshop')
		expect(unprefixedPath('/design')).toBe('/design')
	})

	test("the public pages have a German twin; the checkout's JSON, the dashboard and files do not", () => {
		for (const page of [
			'/',
			'/workshop',
			'/workshop/enrolled',
			'/ai-driven-development-day',
			'/blog',
			'/blog/workflow/a-post',
			'/waitlist',
			'/legal/privacy',
		])
			expect(isTranslatedPage(page), page).toBe(true)
		for (const page of [
			'/checkout',
			'/checkout/abc',
			'/invoice/abc/pdf',
			'/webhooks/stripe',
			'/admin',
			'/api/course',
			'/blog/rss.xml',
			'/sitemap.xml',
			'/calendar/x.ics',
		])
			expect(isTranslatedPage(page), page).toBe(false)
	})

	test('the pages a buyer sees have a German twin (decision 176)', () => {
		for (const page of [
			'/checkout/abc/queue',
			'/checkout/sandbox/abc',
			'/checkout/abc/pay-by-card',
			'/checkout/processing',
			'/checkout/success',
			'/checkout/abc/thank-you',
			'/checkout/abc/transfer',
			'/enrolled',
			'/gift/abc',
			'/upgrade',
			'/upgrade/abc',
			'/invoice/abc',
		])
			expect(isTranslatedPage(page), page).toBe(true)
		expect(localePath('/checkout/processing?id=abc&cancelled=1', 'de-DE')).toBe(
			'/de/checkout/processing?id=abc&cancelled=1',
		)
		expect(localePath('/checkout/processing?id=abc', 'en-US')).toBe('/checkout/processing?id=abc')
	})

	test('every text of the table has its German, and English stays the default', () => {
		expect(t('backToHome', 'de-DE')).toBe('Zurück zur Startseite')
		expect(t('backToHome')).toBe('Back to home')
		for (const key of Object.keys(messages) as (keyof typeof messages)[])
			expect(t(key, 'de-DE'), key).not.toBe('')
	})
})

describe('the account pages and the versions of a page (decision 178)', () => {
	test('the account pages a German e-mail leads to have a twin; the owner’s sign-in and the unsubscribe answer do not', () => {
		for (const page of ['/email-preferences', '/signup/one-click', '/login/github/failed'])
			expect(isTranslatedPage(page), page).toBe(true)
		for (const page of ['/owner-sign-in', '/unsubscribe', '/sign-out', '/login/github'])
			expect(isTranslatedPage(page), page).toBe(false)
	})

	test('a link of a German e-mail goes to the German page, its origin and query kept; English links stay', () => {
		const url = 'https://courses.example/email-preferences?token=a.b%2Bc'
		expect(localeUrl(url, 'de-DE')).toBe(
			'https://courses.example/de/email-preferences?token=a.b%2Bc',
		)
		expect(localeUrl(url, 'en-US')).toBe(url)
		expect(localeUrl(url)).toBe(url)
		expect(localeUrl('https://courses.example/checkout/x', 'de-DE')).toBe(
			'https://courses.example/checkout/x',
		)
	})

	test('a translated page has one version per language and English again as x-default; others none', () => {
		expect(languageVersions('/')).toEqual([
			{ hreflang: 'en', path: '/' },
			{ hreflang: 'de', path: '/de' },
			{ hreflang: 'x-default', path: '/' },
		])
		expect(languageVersions('/cheatsheets/x').map((version) => version.path)).toEqual([
			'/cheatsheets/x',
			'/de/cheatsheets/x',
			'/cheatsheets/x',
		])
		expect(languageVersions('/checkout/x')).toEqual([])
	})
})

describe('the language switch (decision 175)', () => {
	test('links a page to itself asking for the other language, keeping its query', () => {
		expect(languageSwitchHref('/workshop', '')).toBe('/workshop?lang=de')
		expect(languageSwitchHref('/de/workshop', '')).toBe('/de/workshop?lang=en')
		expect(languageSwitchHref('/de', '')).toBe('/de?lang=en')
		expect(languageSwitchHref('/', '?ref=x')).toBe('/?ref=x&lang=de')
		// A second switch replaces the first parameter rather than adding one.
		expect(languageSwitchHref('/de/blog', '?lang=de')).toBe('/de/blog?lang=en')
	})

	test("a page without a twin (the checkout's JSON, a German 404) has no switch", () => {
		expect(languageSwitchHref('/checkout/abc', '')).toBeNull()
		expect(languageSwitchHref('/de/no-such-page', '')).toBeNull()
		expect(languageSwitchHref('/admin', '')).toBeNull()
	})

	test('the layout has its words in German', () => {
		expect(t('navCourse', 'de-DE')).toBe('Kurs')
		expect(t('poweredBy', 'de-DE')).toBe('Unterstützt von')
		expect(t('languageSwitch', 'de-DE')).toBe('English')
		expect(t('languageSwitch')).toBe('Deutsch')
	})
})

describe("'Failed locale loading' (SPEC §8)", () => {
	test('a stored locale the site does not ship is reported with the reason', () => {
		expect(localeLoadFailure('fr-FR')).toBe(
			'"fr-FR" is not a locale of this site (en-US, de-DE); using en-US',
		)
	})

	test('on a German page the cookie is replaced by German, and a long value is shortened', () => {
		expect(localeLoadFailure('x'.repeat(100), 'de-DE')).toBe(
			`"${'x'.repeat(40)}…" is not a locale of this site (en-US, de-DE); using de-DE`,
		)
	})

	test('a shipped locale, or none stored yet, is no failure', () => {
		expect(localeLoadFailure('en-US')).toBeNull()
		expect(localeLoadFailure('de-DE')).toBeNull()
		expect(localeLoadFailure(undefined)).toBeNull()
	})
})

describe('one table for the interface texts (SPEC §8)', () => {
	/** Comments may name a text; only code counts. */
	const withoutComments = (text: string) =>
		text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

	/** Source files of the app, tests and this table aside. */
	function sources(): { file: string; text: string }[] {
		const root = path.resolve(import.meta.dirname, '..')
		return fs
			.readdirSync(root, { recursive: true, encoding: 'utf8' })
			.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
			.filter((file) => path.join(root, file) !== path.join(import.meta.dirname, 'i18n.ts'))
			.map((file) => ({
				file,
				text: withoutComments(fs.readFileSync(path.join(root, file), 'utf8')),
			}))
	}

	test('pages take the default texts from the table: none is written out in a component', () => {
		const specTexts = Object.values(messages).slice(0, 16)
		expect(specTexts).toContain('Back to home')
		const written: string[] = []
		for (const { file, text } of sources()) {
			for (const phrase of specTexts) {
				const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
				// As a whole JSX text (>Text<, or alone on its line) or a whole string literal.
				const pattern = new RegExp(
					`>\\s*${escaped}\\s*<|^\\s*${escaped}\\s*$|(['"\`])${escaped}\\1`,
					'm',
				)
				if (pattern.test(text)) written.push(`${file}: ${phrase}`)
			}
		}
		expect(written).toEqual([])
	})
})
