import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { isBic, isIban } from '~/domain/transfers/reference'
import { DEFAULT_MAX_QUANTITY } from '~/forms/limits'
import { ensureWritableDataDir } from './data-dir.server'

/**
 * Every environment variable the site reads, parsed once at boot.
 * `.env.example` and the README's configuration table list the same variables:
 * keep the three in step.
 */
const wholeNumber = (name: string, min: number) =>
	z
		.string()
		.trim()
		.regex(/^\d+$/, `${name} must be a whole number`)
		.transform(Number)
		.refine((n) => n >= min, `${name} must be at least ${min}`)

const isHttpUrl = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)

// Never echoed in error messages: they can hold passwords.
const SECRET_VARIABLES = new Set([
	'SESSION_SECRET',
	'DATABASE_URL',
	'GITHUB_CLIENT_SECRET',
	'SMTP_URL',
	'STRIPE_SECRET_KEY',
	'STRIPE_WEBHOOK_SECRET',
	'PREVIEW_SECRET',
	'METRICS_TOKEN',
])

const envSchema = z.object({
	NODE_ENV: z
		.enum(['development', 'production', 'test'], {
			errorMap: () => ({ message: 'NODE_ENV must be production, development or test' }),
		})
		.default('production'),
	PORT: wholeNumber('PORT', 0)
		.refine((n) => n <= 65535, 'PORT must be at most 65535')
		.default('3000'),
	HOST: z.string().trim().min(1, 'HOST must not be empty').default('0.0.0.0'),
	TRUST_PROXY: wholeNumber('TRUST_PROXY', 0).default('0'),
	SITE_URL: z
		.string()
		.trim()
		.url('SITE_URL must be an absolute URL such as https://example.com')
		// Runs even when .url() failed, so it must not throw on a non-URL.
		.refine((url) => !URL.canParse(url) || /^https?:$/.test(new URL(url).protocol), {
			message: 'SITE_URL must use http or https',
		})
		.transform((url) => new URL(url).origin)
		.optional(),
	SITE_STATUS: z
		.enum(['pre_release', 'released'], {
			errorMap: () => ({ message: 'SITE_STATUS must be pre_release or released' }),
		})
		.default('pre_release'),
	COURSE_SLOTS: wholeNumber('COURSE_SLOTS', 10).default('500'),
	DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('./data'),
	// Free space below which /healthz answers 503 (docs/decisions/104): the embedded database
	// in DATA_DIR stops taking sign-ups on a full disk.
	DATA_DIR_MIN_FREE_MB: wholeNumber('DATA_DIR_MIN_FREE_MB', 0).default('100'),
	SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
	// `?preview=true&secret=…` shows drafts (docs/decisions/068). Unset: preview is an operator
	// tool (development, a loopback client, no SITE_URL). It goes in URLs: letters, digits, - and _.
	PREVIEW_SECRET: z
		.string()
		.trim()
		.regex(
			/^[A-Za-z0-9_-]{16,128}$/,
			'PREVIEW_SECRET must be 16 to 128 letters, digits, - or _ (it is typed into URLs)',
		)
		.optional(),
	// Prometheus metrics at /metrics for a scrape with `Authorization: Bearer …` (decision 106).
	// Unset: /metrics does not exist.
	METRICS_TOKEN: z
		.string()
		.trim()
		.regex(
			/^[A-Za-z0-9._~+/=-]{16,256}$/,
			'METRICS_TOKEN must be 16 to 256 letters, digits or . _ ~ + / = - (a bearer token)',
		)
		.optional(),
	// The log (docs/decisions/108): one JSON object per line for a hosting platform, or lines
	// for a person reading a terminal; the default is text on a terminal, JSON otherwise.
	LOG_LEVEL: z
		.enum(['debug', 'info', 'warn', 'error', 'silent'], {
			errorMap: () => ({ message: 'LOG_LEVEL must be debug, info, warn, error or silent' }),
		})
		.default('info'),
	LOG_FORMAT: z
		.enum(['json', 'text'], {
			errorMap: () => ({ message: 'LOG_FORMAT must be json or text' }),
		})
		.optional(),
	MAX_BODY_BYTES: wholeNumber('MAX_BODY_BYTES', 1024).default('102400'),
	// How long a client may take to send its headers, its whole request, and how long an idle
	// keep-alive connection stays open (docs/decisions/069): slow clients cannot hold sockets.
	HEADERS_TIMEOUT_MS: wholeNumber('HEADERS_TIMEOUT_MS', 1000).default('10000'),
	REQUEST_TIMEOUT_MS: wholeNumber('REQUEST_TIMEOUT_MS', 1000).default('30000'),
	KEEP_ALIVE_TIMEOUT_MS: wholeNumber('KEEP_ALIVE_TIMEOUT_MS', 1000).default('5000'),
	// A form post answers 503 with Retry-After while this server's event loop has been held
	// longer than this within the last second (docs/decisions/162); 0 turns it off.
	OVERLOAD_EVENT_LOOP_LAG_MS: wholeNumber('OVERLOAD_EVENT_LOOP_LAG_MS', 0).default('2000'),
	// Memory for rendered anonymous pages (docs/decisions/070); 0 turns the page cache off.
	PAGE_CACHE_MAX_BYTES: wholeNumber('PAGE_CACHE_MAX_BYTES', 0).default('33554432'),
	DATABASE_URL: z
		.string()
		.trim()
		.refine((url) => URL.canParse(url) && /^postgres(ql)?:$/.test(new URL(url).protocol), {
			message:
				'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/db',
		})
		.optional(),
	DATABASE_POOL_MAX: wholeNumber('DATABASE_POOL_MAX', 1).default('10'),
	// Payments' own PostgreSQL connections, beside the pool above: a checkout never waits for a
	// connection behind a payment's transaction (docs/decisions/162). 0: one pool for both.
	DATABASE_PAYMENT_POOL_MAX: wholeNumber('DATABASE_PAYMENT_POOL_MAX', 0).default('4'),
	// How long a request waits for a free PostgreSQL connection before it answers 503 with
	// Retry-After (docs/decisions/104): a saturated pool sheds load instead of queueing it.
	DATABASE_POOL_TIMEOUT_MS: wholeNumber('DATABASE_POOL_TIMEOUT_MS', 100).default('2000'),
	GEO_COUNTRY_HEADER: z
		.string()
		.trim()
		.toLowerCase()
		.regex(/^[a-z0-9-]+$/, 'GEO_COUNTRY_HEADER must be a header name such as cf-ipcountry')
		.optional(),
	GEO_SERVICE_URL: z
		.string()
		.trim()
		.refine((url) => isHttpUrl(url.replace('{ip}', '192.0.2.1')), {
			message: 'GEO_SERVICE_URL must be an http(s) URL such as https://geo.example.com/json/{ip}',
		})
		.optional(),
	GEO_SERVICE_TIMEOUT_MS: wholeNumber('GEO_SERVICE_TIMEOUT_MS', 50).default('800'),
	API_BASE_URL: z
		.string()
		.trim()
		.refine(
			isHttpUrl,
			'API_BASE_URL must be an absolute http(s) URL such as https://api.example.com',
		)
		.transform((url) => url.replace(/\/+$/, ''))
		.optional(),
	// GitHub sign-in (docs/decisions/040). Without a client id, a pre-release site uses the
	// embedded emulator and a released site has no sign-in at all.
	GITHUB_CLIENT_ID: z.string().trim().optional(),
	GITHUB_CLIENT_SECRET: z.string().trim().optional(),
	GITHUB_OAUTH_URL: z
		.string()
		.trim()
		.refine(
			isHttpUrl,
			'GITHUB_OAUTH_URL must be an absolute http(s) URL such as https://github.com',
		)
		.transform((url) => url.replace(/\/+$/, ''))
		.default('https://github.com'),
	GITHUB_API_URL: z
		.string()
		.trim()
		.refine(
			isHttpUrl,
			'GITHUB_API_URL must be an absolute http(s) URL such as https://api.github.com',
		)
		.transform((url) => url.replace(/\/+$/, ''))
		.default('https://api.github.com'),
	GITHUB_TIMEOUT_MS: wholeNumber('GITHUB_TIMEOUT_MS', 100).default('5000'),
	// The owner's dashboard (docs/decisions/080): GitHub logins that are owners, comma-separated
	// (case-insensitive, as GitHub treats them), and how long an owner's sign-in lasts.
	ADMIN_GITHUB_LOGINS: z
		.string()
		.trim()
		.default('')
		.transform((value) =>
			value
				.split(',')
				.map((login) => login.trim().toLowerCase())
				.filter(Boolean),
		)
		.refine(
			(logins) => logins.every((login) => /^[a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38}$/.test(login)),
			'ADMIN_GITHUB_LOGINS must be GitHub logins separated by commas, such as octocat,hubot',
		),
	ADMIN_SESSION_HOURS: wholeNumber('ADMIN_SESSION_HOURS', 1).default('12'),
	// Whether the start-up log prints a one-time owner sign-in link (docs/decisions/151): `auto`
	// without a GitHub app before release, `always` on any site, `never`.
	OWNER_LINK_AT_START: z
		.enum(['auto', 'always', 'never'], {
			errorMap: () => ({ message: 'OWNER_LINK_AT_START must be auto, always or never' }),
		})
		.default('auto'),
	// How long a second-factor confirmation lets the owner refund, erase, send, open the course
	// or change coupons (docs/decisions/136): a few minutes, never more than 15.
	OWNER_STEP_UP_SECONDS: wholeNumber('OWNER_STEP_UP_SECONDS', 1)
		.refine((n) => n <= 900, 'OWNER_STEP_UP_SECONDS must be at most 900 (15 minutes)')
		.default('300'),
	// How many 30-second steps either side of the server's clock an authenticator code is still
	// taken (docs/decisions/136, 180): one, for a phone's clock a little off. The test sites widen
	// it so their authenticator need not wait for the clock to reach its next unused step.
	OWNER_TOTP_DRIFT_STEPS: wholeNumber('OWNER_TOTP_DRIFT_STEPS', 0)
		.refine((n) => n <= 120, 'OWNER_TOTP_DRIFT_STEPS must be at most 120 (an hour)')
		.default('1'),
	// The zone the dashboard shows times in (docs/decisions/111). Unset: the course release's zone
	// in content/site/events.yml, else UTC.
	OWNER_TIME_ZONE: z
		.string()
		.trim()
		.refine((zone) => {
			try {
				return zone.length <= 64 && Boolean(new Intl.DateTimeFormat('en', { timeZone: zone }))
			} catch {
				return false
			}
		}, 'OWNER_TIME_ZONE must be an IANA time zone such as Europe/Berlin or America/New_York')
		.optional(),
	// Payments (docs/decisions/030). Without STRIPE_SECRET_KEY: the embedded sandbox provider.
	STRIPE_SECRET_KEY: z
		.string()
		.trim()
		.regex(
			/^(sk|rk)_(test|live)_\w+$/,
			'STRIPE_SECRET_KEY must look like sk_test_... or sk_live_...',
		)
		.optional(),
	STRIPE_WEBHOOK_SECRET: z
		.string()
		.trim()
		.regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must look like whsec_...')
		.optional(),
	STRIPE_API_URL: z
		.string()
		.trim()
		.refine(
			isHttpUrl,
			'STRIPE_API_URL must be an absolute http(s) URL such as https://api.stripe.com',
		)
		.transform((url) => new URL(url).origin)
		.optional(),
	STRIPE_TIMEOUT_MS: wholeNumber('STRIPE_TIMEOUT_MS', 100).default('10000'),
	// The fair queue (docs/decisions/161): at most this many provider sessions are created a
	// second across every app server (shared through the database); buyers past it wait their
	// turn with their seats held. Unset: 25 with Stripe (its live-mode limit), no queue with the
	// sandbox. 0: no queue, a refusal past Stripe's limit is a 503 (decision 134's stop-gap).
	PAYMENT_PROVIDER_RATE_PER_SECOND: wholeNumber('PAYMENT_PROVIDER_RATE_PER_SECOND', 0)
		.refine((n) => n <= 1000, 'PAYMENT_PROVIDER_RATE_PER_SECOND must be at most 1000')
		.optional(),
	// Tax (docs/decisions/115): 1, the catalog's prices include VAT (taken out of them on the
	// invoice); 0, VAT comes on top of them. Stripe mode can let Stripe Tax work it out.
	PRICES_INCLUDE_TAX: z
		.enum(['0', '1'], { errorMap: () => ({ message: 'PRICES_INCLUDE_TAX must be 0 or 1' }) })
		.default('1'),
	STRIPE_AUTOMATIC_TAX: z
		.enum(['0', '1'], { errorMap: () => ({ message: 'STRIPE_AUTOMATIC_TAX must be 0 or 1' }) })
		.default('0'),
	// Checkout recovery in Stripe mode (docs/decisions/122): 1 asks for promotional consent on
	// Stripe's page (`consent_collection`, which Stripe offers to US accounts only), and a buyer
	// who gives it gets one reminder when their checkout expires unpaid.
	STRIPE_RECOVERY_CONSENT: z
		.enum(['0', '1'], { errorMap: () => ({ message: 'STRIPE_RECOVERY_CONSENT must be 0 or 1' }) })
		.default('0'),
	ALLOW_SANDBOX_PAYMENTS: z
		.enum(['0', '1'], {
			errorMap: () => ({ message: 'ALLOW_SANDBOX_PAYMENTS must be 0 or 1' }),
		})
		.default('0'),
	MAX_QUANTITY: wholeNumber('MAX_QUANTITY', 1).default(String(DEFAULT_MAX_QUANTITY)),
	CHECKOUT_RESERVATION_MINUTES: wholeNumber('CHECKOUT_RESERVATION_MINUTES', 1)
		.refine((n) => n <= 1440, 'CHECKOUT_RESERVATION_MINUTES must be at most 1440 (24 hours)')
		.default('30'),
	// How long a waiting-list offer holds its seats for the person offered (docs/decisions/120);
	// at most a day, the longest a Stripe Checkout session may stay open.
	WAITLIST_OFFER_HOURS: wholeNumber('WAITLIST_OFFER_HOURS', 1)
		.refine(
			(n) => n <= 24,
			'WAITLIST_OFFER_HOURS must be at most 24 (a Stripe session lasts a day at most)',
		)
		.default('24'),
	// Upgrade credit (docs/decisions/165): a paid day pass counts towards the course until this
	// many days after the day ends; 0 ends the credit with the day.
	UPGRADE_CREDIT_DAYS: wholeNumber('UPGRADE_CREDIT_DAYS', 0)
		.refine((n) => n <= 366, 'UPGRADE_CREDIT_DAYS must be at most 366')
		.default('14'),
	// The seat-hold policy (docs/decisions/033): what unpaid checkouts of one buyer (a client
	// address; an IPv6 /64) may hold at once, as seats and as a share of the unsold seats.
	CHECKOUT_HOLD_SEATS_PER_BUYER: wholeNumber('CHECKOUT_HOLD_SEATS_PER_BUYER', 1).default(
		String(DEFAULT_MAX_QUANTITY),
	),
	CHECKOUT_HOLD_SHARE_PERCENT: wholeNumber('CHECKOUT_HOLD_SHARE_PERCENT', 1)
		.refine((n) => n <= 100, 'CHECKOUT_HOLD_SHARE_PERCENT must be at most 100')
		.default('10'),
	// Pay by bank transfer against an invoice (docs/decisions/163). `auto`: on with the sandbox
	// (a clearly fake test account, so a fresh clone shows the flow) or once an IBAN is given;
	// `1` needs BANK_TRANSFER_IBAN in Stripe mode; `0` off.
	BANK_TRANSFER: z
		.enum(['auto', '0', '1'], {
			errorMap: () => ({ message: 'BANK_TRANSFER must be auto, 0 or 1' }),
		})
		.default('auto'),
	BANK_TRANSFER_ACCOUNT_HOLDER: z.string().trim().max(70).optional(),
	BANK_TRANSFER_IBAN: z
		.string()
		.refine(isIban, 'BANK_TRANSFER_IBAN must be an IBAN with a good check (ISO 13616)')
		.optional(),
	BANK_TRANSFER_BIC: z
		.string()
		.refine(isBic, 'BANK_TRANSFER_BIC must be a BIC of 8 or 11 characters')
		.optional(),
	// Days a buyer has to pay; the seats are held until then.
	BANK_TRANSFER_DAYS: wholeNumber('BANK_TRANSFER_DAYS', 1)
		.refine((n) => n <= 60, 'BANK_TRANSFER_DAYS must be at most 60')
		.default('14'),
	// Seats one buyer (a client network, or an e-mail address) may have waiting for transfers.
	BANK_TRANSFER_SEATS_PER_BUYER: wholeNumber('BANK_TRANSFER_SEATS_PER_BUYER', 1).default(
		String(DEFAULT_MAX_QUANTITY),
	),
	// GET /checkout/{id} asks the payment provider about a pending order at most this often
	// (docs/decisions/033); 0 asks on every poll.
	CHECKOUT_VERIFY_INTERVAL_SECONDS: wholeNumber('CHECKOUT_VERIFY_INTERVAL_SECONDS', 0)
		.refine((n) => n <= 300, 'CHECKOUT_VERIFY_INTERVAL_SECONDS must be at most 300')
		.default('5'),
	// E-mail (docs/decisions/060). Without SMTP_URL, messages go to the outbox table and the log.
	SMTP_URL: z
		.string()
		.trim()
		.refine((url) => URL.canParse(url) && /^smtps?:$/.test(new URL(url).protocol), {
			message:
				'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
		})
		.optional(),
	EMAIL_FROM: z
		.string()
		.trim()
		.min(3, 'EMAIL_FROM must be an address such as "AI Driven Dev <hello@example.com>"')
		.default('AI Driven Dev <hello@aidrivendev.local>'),
	// The job queue (docs/decisions/075-077): how often each app server's worker looks for due
	// jobs (an enqueue on this server wakes it at once), and how long a claimed job is its
	// worker's before another may run it again (a crashed worker's jobs come back after that).
	JOBS_POLL_SECONDS: wholeNumber('JOBS_POLL_SECONDS', 1)
		.refine((n) => n <= 60, 'JOBS_POLL_SECONDS must be at most 60')
		.default('5'),
	// A lease, renewed every third of it while the job runs, however long (docs/decisions/135):
	// it replaces JOBS_LOCK_SECONDS, which is no longer read.
	JOBS_LEASE_SECONDS: wholeNumber('JOBS_LEASE_SECONDS', 2)
		.refine((n) => n <= 600, 'JOBS_LEASE_SECONDS must be at most 600')
		.default('15'),
	// E-mail retries (docs/decisions/076): the first after this many seconds, each wait then
	// doubling up to an hour, until EMAIL_RETRY_HOURS have passed; then the row is "failed".
	EMAIL_RETRY_FIRST_SECONDS: wholeNumber('EMAIL_RETRY_FIRST_SECONDS', 1)
		.refine((n) => n <= 60, 'EMAIL_RETRY_FIRST_SECONDS must be at most 60 (a minute)')
		.default('30'),
	EMAIL_RETRY_HOURS: wholeNumber('EMAIL_RETRY_HOURS', 24)
		.refine((n) => n <= 168, 'EMAIL_RETRY_HOURS must be at most 168 (a week)')
		.default('24'),
	// Bulk sends the owner starts (docs/decisions/119): the owner's messages and the course's
	// access e-mails are written to the outbox at most this many a minute, all sends together,
	// across app servers.
	EMAIL_SEND_PER_MINUTE: wholeNumber('EMAIL_SEND_PER_MINUTE', 1)
		.refine((n) => n <= 6000, 'EMAIL_SEND_PER_MINUTE must be at most 6000 (100 a second)')
		.default('60'),
	// Where buyers and seat holders take the course: the access e-mail sent when the course opens
	// links it (docs/decisions/119). Unset: the course cannot be opened from the dashboard.
	COURSE_URL: z
		.string()
		.trim()
		.refine(isHttpUrl, 'COURSE_URL must be an http or https URL such as https://learn.example.com')
		.optional(),
	// Sign-up confirmations per hour (docs/decisions/103): to one mailbox (+tag, case and Gmail's
	// dots folded), to one recipient domain, and from the whole site. Past one, the sign-up is
	// stored and answered as usual, but no confirmation is sent.
	CONFIRMATIONS_PER_MAILBOX_PER_HOUR: wholeNumber('CONFIRMATIONS_PER_MAILBOX_PER_HOUR', 1).default(
		'3',
	),
	CONFIRMATIONS_PER_DOMAIN_PER_HOUR: wholeNumber('CONFIRMATIONS_PER_DOMAIN_PER_HOUR', 1).default(
		'100',
	),
	CONFIRMATIONS_PER_HOUR: wholeNumber('CONFIRMATIONS_PER_HOUR', 1).default('1000'),
	// Expired seat holds are released by a periodic job this often (docs/decisions/077).
	HOLDS_SWEEP_SECONDS: wholeNumber('HOLDS_SWEEP_SECONDS', 1)
		.refine((n) => n <= 60, 'HOLDS_SWEEP_SECONDS must be at most 60 (a minute)')
		.default('30'),
	// Payment reconciliation (docs/decisions/077): every RECONCILE_INTERVAL_SECONDS, up to
	// RECONCILE_BATCH orders still pending RECONCILE_AFTER_SECONDS after checkout are looked up
	// at the provider, each at most once per interval.
	RECONCILE_INTERVAL_SECONDS: wholeNumber('RECONCILE_INTERVAL_SECONDS', 1)
		.refine((n) => n <= 3600, 'RECONCILE_INTERVAL_SECONDS must be at most 3600')
		.default('60'),
	RECONCILE_AFTER_SECONDS: wholeNumber('RECONCILE_AFTER_SECONDS', 0).default('120'),
	// A delayed payment method's seats are held this many days for its money (docs/decisions/164).
	DELAYED_PAYMENT_HOLD_DAYS: wholeNumber('DELAYED_PAYMENT_HOLD_DAYS', 1)
		.refine((n) => n <= 60, 'DELAYED_PAYMENT_HOLD_DAYS must be at most 60')
		.default('14'),
	RECONCILE_BATCH: wholeNumber('RECONCILE_BATCH', 1)
		.refine((n) => n <= 100, 'RECONCILE_BATCH must be at most 100')
		.default('20'),
	// Form POSTs per client address per window (docs/decisions/063); answered 429 beyond that.
	RATE_LIMIT_MAX: wholeNumber('RATE_LIMIT_MAX', 1).default('30'),
	RATE_LIMIT_WINDOW_MS: wholeNumber('RATE_LIMIT_WINDOW_MS', 1000).default('60000'),
	// Expensive GETs (invoice PDFs, the owner's exports and search) per client network per
	// window (docs/decisions/133); answered 429 beyond that.
	EXPENSIVE_RATE_LIMIT_MAX: wholeNumber('EXPENSIVE_RATE_LIMIT_MAX', 1).default('60'),
	EXPENSIVE_RATE_LIMIT_WINDOW_MS: wholeNumber('EXPENSIVE_RATE_LIMIT_WINDOW_MS', 1000).default(
		'60000',
	),
	// How long a one-click sign-up link stays valid, in seconds (default 30 days).
	SIGNUP_LINK_TTL: wholeNumber('SIGNUP_LINK_TTL', 60).default('2592000'),
	// Browser-side services: each loads only when its id is set (docs/decisions/064).
	PARTNERO_PROGRAM_ID: z
		.string()
		.trim()
		.regex(/^[A-Za-z0-9_-]{1,64}$/, 'PARTNERO_PROGRAM_ID must be letters, digits, - or _')
		.optional(),
	CUSTOMERIO_WRITE_KEY: z
		.string()
		.trim()
		.regex(/^[A-Za-z0-9_:-]{1,128}$/, 'CUSTOMERIO_WRITE_KEY must be letters, digits, :, - or _')
		.optional(),
	GTM_ID: z
		.string()
		.trim()
		.regex(/^GTM-[A-Z0-9]{4,12}$/, 'GTM_ID must look like GTM-XXXXXXX')
		.optional(),
	CLARITY_ID: z
		.string()
		.trim()
		.regex(/^[a-z0-9]{6,16}$/, 'CLARITY_ID must be the project id, lower-case letters and digits')
		.optional(),
	PLAUSIBLE_DOMAIN: z
		.string()
		.trim()
		.regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'PLAUSIBLE_DOMAIN must be a domain such as aidrivendev.com')
		.optional(),
	// A public icon service with the Iconify API, asked after the site's own icon endpoint for
	// icons named in content (docs/decisions/091).
	ICON_SERVICE_URL: z
		.string()
		.trim()
		.refine(isHttpUrl, 'ICON_SERVICE_URL must be an http(s) URL such as https://api.iconify.design')
		.transform((url) => url.replace(/\/+$/, ''))
		.optional(),
})

