/**
 * The owner role against the production build and a GitHub peer (docs/decisions/080): a listed
 * login is bound to its account at the first sign-in, a renamed owner keeps the role, a new
 * account with the old name does not, and the dashboard is a 404 to everyone else. The e-mail
 * page's Retry (decisions 081, 084) against a real SMTP peer that first refuses, then accepts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MESSAGES } from '../../app/forms/messages'
import { SAMPLE_USERS } from '../../app/integrations/github/emulator-users'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { startSmtp } from '../fakes/smtp'
import { cookieOf, sessionOf, signInThroughPeer } from '../support/github-sign-in'
import { createTestDatabase, TEST_DATABASE_URL } from '../support/postgres'
import { queueSettled, type RunningServer, startServer } from '../support/server'

describe('the owner role', () => {
	const users = SAMPLE_USERS.map((user) => ({ ...user }))
	let github: FakeGitHub
	let server: RunningServer

	beforeAll(async () => {
		github = await startFakeGitHub({ users })
		server = await startServer({ ...github.env(2_000), ADMIN_GITHUB_LOGINS: 'Mona' })
	})
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	const signIn = (login: string) => signInThroughPeer(server, login)

	const dashboard = (cookie: string) =>
		fetch(`${server.url}/admin`, { headers: { cookie } }).then((response) => response.status)

	test('a listed login is an owner; a renamed owner keeps the role; a new account with the old name does not', async () => {
		expect(await dashboard(await signIn('mona'))).toBe(200)

		const mona = users.find((user) => user.id === 1001)!
		mona.login = 'mona-renamed'
		expect(await dashboard(await signIn('mona-renamed'))).toBe(200)

		users.push({ ...mona, login: 'mona', id: 9001 })
		expect(await dashboard(await signIn('mona'))).toBe(404)
	})

	test('an unlisted account, a tampered session and no session all get 404', async () => {
		const hubot = await signIn('hubot')
		expect(await dashboard(hubot)).toBe(404)
		expect(await dashboard(hubot.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toBe(404)
		expect((await fetch(`${server.url}/admin/export/orders.csv`)).status).toBe(404)
	})

	test("the owner's sign-in is in the audit log", async () => {
		const cookie = await signIn('mona-renamed')
		const html = await (await fetch(`${server.url}/admin/audit`, { headers: { cookie } })).text()
		expect(html).toContain('mona (GitHub #1001)')
		expect(html).toContain('sign-in')
	})

	test('bad filters are a 400 with the message next to the field; a bad cursor is page 1', async () => {
		const cookie = await signIn('mona-renamed')
		const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } })

		const badDate = await get('/admin/orders?from=2026-02-31')
		expect(badDate.status).toBe(400)
		const html = await badDate.text()
		expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="filter-from-error"/)
		expect(html).toContain('From must be a real date')

		expect((await get('/admin/leads?list=everyone')).status).toBe(400)
		expect((await get('/admin?from=2026-05-01&to=2026-04-01')).status).toBe(400)
		const badExport = await get('/admin/export/orders.csv?status=lost')
		expect(badExport.status).toBe(400)
		expect(await badExport.text()).toContain('status: Pick a status from the list')

		for (const after of ['garbage', Buffer.from('2026-13-45 00:00:00+00|x').toString('base64url')])
			expect((await get(`/admin/orders?after=${after}`)).status).toBe(200)
	})

	test('a NUL or a huge range in the filters is a 400 with a clear message, never a 500', async () => {
		const cookie = await signIn('mona-renamed')
		const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } })
		const nul = encodeURIComponent('a\u0000b')
		const cases = [
			[`/admin/leads?email=${nul}`, 'E-mail must not contain control characters'],
			[`/admin/orders?partner=${nul}`, 'Partner must not contain control characters'],
			[`/admin/email?to=${nul}`, 'To must not contain control characters'],
			[`/admin/export/leads.csv?email=${nul}`, 'email: E-mail must not contain control characters'],
			['/admin/orders?from=2000-01-01&to=2099-12-31', 'Choose a range of at most 366 days'],
			['/admin/leads?from=0000-01-01', 'From must be between 2000-01-01 and 2099-12-31'],
			['/admin/orders?to=9999-12-31', 'To must be between 2000-01-01 and 2099-12-31'],
			['/admin?from=2001-01-01', 'Choose a range of at most 366 days'],
			['/admin?from=2099-01-01', 'To must not be before From'],
		]
		for (const [path, message] of cases) {
			const response = await get(path!)
			expect(response.status, path).toBe(400)
			expect(await response.text(), path).toContain(message)
		}
		// A cursor naming a word where the log numbers its rows is page 1, not a database error.
		const word = Buffer.from(`2026-01-01 00:00:00+00|abc`).toString('base64url')
		expect((await get(`/admin/audit?after=${word}`)).status).toBe(200)
		expect((await get(`/admin/leads?after=${word}`)).status).toBe(200)
		expect((await get(`/admin/audit?after=${nul}`)).status).toBe(200)
	})
})

describe('an identity from the embedded GitHub emulator', () => {
	/** Signs in through the site's own emulator as `login`; the /admin status for that session. */
	async function dashboardAfterEmulatorSignIn(server: RunningServer, login: string) {
		const start = await fetch(`${server.url}/login/github?returnTo=/admin`, { redirect: 'manual' })
		const state = cookieOf(start, 'github-oauth')!
		const authorize = new URL(start.headers.get('location')!)
		const form = new URLSearchParams(authorize.searchParams)
		form.set('login', login)
		const back = await fetch(authorize.href, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: form,
		})
		const callback = await fetch(back.headers.get('location')!, {
			redirect: 'manual',
			headers: { cookie: state },
		})
		const cookie = sessionOf(callback)!
		return (await fetch(`${server.url}/admin`, { headers: { cookie } })).status
	}

	test('is never the owner on a public site, even with its login listed', async () => {
		const server = await startServer({ ADMIN_GITHUB_LOGINS: 'mona' })
		try {
			expect(await dashboardAfterEmulatorSignIn(server, 'mona')).toBe(404)
		} finally {
			await server.stop()
		}
	})

	test('is the owner where the operator tools are open (npm run dev on a fresh clone), with its login listed', async () => {
		const server = await startServer({ NODE_ENV: 'development', ADMIN_GITHUB_LOGINS: 'zoe' })
		try {
			expect(await dashboardAfterEmulatorSignIn(server, 'zoe')).toBe(200)
		} finally {
			await server.stop()
		}
	}, 180_000)

	test('is no owner in development when its login is not in ADMIN_GITHUB_LOGINS, or none is (decision 132)', async () => {
		for (const [logins, login] of [
			['zoe', 'hubot'],
			['', 'zoe'],
		] as const) {
			const server = await startServer({ NODE_ENV: 'development', ADMIN_GITHUB_LOGINS: logins })
			try {
				expect(await dashboardAfterEmulatorSignIn(server, login), `${login} of [${logins}]`).toBe(
					404,
				)
			} finally {
				await server.stop()
			}
		}
	}, 300_000)
})

