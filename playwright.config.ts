import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// `npm test` picks a free port and a throwaway data dir; these defaults serve a direct run.
const port = Number(process.env.E2E_PORT ?? 3987)
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'))
export const baseURL = `http://127.0.0.1:${port}`
// The site's mail goes to a mail peer (tests/fakes/mail-peer.js); specs read a visitor's inbox
// at mailURL, never the site's operator tools (docs/decisions/068).
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000)
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 2000)
export const mailURL = `http://127.0.0.1:${mailPort}`
// The owner's dashboard (tests/e2e/admin.spec.ts) runs on a second site that signs in with a
// fake GitHub (tests/fakes/github-peer.ts), as a production site with an OAuth app does: the
// first site keeps the embedded emulator, whose identities are never owners there
// (docs/decisions/080). `mona` is the owner.
const adminPort = Number(process.env.E2E_ADMIN_PORT ?? port + 3000)
const fakeGitHubPort = Number(process.env.E2E_GITHUB_PORT ?? port + 4000)
export const adminURL = `http://127.0.0.1:${adminPort}`
const fakeGitHubURL = `http://127.0.0.1:${fakeGitHubPort}`
const fakeGitHubBundle = path.join(os.tmpdir(), `e2e-github-peer-${fakeGitHubPort}.mjs`)
export const E2E_OWNER_LOGIN = 'mona'
// The waiting list's sold-out path (tests/e2e/waitlist.spec.ts) runs on sites of its own, one per
// project (js, no-js), so that one can sell every seat without the specs that buy on the shared
// site, or the other project, seeing it. `COURSE_SLOTS` is its smallest and one buyer may hold
// every seat, so a single checkout sells the course out and its "Cancel" gives the seats back.
const waitlistPorts = {
	js: Number(process.env.E2E_WAITLIST_PORT ?? port + 5000),
	'no-js': Number(process.env.E2E_WAITLIST_NOJS_PORT ?? port + 6000),
}
export const waitlistURLs = {
	js: `http://127.0.0.1:${waitlistPorts.js}`,
	'no-js': `http://127.0.0.1:${waitlistPorts['no-js']}`,
}
export const E2E_WAITLIST_COURSE_SLOTS = 10
// Sites whose course the owner opens (docs/decisions/156), one per project: opening is for good,
// so the other specs' sites stay before the opening.
const openedPorts = {
	js: Number(process.env.E2E_OPENED_PORT ?? port + 7000),
	'no-js': Number(process.env.E2E_OPENED_NOJS_PORT ?? port + 8000),
}
export const openedURLs = {
	js: `http://127.0.0.1:${openedPorts.js}`,
	'no-js': `http://127.0.0.1:${openedPorts['no-js']}`,
}
export const E2E_COURSE_URL = 'https://learn.example/ai-driven-dev'
// The fair queue's site (tests/e2e/payment-queue.spec.ts, docs/decisions/161): the sandbox paced
// at 2 payment pages a second, so a small crowd queues; one site for both projects, whose
// crowds only lengthen each other's wait. The shared site keeps the default pace.
const queuePort = Number(process.env.E2E_QUEUE_PORT ?? port + 9000)
export const queueURL = `http://127.0.0.1:${queuePort}`
export const E2E_QUEUE_RATE = 2
// Preview needs the preview secret on a site that is not a fresh clone in development
// (tests/e2e/interface.spec.ts, content.spec.ts).
export const E2E_PREVIEW_SECRET = 'e2e-preview-secret-0123456789'
// Fixed, so specs can sign one-click links the way `npm run signup-link` does (tests/e2e/signups.spec.ts).
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdefghijklmnop'
// The sites take authenticator codes half an hour either side of their clock (a site keeps 1), so
// the owner's step-ups (tests/e2e/sign-in.ts) use a new 30-second step at once rather than wait
// for the clock to reach it, one confirmation after another (docs/decisions/180).
export const E2E_TOTP_DRIFT_STEPS = 60
// /healthz shows its job queue only to a request with it (docs/decisions/133): tests/e2e/inbox.ts.
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789'

// Debian's Chromium; Playwright's own browser download does not work on this machine.
const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: {
		executablePath: '/usr/bin/chromium',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
		],
	},
}

export const BOT_USER_AGENT =
	'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

// The site's environment, shared by both sites.
const siteEnv = {
	NODE_ENV: 'production',
	HOST: '127.0.0.1',
	PORT: String(port),
	DATA_DIR: dataDir,
	SITE_STATUS: 'pre_release',
	// Lets a spec play a visitor from a given country (tests/e2e/pricing.spec.ts): the spec
	// plays the CDN, and a CDN's header counts only behind a trusted proxy (docs/decisions/069).
	GEO_COUNTRY_HEADER: 'x-e2e-country',
	TRUST_PROXY: '1',
	// Every spec posts forms from one address; the limit itself is tested in tests/integration.
	RATE_LIMIT_MAX: '100000',
	// Every spec downloads from one address too; that limit is tested in tests/integration.
	EXPENSIVE_RATE_LIMIT_MAX: '100000',
	// Every spec signs up at example.com; the confirmation limits are tested in tests/integration.
	CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '100000',
	SESSION_SECRET: E2E_SESSION_SECRET,
	SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
	PREVIEW_SECRET: E2E_PREVIEW_SECRET,
	METRICS_TOKEN: E2E_METRICS_TOKEN,
	OWNER_TOTP_DRIFT_STEPS: String(E2E_TOTP_DRIFT_STEPS),
}

