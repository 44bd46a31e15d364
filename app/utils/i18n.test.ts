import { describe, expect, test } from 'vitest'
import {
	localeCookie,
	localeDirection,
	localeLoadFailure,
	messages,
	resolveLocale,
	t,
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

describe("'Failed locale loading' (SPEC §8)", () => {
	test('a stored locale the site does not ship is reported with the reason', () => {
		expect(localeLoadFailure('fr-FR')).toBe(
			'"fr-FR" is not a locale of this site (en-US); using en-US',
		)
	})

	test('a shipped locale, or none stored yet, is no failure', () => {
		expect(localeLoadFailure('en-US')).toBeNull()
		expect(localeLoadFailure(undefined)).toBeNull()
	})
})