type Env = z.infer<typeof envSchema>

/** The names of every variable the site reads. */
export const configVariables = Object.keys(envSchema.shape) as (keyof Env)[]

export type Config = Omit<Env, 'SESSION_SECRET'> & {
	SESSION_SECRET: string
	dataDir: string
}

export class ConfigError extends Error {
	name = 'ConfigError'
}

/** Rules that involve more than one variable. */
function checkTogether(env: Env, ctx: z.RefinementCtx) {
	if (env.GITHUB_CLIENT_ID && !env.GITHUB_CLIENT_SECRET) {
		ctx.addIssue({
			code: 'custom',
			path: ['GITHUB_CLIENT_SECRET'],
			message: 'GITHUB_CLIENT_SECRET is required when GITHUB_CLIENT_ID is set',
		})
	}
	if (env.GITHUB_CLIENT_SECRET && !env.GITHUB_CLIENT_ID) {
		ctx.addIssue({
			code: 'custom',
			path: ['GITHUB_CLIENT_ID'],
			message: 'GITHUB_CLIENT_ID is required when GITHUB_CLIENT_SECRET is set',
		})
	}
	if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
		ctx.addIssue({
			code: 'custom',
			path: ['STRIPE_WEBHOOK_SECRET'],
			message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
		})
	}
	// Tax on top of the prices needs the buyer's country before the charge: on Stripe's own page
	// only Stripe Tax can add it (docs/decisions/115).
	if (env.STRIPE_SECRET_KEY && env.PRICES_INCLUDE_TAX === '0' && env.STRIPE_AUTOMATIC_TAX !== '1') {
		ctx.addIssue({
			code: 'custom',
			path: ['STRIPE_AUTOMATIC_TAX'],
			message:
				'PRICES_INCLUDE_TAX=0 in Stripe mode needs STRIPE_AUTOMATIC_TAX=1 (Stripe adds the VAT)',
		})
	}
	// Node refuses a headers timeout longer than the whole request's.
	if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
		ctx.addIssue({
			code: 'custom',
			path: ['HEADERS_TIMEOUT_MS'],
			message: 'HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS',
		})
	}
	// Stripe Checkout Sessions expire between 30 minutes and 24 hours after creation.
	if (env.STRIPE_SECRET_KEY && env.CHECKOUT_RESERVATION_MINUTES < 30) {
		ctx.addIssue({
			code: 'custom',
			path: ['CHECKOUT_RESERVATION_MINUTES'],
			message: 'CHECKOUT_RESERVATION_MINUTES must be at least 30 with Stripe',
		})
	}
	// Real transfers need a real account: Stripe mode has no test account to fall back on.
	if (env.BANK_TRANSFER === '1' && env.STRIPE_SECRET_KEY && !env.BANK_TRANSFER_IBAN) {
		ctx.addIssue({
			code: 'custom',
			path: ['BANK_TRANSFER_IBAN'],
			message: 'BANK_TRANSFER=1 in Stripe mode needs BANK_TRANSFER_IBAN',
		})
	}
	// A buyer must be able to hold the largest order the checkout accepts (docs/decisions/033).
	if (env.CHECKOUT_HOLD_SEATS_PER_BUYER < env.MAX_QUANTITY) {
		ctx.addIssue({
			code: 'custom',
			path: ['CHECKOUT_HOLD_SEATS_PER_BUYER'],
			message: `CHECKOUT_HOLD_SEATS_PER_BUYER must be at least MAX_QUANTITY (${env.MAX_QUANTITY})`,
		})
	}
	// The sandbox must never take a released site's visitors by surprise (DESIGN.md).
	if (
		env.SITE_STATUS === 'released' &&
		!env.STRIPE_SECRET_KEY &&
		env.ALLOW_SANDBOX_PAYMENTS !== '1'
	) {
		ctx.addIssue({
			code: 'custom',
			path: ['ALLOW_SANDBOX_PAYMENTS'],
			message:
				'a released site (SITE_STATUS=released) needs STRIPE_SECRET_KEY, or ALLOW_SANDBOX_PAYMENTS=1 to take test payments in the sandbox',
		})
	}
}

