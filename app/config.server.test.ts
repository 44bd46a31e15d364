import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
	ConfigError,
	configVariables,
	githubSignInMode,
	parseConfig,
	paymentProviderName,
} from './config.server'

describe('configuration', () => {
	test('an empty environment gives the documented defaults', () => {
		expect(parseConfig({})).toMatchObject({
			NODE_ENV: 'production',
			PORT: 3000,
			HOST: '0.0.0.0',
			TRUST_PROXY: 0,
			SITE_STATUS: 'pre_release',
			COURSE_SLOTS: 500,
			DATA_DIR: './data',
			MAX_BODY_BYTES: 102400,
		})
		expect(parseConfig({}).SITE_URL).toBeUndefined()
		expect(parseConfig({}).SESSION_SECRET).toBeUndefined()
	})

	test('.env.example and the README list every variable, with the real defaults', () => {
		const example = fs.readFileSync(path.join(import.meta.dirname, '../.env.example'), 'utf8')
		const readme = fs.readFileSync(path.join(import.meta.dirname, '../README.md'), 'utf8')
		const documented = Object.fromEntries(
			[...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]),
		)
		expect(Object.keys(documented).sort()).toEqual([...configVariables].sort())
		for (const name of configVariables) {
			expect(readme, `README row for ${name}`).toContain(`| \`${name}\` |`)
		}
		// Setting each variable to its documented default changes nothing.
		expect(parseConfig(documented)).toEqual(parseConfig({}))
	})

	test('an empty variable means its default', () => {
		expect(parseConfig({ PORT: '', SITE_URL: '' })).toMatchObject({ PORT: 3000 })
		expect(parseConfig({ SITE_URL: '' }).SITE_URL).toBeUndefined()
	})

	test('numbers are parsed', () => {
		expect(parseConfig({ PORT: '8080', TRUST_PROXY: '2', COURSE_SLOTS: '40' })).toMatchObject({
			PORT: 8080,
			TRUST_PROXY: 2,
			COURSE_SLOTS: 40,
		})
	})

	test('SITE_URL is reduced to its origin', () => {
		expect(parseConfig({ SITE_URL: 'https://example.com/some/path/' }).SITE_URL).toBe(
			'https://example.com',
		)
	})

	test.each([
		['TRUST_PROXY', 'yes', 'TRUST_PROXY must be a whole number'],
		['TRUST_PROXY', '-1', 'TRUST_PROXY must be a whole number'],
		['PORT', '70000', 'PORT must be at most 65535'],
		['SITE_URL', 'example.com', 'SITE_URL must be an absolute URL'],
		['SITE_URL', 'ftp://example.com', 'SITE_URL must use http or https'],
		['SITE_STATUS', 'live', 'SITE_STATUS must be pre_release or released'],
		['COURSE_SLOTS', '5', 'COURSE_SLOTS must be at least 10'],
		['SESSION_SECRET', 'short', 'SESSION_SECRET must be at least 32 characters'],
		['PREVIEW_SECRET', 'short', 'PREVIEW_SECRET must be 16 to 128 letters, digits, - or _'],
		['PREVIEW_SECRET', 'has spaces in it, a lot', 'PREVIEW_SECRET must be 16 to 128'],
		['METRICS_TOKEN', 'short', 'METRICS_TOKEN must be 16 to 256 letters'],
		['METRICS_TOKEN', 'a token with spaces in it', 'METRICS_TOKEN must be 16 to 256'],
		['NODE_ENV', 'staging', 'NODE_ENV must be production, development or test'],
		['GITHUB_OAUTH_URL', 'github.com', 'GITHUB_OAUTH_URL must be an absolute http(s) URL'],
		['GITHUB_API_URL', 'ftp://api.github.com', 'GITHUB_API_URL must be an absolute http(s) URL'],
		['GITHUB_TIMEOUT_MS', '10', 'GITHUB_TIMEOUT_MS must be at least 100'],
		['ADMIN_GITHUB_LOGINS', 'mona, not a login', 'ADMIN_GITHUB_LOGINS must be GitHub logins'],
		['ADMIN_SESSION_HOURS', '0', 'ADMIN_SESSION_HOURS must be at least 1'],
		[
			'PAYMENT_PROVIDER_RATE_PER_SECOND',
			'1001',
			'PAYMENT_PROVIDER_RATE_PER_SECOND must be at most 1000',
		],
		['OWNER_TIME_ZONE', 'Mars/Olympus', 'OWNER_TIME_ZONE must be an IANA time zone'],
	])('a bad %s (%s) is refused with a message naming it', (name, value, message) => {
		expect(() => parseConfig({ [name]: value })).toThrow(ConfigError)
		expect(() => parseConfig({ [name]: value })).toThrow(`${name}: ${message}`)
	})

	test('ICON_SERVICE_URL is an http(s) URL, kept without its trailing slash', () => {
		expect(parseConfig({ ICON_SERVICE_URL: 'https://api.iconify.design/' }).ICON_SERVICE_URL).toBe(
			'https://api.iconify.design',
		)
		expect(parseConfig({}).ICON_SERVICE_URL).toBeUndefined()
		expect(() => parseConfig({ ICON_SERVICE_URL: 'ftp://icons.test' })).toThrow(/ICON_SERVICE_URL/)
	})

	test("the owner's time zone is an IANA zone, unset by default", () => {
		expect(parseConfig({}).OWNER_TIME_ZONE).toBeUndefined()
		expect(parseConfig({ OWNER_TIME_ZONE: ' America/New_York ' }).OWNER_TIME_ZONE).toBe(
			'America/New_York',
		)
	})

	test('owner logins are a comma-separated list, compared as GitHub does (case-insensitive)', () => {
		expect(parseConfig({}).ADMIN_GITHUB_LOGINS).toEqual([])
		expect(parseConfig({ ADMIN_GITHUB_LOGINS: ' Mona , hubot,' }).ADMIN_GITHUB_LOGINS).toEqual([
			'mona',
			'hubot',
		])
	})

	test('every bad variable is reported at once, with the value given', () => {
		try {
			parseConfig({ PORT: 'http', SITE_STATUS: 'live' })
			expect.unreachable()
		} catch (error) {
			expect(String((error as Error).message)).toContain(
				'PORT: PORT must be a whole number (got "http")',
			)
			expect(String((error as Error).message)).toContain('SITE_STATUS')
		}
	})

	test('GitHub client id and secret come together; the secret is never echoed', () => {
		expect(() => parseConfig({ GITHUB_CLIENT_ID: 'abc' })).toThrow(
			'GITHUB_CLIENT_SECRET: GITHUB_CLIENT_SECRET is required when GITHUB_CLIENT_ID is set',
		)
		let message = ''
		try {
			parseConfig({ GITHUB_CLIENT_SECRET: 'hush-hush' })
		} catch (error) {
			message = (error as Error).message
		}
		expect(message).toContain('GITHUB_CLIENT_ID is required when GITHUB_CLIENT_SECRET is set')
		expect(message).not.toContain('hush-hush')
		expect(
			parseConfig({
				GITHUB_CLIENT_ID: 'abc',
				GITHUB_CLIENT_SECRET: 'def',
				GITHUB_OAUTH_URL: 'http://127.0.0.1:9/',
			}),
		).toMatchObject({ GITHUB_CLIENT_ID: 'abc', GITHUB_OAUTH_URL: 'http://127.0.0.1:9' })
	})

	test('GitHub sign-in: the real service with a client id, else the emulator until release', () => {
		expect(githubSignInMode({ GITHUB_CLIENT_ID: 'abc', SITE_STATUS: 'released' })).toBe('github')
		expect(githubSignInMode({ GITHUB_CLIENT_ID: undefined, SITE_STATUS: 'pre_release' })).toBe(
			'emulator',
		)
		expect(githubSignInMode({ GITHUB_CLIENT_ID: undefined, SITE_STATUS: 'released' })).toBe('off')
	})

	test('payments: the sandbox by default; a released site needs Stripe or ALLOW_SANDBOX_PAYMENTS=1', () => {
		expect(parseConfig({})).toMatchObject({
			MAX_QUANTITY: 20,
			CHECKOUT_RESERVATION_MINUTES: 30,
			ALLOW_SANDBOX_PAYMENTS: '0',
		})
		expect(paymentProviderName(parseConfig({}))).toBe('sandbox')
		expect(() => parseConfig({ SITE_STATUS: 'released' })).toThrow(
			'ALLOW_SANDBOX_PAYMENTS: a released site (SITE_STATUS=released) needs STRIPE_SECRET_KEY, or ALLOW_SANDBOX_PAYMENTS=1',
		)
		expect(parseConfig({ SITE_STATUS: 'released', ALLOW_SANDBOX_PAYMENTS: '1' })).toMatchObject({
			SITE_STATUS: 'released',
		})
		const stripe = parseConfig({
			SITE_STATUS: 'released',
			STRIPE_SECRET_KEY: 'sk_test_abc123',
			STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
			STRIPE_API_URL: 'http://127.0.0.1:12111/',
		})
		expect(paymentProviderName(stripe)).toBe('stripe')
		expect(stripe.STRIPE_API_URL).toBe('http://127.0.0.1:12111')
	})

	test('Stripe: a key needs the webhook secret, keys are never echoed, sessions last 30+ minutes', () => {
		let message = ''
		try {
			parseConfig({ STRIPE_SECRET_KEY: 'sk_live_secretvalue' })
		} catch (error) {
			message = (error as Error).message
		}
		expect(message).toContain('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set')
		expect(message).not.toContain('secretvalue')
		expect(() =>
			parseConfig({
				STRIPE_SECRET_KEY: 'sk_test_abc',
				STRIPE_WEBHOOK_SECRET: 'whsec_abc',
				CHECKOUT_RESERVATION_MINUTES: '10',
			}),
		).toThrow('CHECKOUT_RESERVATION_MINUTES must be at least 30 with Stripe')
		expect(() => parseConfig({ MAX_QUANTITY: '0' })).toThrow('MAX_QUANTITY must be at least 1')
	})
})
