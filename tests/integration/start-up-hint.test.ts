/**
 * `npm start` tells a newcomer how to become the owner and where the e-mails are, in its
 * start-up log, when that applies (docs/decisions/111); the rule itself is unchanged: a
 * signed-in non-owner still gets the unknown path's 404 (tests/integration/admin-not-found.test.ts).
 * Against the production build, as `npm start` runs it.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../support/server'

// Whatever the shell running the tests has set: a fresh clone has none of these.
const FRESH_CLONE = {
	SITE_URL: '',
	GITHUB_CLIENT_ID: '',
	GITHUB_CLIENT_SECRET: '',
	ADMIN_GITHUB_LOGINS: '',
	SMTP_URL: '',
}

/** The log once the hint had its chance: it follows "Listening on". */
async function logAfterStart(server: RunningServer) {
	await fetch(`${server.url}/healthz`)
	await new Promise((resolve) => setTimeout(resolve, 200))
	return server.output()
}

describe('the start-up log', () => {
	let server: RunningServer | undefined
	afterEach(async () => {
		await server?.stop()
		server = undefined
	})

	test('on a fresh clone, prints a one-time owner sign-in link and says where the e-mails wait', async () => {
		server = await startServer(FRESH_CLONE)
		const output = await logAfterStart(server)
		// Nobody could open the dashboard under `npm start` before (issue 36 item 14, decision 151).
		expect(output).not.toContain('nobody can open it here')
		expect(output).toContain(
			"Owner's dashboard: open this one-time link to sign in as the owner (good for 60 minutes; `npm run owner-link` prints a fresh one): ",
		)
		expect(output).toContain(`${server.url}/owner-sign-in?token=`)
		expect(output).toContain(
			`E-mails are not sent (no SMTP_URL): they wait in the outbox, which the owner reads at ${server.url}/admin/email`,
		)
	}, 120_000)

	test('with an OAuth app, owners and a mail server, says nothing of the kind', async () => {
		server = await startServer({
			...FRESH_CLONE,
			GITHUB_CLIENT_ID: 'an-oauth-app',
			GITHUB_CLIENT_SECRET: 'its-secret',
			ADMIN_GITHUB_LOGINS: 'octocat',
			SMTP_URL: 'smtp://127.0.0.1:9',
		})
		const output = await logAfterStart(server)
		expect(output).toContain('Listening on')
		expect(output).not.toContain("Owner's dashboard")
		expect(output).not.toContain('E-mails are not sent')
	}, 120_000)
})