/** Which payment provider takes payments: Stripe when a key is configured, else the sandbox. */
export function paymentProviderName(
	config: Pick<Config, 'STRIPE_SECRET_KEY'>,
): 'stripe' | 'sandbox' {
	return config.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'
}

/** Parses the environment; throws a ConfigError naming each bad variable and its rule. */
/**
 * The log's settings alone, read before the rest of the configuration so that its errors can be
 * logged; an invalid value falls back to the default here and is reported by `parseConfig`.
 */
export function logSettings(env: Record<string, string | undefined>) {
	const settings = envSchema.pick({ LOG_LEVEL: true, LOG_FORMAT: true })
	const present = { LOG_LEVEL: env.LOG_LEVEL || undefined, LOG_FORMAT: env.LOG_FORMAT || undefined }
	const result = settings.safeParse(present)
	return result.success ? result.data : settings.parse({})
}

export function parseConfig(env: Record<string, string | undefined>): Env {
	// An empty variable (FOO= in a .env file) means "use the default".
	const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
	// The joint rules run once every variable is valid on its own.
	const result = envSchema.superRefine(checkTogether).safeParse(present)
	if (result.success) return result.data
	const problems = result.error.issues.map((issue) => {
		const name = issue.path.join('.')
		const value = env[name]
		return `  ${name}: ${issue.message}${value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(value)})`}`
	})
	throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`)
}

