/**
 * The owner sign-in link (issue 36 item 14, docs/decisions/151) against the production build,
 * as `npm start` runs it: a fresh clone prints a one-time link that signs its follower in as the
 * owner (loopback alone is no proof: every request here is loopback, and is no owner before);
 * a wrong or reused link signs nobody in; a released site prints none unless the operator asks,
 * with `npm run owner-link`.
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../support/server'

const projectRoot = path.resolve(import.meta.dirname, '../..')
const SESSION_SECRET = 'owner-link-test-session-secret-0123456789'
// Whatever the shell running the tests has set: a fresh clone has none of these.
const FRESH_CLONE = {
	SITE_URL: '',
	GITHUB_CLIENT_ID: '',
	GITHUB_CLIENT_SECRET: '',
	ADMIN_GITHUB_LOGINS: '',
	SMTP_URL: '',
	SESSION_SECRET,
}
const LINK = /(http:\/\/\S+\/owner-sign-in\?token=[\w.-]+)/

/** The link the start-up log printed, once the log had its chance to print it. */
async function printedLink(server: RunningServer): Promise<string | undefined> {
	await fetch(`${server.url}/healthz`)
	await new Promise((resolve) => setTimeout(resolve, 200))
	return server.output().match(LINK)?.[1]
}

/** Posts the link's sign-in form, as its button does; the session cookie it set, if any. */
async function follow(link: string) {
	const url = new URL(link)
	const response = await fetch(url, {
		method: 'POST',
		body: new URLSearchParams({ token: url.searchParams.get('token')! }),
		redirect: 'manual',
	})
	const cookie = response.headers
		.getSetCookie()
		.map((value) => value.split(';')[0])
		.join('; ')
	return { response, cookie }
}

const statusOf = async (url: string, cookie = '') =>
	(await fetch(url, { headers: { cookie }, redirect: 'manual' })).status

describe('the owner sign-in link', () => {
	let server: RunningServer | undefined
	afterEach(async () => {
		await server?.stop()
		server = undefined
	})

	test('npm start on a fresh clone prints a one-time link that signs the owner in, once', async () => {
		server = await startServer(FRESH_CLONE)
		const link = await printedLink(server)
		expect(link).toBeDefined()
		expect(link!.startsWith(`${server.url}/owner-sign-in?token=`)).toBe(true)
		// A loopback client is nobody's owner.
		expect(await statusOf(`${server.url}/admin`)).toBe(404)
		expect(await statusOf(`${server.url}/__outbox`)).toBe(404)

		// Opening the link spends nothing: a link preview does not use it up.
		const page = await fetch(link!)
		expect(page.status).toBe(200)
		expect(page.headers.get('cache-control')).toContain('no-store')
		// Added after the site-wide policy: a browser applies the last one it knows.
		expect(page.headers.get('referrer-policy')?.split(',').at(-1)?.trim()).toBe('no-referrer')
		expect(await page.text()).toContain('Sign in as the owner')

		const { response, cookie } = await follow(link!)
		expect(response.status).toBe(303)
		expect(response.headers.get('location')).toBe('/admin')
		expect(await statusOf(`${server.url}/admin`, cookie)).toBe(200)
		expect(await statusOf(`${server.url}/admin/email`, cookie)).toBe(200)
		// The outbox viewer answers the owner as the dashboard's e-mail page.
		const outbox = await fetch(`${server.url}/__outbox`, {
			headers: { cookie },
			redirect: 'manual',
		})
		expect(outbox.headers.get('location')).toBe('/admin/email')

		// Used: a second follower (a copy of the log) gets nothing.
		const again = await follow(link!)
		expect(again.response.status).toBe(410)
		expect(await again.response.text()).toContain('This sign-in link has been used')
		expect(await statusOf(`${server.url}/admin`, again.cookie)).toBe(404)
		expect((await fetch(link!)).status).toBe(410)

		// The token is in the log once: the printed line, never in a request's log line.
		const token = new URL(link!).searchParams.get('token')!
		expect(server.output().split(token)).toHaveLength(2)
	}, 120_000)

	test('a wrong secret signs nobody in and says so', async () => {
		server = await startServer(FRESH_CLONE)
		const link = new URL((await printedLink(server))!)
		const token = link.searchParams.get('token')!
		const wrong = new URL(link)
		wrong.searchParams.set('token', `${token.slice(0, -4)}AAAA`)
		const { response, cookie } = await follow(wrong.href)
		expect(response.status).toBe(403)
		expect(await response.text()).toContain('This is not a sign-in link of this site.')
		expect(await statusOf(`${server.url}/admin`, cookie)).toBe(404)
		expect((await fetch(wrong)).status).toBe(403)
		// The true link still works afterwards: a wrong guess spends nothing.
		expect((await follow(link.href)).response.status).toBe(303)
	}, 120_000)

	test('a released site prints no link; npm run owner-link prints one that signs the owner in', async () => {
		server = await startServer({
			...FRESH_CLONE,
			SITE_STATUS: 'released',
			ALLOW_SANDBOX_PAYMENTS: '1',
		})
		expect(await printedLink(server)).toBeUndefined()
		expect(server.output()).not.toContain('owner-sign-in')

		const { stdout } = await promisify(execFile)(
			process.execPath,
			[path.join(projectRoot, 'build/owner-link.js'), '--origin', server.url],
			{
				cwd: projectRoot,
				env: {
					...process.env,
					...FRESH_CLONE,
					SITE_STATUS: 'released',
					ALLOW_SANDBOX_PAYMENTS: '1',
				},
			},
		)
		const link = stdout.match(LINK)?.[1]
		expect(link).toBeDefined()
		const { response, cookie } = await follow(link!)
		expect(response.status).toBe(303)
		expect(await statusOf(`${server.url}/admin`, cookie)).toBe(200)
	}, 120_000)
})