// The owner signs in on the waiting list's sites as on the dashboard's: `mona`, through the fake GitHub.
const ownerEnv = {
	GITHUB_CLIENT_ID: 'fake-client-id',
	GITHUB_CLIENT_SECRET: 'fake-client-secret',
	GITHUB_OAUTH_URL: fakeGitHubURL,
	GITHUB_API_URL: `${fakeGitHubURL}/api`,
	ADMIN_GITHUB_LOGINS: E2E_OWNER_LOGIN,
}

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	workers: 2,
	timeout: 30_000,
	outputDir: 'test-results',
	use: { baseURL, trace: 'retain-on-failure' },
	projects: [
		// With JavaScript, a visitor who asks for reduced motion: no particle background unless a
		// spec asks for it (first-load, interface). Chromium draws its WebGL in software here
		// (SwiftShader), 60 frames a second for each open page, on the two cores the sites and
		// the other worker share, and three.js compiles on the page's main thread: the decoration,
		// not the flow under test, decided when answers showed (a three-page seat claim took 52 s
		// with it, 35 s without; a sign-up's answer came after 5 s in CI). A phone draws it on its
		// GPU. Reduced motion changes nothing else a test reads.
		{ name: 'js', testIgnore: /bot\.spec\.ts/, use: { ...chromium, reducedMotion: 'reduce' } },
		{ name: 'no-js', testIgnore: /bot\.spec\.ts/, use: { ...chromium, javaScriptEnabled: false } },
		{ name: 'bot', testMatch: /bot\.spec\.ts/, use: { ...chromium, userAgent: BOT_USER_AGENT } },
	],
	webServer: [
		{
			command: 'node tests/fakes/mail-peer.js',
			url: mailURL,
			reuseExistingServer: false,
			stdout: 'ignore',
			stderr: 'pipe',
			env: { MAIL_PEER_SMTP_PORT: String(smtpPort), MAIL_PEER_HTTP_PORT: String(mailPort) },
		},
		{
			command: 'node build/server.js',
			url: `${baseURL}/healthz`,
			reuseExistingServer: false,
			// The first boot creates and seeds the embedded database.
			timeout: 120_000,
			stdout: 'ignore',
			stderr: 'pipe',
			env: siteEnv,
		},
		{
			command: `esbuild tests/fakes/github-peer.ts --bundle --platform=node --format=esm --packages=external --log-level=warning --outfile=${fakeGitHubBundle} && node ${fakeGitHubBundle}`,
			// The fake answers a bare authorize request with 400, which Playwright counts as up.
			url: `${fakeGitHubURL}/login/oauth/authorize`,
			reuseExistingServer: false,
			stdout: 'ignore',
			stderr: 'pipe',
			env: { FAKE_GITHUB_PORT: String(fakeGitHubPort) },
		},
		{
			command: 'node build/server.js',
			url: `${adminURL}/healthz`,
			reuseExistingServer: false,
			timeout: 120_000,
			stdout: 'ignore',
			stderr: 'pipe',
			env: {
				...siteEnv,
				PORT: String(adminPort),
				DATA_DIR: `${dataDir}-admin`,
				GITHUB_CLIENT_ID: 'fake-client-id',
				GITHUB_CLIENT_SECRET: 'fake-client-secret',
				GITHUB_OAUTH_URL: fakeGitHubURL,
				GITHUB_API_URL: `${fakeGitHubURL}/api`,
				ADMIN_GITHUB_LOGINS: E2E_OWNER_LOGIN,
			},
		},
		...(['js', 'no-js'] as const).map((project) => ({
			command: 'node build/server.js',
			url: `${waitlistURLs[project]}/healthz`,
			reuseExistingServer: false,
			timeout: 120_000,
			stdout: 'ignore' as const,
			stderr: 'pipe' as const,
			env: {
				...siteEnv,
				...ownerEnv,
				PORT: String(waitlistPorts[project]),
				DATA_DIR: `${dataDir}-waitlist-${project}`,
				COURSE_SLOTS: String(E2E_WAITLIST_COURSE_SLOTS),
				CHECKOUT_HOLD_SHARE_PERCENT: '100',
			},
		})),
		{
			command: 'node build/server.js',
			url: `${queueURL}/healthz`,
			reuseExistingServer: false,
			timeout: 120_000,
			stdout: 'ignore',
			stderr: 'pipe',
			env: {
				...siteEnv,
				PORT: String(queuePort),
				DATA_DIR: `${dataDir}-queue`,
				PAYMENT_PROVIDER_RATE_PER_SECOND: String(E2E_QUEUE_RATE),
			},
		},
		...(['js', 'no-js'] as const).map((project) => ({
			command: 'node build/server.js',
			url: `${openedURLs[project]}/healthz`,
			reuseExistingServer: false,
			timeout: 120_000,
			stdout: 'ignore' as const,
			stderr: 'pipe' as const,
			env: {
				...siteEnv,
				...ownerEnv,
				PORT: String(openedPorts[project]),
				DATA_DIR: `${dataDir}-opened-${project}`,
				COURSE_URL: E2E_COURSE_URL,
			},
		})),
	],
})