/**
 * The session secret: from SESSION_SECRET, else generated once and kept in DATA_DIR so that
 * sessions survive restarts. Several app servers must share one SESSION_SECRET.
 */
function resolveSessionSecret(env: Env, dataDir: string): string {
	if (env.SESSION_SECRET) return env.SESSION_SECRET
	const file = path.join(dataDir, 'session-secret')
	if (!fs.existsSync(file)) {
		fs.mkdirSync(dataDir, { recursive: true })
		try {
			fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
		} catch (error) {
			// Another process sharing DATA_DIR wrote it first: use theirs.
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
	}
	return fs.readFileSync(file, 'utf8').trim()
}

const GLOBAL_KEY = Symbol.for('ai-driven-dev.config')
type GlobalWithConfig = typeof globalThis & { [GLOBAL_KEY]?: Config }

/**
 * The configuration of this process. The server parses it at boot (and stops on a bad value);
 * the Remix build is a separate bundle, so the parsed result is shared through globalThis.
 */
export function getConfig(): Config {
	const holder = globalThis as GlobalWithConfig
	if (!holder[GLOBAL_KEY]) {
		const env = parseConfig(process.env)
		const dataDir = path.resolve(env.DATA_DIR)
		// The process writes there (the embedded database, a generated secret): a directory it
		// cannot use stops the boot with one line naming it (docs/decisions/104).
		if (!env.DATABASE_URL || !env.SESSION_SECRET) {
			try {
				ensureWritableDataDir(dataDir)
			} catch (error) {
				throw new ConfigError((error as Error).message)
			}
		}
		holder[GLOBAL_KEY] = {
			...env,
			dataDir,
			SESSION_SECRET: resolveSessionSecret(env, dataDir),
		}
	}
	return holder[GLOBAL_KEY]
}

/** Values the browser needs. Nothing secret goes here: it is rendered into every page. */
export function getPublicConfig() {
	const config = getConfig()
	const { SITE_STATUS, API_BASE_URL } = config
	return {
		SITE_STATUS,
		// null, not undefined: JSON keeps the key, so the browser knows the default (same origin) applies.
		API_BASE_URL: API_BASE_URL ?? null,
		// Whether "Sign in with GitHub" buttons are shown.
		GITHUB_SIGN_IN: githubSignInMode(config) !== 'off',
		// Browser-side services (docs/decisions/064): null means "not configured" (warn, load nothing).
		CUSTOMERIO_WRITE_KEY: config.CUSTOMERIO_WRITE_KEY ?? null,
		PARTNERO_PROGRAM_ID: config.PARTNERO_PROGRAM_ID ?? null,
		GTM_ID: config.GTM_ID ?? null,
		CLARITY_ID: config.CLARITY_ID ?? null,
		PLAUSIBLE_DOMAIN: config.PLAUSIBLE_DOMAIN ?? null,
		ICON_SERVICE_URL: config.ICON_SERVICE_URL ?? null,
	}
}

/**
 * How visitors sign in with GitHub: the real service when a client id is configured, else the
 * embedded emulator before release, else not at all (a released site never mounts the emulator).
 */
export function githubSignInMode(
	config: Pick<Config, 'GITHUB_CLIENT_ID' | 'SITE_STATUS'>,
): 'github' | 'emulator' | 'off' {
	if (config.GITHUB_CLIENT_ID) return 'github'
	return config.SITE_STATUS === 'released' ? 'off' : 'emulator'
}