/** Where the site keeps its data: PGlite, and PostgreSQL too when TEST_DATABASE_URL is set. */
const siteDatabases = [
	{ name: 'PGlite', open: async () => ({ env: {}, drop: async () => {} }) },
	...(TEST_DATABASE_URL
		? [
				{
					name: 'PostgreSQL',
					open: async () => {
						const { url, drop } = await createTestDatabase()
						return { env: { DATABASE_URL: url }, drop }
					},
				},
			]
		: []),
]

describe.each(siteDatabases)("the e-mail page's Retry on $name", (database) => {
	let github: FakeGitHub
	let server: RunningServer
	let dropDatabase: () => Promise<void>
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let owner: string
	// Sign-ups made while the mail server refused everything: their delivery failed for good.
	const failed = { retried: 'retry.me@example.com', untouched: 'leave.me@example.com' }

	/** A workshop sign-up from `email`, as the form posts it: it sends a confirmation. */
	async function signUp(email: string) {
		const page = await (await fetch(`${server.url}/workshop`)).text()
		const validFrom = page.match(/name="from__confirm"[^>]*value="([^"]+)"/)?.[1]
		const response = await fetch(`${server.url}/workshop?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({ website: '', from__confirm: validFrom!, email }),
		})
		expect(response.status).toBe(302)
	}

	const get = (path: string, cookie: string) =>
		fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' })
	/** Posts the message page's Retry form, with `cookie` (none: an anonymous visitor). */
	const retry = (id: number, cookie?: string) =>
		fetch(`${server.url}/admin/email/${id}`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				origin: server.url,
				...(cookie ? { cookie } : {}),
			},
			body: new URLSearchParams({ intent: 'retry' }),
		})

	/** The outbox id of the latest message to `email`, from the owner's E-mail page. */
	async function messageTo(email: string): Promise<number> {
		const html = await (await get(`/admin/email?to=${encodeURIComponent(email)}`, owner)).text()
		const id = html.match(/href="\/admin\/email\/(\d+)"/)?.[1]
		expect(id, `a message to ${email}`).toBeDefined()
		return Number(id)
	}
	/** A page's text as read: no tags, entities decoded. */
	const textOf = (html: string) =>
		html
			.replace(/<!-- -->/g, '')
			.replace(/<[^>]+>/g, ' ')
			.replace(/&quot;/g, '"')
			.replace(/&#x27;/g, "'")
			.replace(/&amp;/g, '&')
			.replace(/\s+/g, ' ')
	/** The message's delivery state as its page shows it to the owner. */
	async function stateOf(id: number): Promise<string> {
		const html = await (await get(`/admin/email/${id}`, owner)).text()
		return textOf(html.match(/State<\/dt><dd>(.*?)<\/dd>/)?.[1] ?? '').trim()
	}
	/** The audit log's lines about `target`, as the owner reads them on /admin/audit. */
	/** The audit log's lines about `target`: its changes, or the owner's reads of it (decision 136). */
	async function auditLinesAbout(target: string, kind: 'changes' | 'reads' = 'changes') {
		const html = await (await get('/admin/audit', owner)).text()
		return html
			.split('<tr')
			.filter((row) => row.includes(`>${target}<`))
			.map((row) => textOf(`<tr${row}`).trim())
			.filter((line) => / read-email /.test(line) === (kind === 'reads'))
	}

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		smtp = await startSmtp({ rejectWith: 'Mailbox unavailable' })
		const opened = await database.open()
		dropDatabase = opened.drop
		server = await startServer({
			...opened.env,
			...github.env(2_000),
			ADMIN_GITHUB_LOGINS: 'mona',
			SMTP_URL: smtp.url,
			RATE_LIMIT_MAX: '1000',
		})
		owner = await signInThroughPeer(server, 'mona')
		for (const email of Object.values(failed)) await signUp(email)
		await queueSettled(server)
		// The mail server is back, where it was.
		const { port } = smtp
		await smtp.close()
		smtp = await startSmtp({ port })
	})
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
		await github?.close()
		await dropDatabase?.()
	})

	test('the messages refused by the mail server show as failed, with Retry', async () => {
		for (const email of Object.values(failed)) {
			const id = await messageTo(email)
			expect(await stateOf(id)).toBe('failed, after 1 attempt')
			const html = await (await get(`/admin/email/${id}`, owner)).text()
			expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Retry<\/button>/)
		}
	})

	test("the owner's Retry of a failed message queues it again: it is delivered once, and the audit log says who retried it, from failed to queued", async () => {
		const id = await messageTo(failed.retried)
		const response = await retry(id, owner)
		expect(response.status).toBe(303)
		expect(response.headers.get('location')).toBe(`/admin/email/${id}`)
		const toast = cookieOf(response, 'toast')!
		const page = await get(`/admin/email/${id}`, `${owner}; ${toast}`)
		expect(await page.text()).toContain('The message is queued for delivery again.')

		const [mail] = await smtp.waitFor(failed.retried)
		expect(mail!.raw).toContain("Subject: You're signed up for the free workshop")
		await queueSettled(server)
		expect(smtp.mailTo(failed.retried)).toHaveLength(1)
		expect(await stateOf(id)).toMatch(/^sent over SMTP at .+, after 2 attempts$/)

		expect(await auditLinesAbout(`email:${id}`)).toEqual([
			expect.stringMatching(
				/ mona \(GitHub #1001\) 127\.0\.0\.1 retry-email email:\d+ \{"state":"failed"\} \{"state":"queued"\}$/,
			),
		])
		// Reading the message (its body carries live links) is logged too, with where from.
		expect(await auditLinesAbout(`email:${id}`, 'reads')).toContainEqual(
			expect.stringMatching(/ mona \(GitHub #1001\) 127\.0\.0\.1 read-email email:\d+ /),
		)
	})

	test('Retry of a message that was delivered changes nothing and says why (409)', async () => {
		await signUp('delivered@example.com')
		await smtp.waitFor('delivered@example.com')
		await queueSettled(server)
		const id = await messageTo('delivered@example.com')
		const before = await stateOf(id)
		expect(before).toMatch(/^sent over SMTP at /)

		const response = await retry(id, owner)
		expect(response.status).toBe(409)
		expect(textOf(await response.text())).toContain(MESSAGES.adminEmailNotFailed)
		await queueSettled(server)
		expect(smtp.mailTo('delivered@example.com')).toHaveLength(1)
		expect(await stateOf(id)).toBe(before)
		expect(await auditLinesAbout(`email:${id}`)).toEqual([])
	})

	test('Retry is a 404 to an anonymous visitor and to a signed-in visitor who is not the owner, and queues nothing', async () => {
		const id = await messageTo(failed.untouched)
		expect((await retry(id)).status).toBe(404)
		const hubot = await signInThroughPeer(server, 'hubot')
		const refused = await retry(id, hubot)
		expect(refused.status).toBe(404)
		expect(await refused.text()).not.toContain('queued')

		await queueSettled(server)
		expect(smtp.mailTo(failed.untouched)).toHaveLength(0)
		expect(await stateOf(id)).toBe('failed, after 1 attempt')
		expect(await auditLinesAbout(`email:${id}`)).toEqual([])
	})
})
