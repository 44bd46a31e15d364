/**
 * Step-up before what cannot be undone (docs/decisions/136), against the production build: a
 * refund, an erasure, a send to many, the course's opening and coupon changes, posted without a
 * second factor confirmed in the last OWNER_STEP_UP_SECONDS in this session, answer the step-up
 * form (403) and change nothing; confirmed, they run; the confirmation resumes the refused post
 * with its fields; it ends after its window and with its session; authenticator codes are single
 * use and wrong ones are limited; the audit log says where each action and each reading of a
 * person, a search or an e-mail's body came from. Needs `npm run build:test`.
 */
import * as OTPAuth from 'otpauth'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SAMPLE_USERS } from '../../app/integrations/github/emulator-users'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { sessionOf, signInThroughPeer } from '../support/github-sign-in'
import { type RunningServer, startServer } from '../support/server'
import { type Authenticator, postStepUp, setUpAuthenticator, stepUp } from '../support/step-up'

const SOURCE = '203.0.113.7'

/** A coupon form as the browser posts it without JavaScript. */
const coupon = (code: string) =>
	new URLSearchParams({ intent: 'save', code, kind: 'percent', amount: '10' })

/** Every guarded post, as the dashboard's confirmation forms send them. */
const GUARDED: [string, URLSearchParams][] = [
	['/admin/orders/ORDER123', new URLSearchParams({ intent: 'refund' })],
	['/admin/orders/ORDER123', new URLSearchParams({ intent: 'refund-pass', passId: 'PASS1' })],
	[
		'/admin/orders/ORDER123',
		new URLSearchParams({ intent: 'refund-amount', amount: '10.00', key: 'k1' }),
	],
	['/admin/leads', new URLSearchParams({ intent: 'erase', leadId: '1' })],
	['/admin/messages?index', new URLSearchParams({ intent: 'open-course' })],
	[
		'/admin/messages/new',
		new URLSearchParams({
			intent: 'send',
			subject: 'Hi',
			body: 'Hi',
			audience: 'workshop',
			expectedCount: '0',
		}),
	],
	['/admin/coupons/new', coupon('Guarded')],
	['/admin/coupons/Guarded', new URLSearchParams({ intent: 'disable' })],
]

// A code of each 30-second step at most: a test may wait for the next step.
describe('step-up before what cannot be undone', { timeout: 90_000 }, () => {
	let github: FakeGitHub
	let server: RunningServer
	let authenticator: Authenticator
	/** A session confirmed with a code, kept for the tests after the one that made it. */
	let confirmed: string

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		server = await startServer({
			...github.env(2_000),
			ADMIN_GITHUB_LOGINS: 'mona',
			TRUST_PROXY: '1',
			RATE_LIMIT_MAX: '10000',
		})
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	const post = (path: string, body: URLSearchParams, cookie: string, headers = {}) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				cookie,
				origin: server.url,
				'content-type': 'application/x-www-form-urlencoded',
				...headers,
			},
			body,
		})
	const get = (path: string, cookie: string, headers = {}) =>
		fetch(`${server.url}${path}`, { headers: { cookie, ...headers } })
	const couponList = async (cookie: string) => (await get('/admin/coupons', cookie)).text()

	test('before any second factor is set up, each irreversible action sends the owner to set one up and changes nothing', async () => {
		const owner = await signInThroughPeer(server, 'mona')
		for (const [path, body] of GUARDED) {
			const refused = await post(path, body, owner)
			expect(refused.status, path).toBe(403)
			const html = await refused.text()
			expect(html).toContain('Confirm it’s you')
			expect(html).toContain('You have no second factor yet')
			expect(html).toContain('href="/admin/security?returnTo=')
		}
		expect(await couponList(owner)).toContain('No coupons yet.')
		const audit = await (await get('/admin/audit', owner)).text()
		expect(audit).not.toContain('coupon-create')
	})

	test('with an authenticator set up but no recent confirmation, each action answers the code form carrying its fields, and changes nothing', async () => {
		const first = await signInThroughPeer(server, 'mona')
		;({ authenticator } = await setUpAuthenticator(server, first))
		// Another sign-in: a new session, with no confirmation of its own.
		const owner = await signInThroughPeer(server, 'mona')
		for (const [path, body] of GUARDED) {
			const refused = await post(path, body, owner)
			expect(refused.status, path).toBe(403)
			const html = await refused.text()
			expect(html).toContain('action="/admin/step-up"')
			expect(html).toContain('name="stepUpCode"')
			for (const [name, value] of body) expect(html).toContain(`name="${name}" value="${value}"`)
		}
		expect(await couponList(owner)).toContain('No coupons yet.')
	})

	test('confirming with a code resumes the refused post: the coupon is made, once', async () => {
		const owner = await signInThroughPeer(server, 'mona')
		const refused = await post('/admin/coupons/new', coupon('Resumed'), owner)
		expect(refused.status).toBe(403)
		const resumed = new URLSearchParams(coupon('Resumed'))
		resumed.set('stepUpCode', await authenticator.nextCode())
		resumed.set('stepUpReturn', '/admin/coupons/new')
		resumed.set('stepUpResume', 'post')
		const answer = await post('/admin/step-up', resumed, owner)
		expect(answer.status).toBe(307)
		expect(answer.headers.get('location')).toBe('/admin/coupons/new')
		const steppedUp = sessionOf(answer)!
		// The browser posts the same body again to the same URL, with the new cookie.
		const made = await post('/admin/coupons/new', resumed, steppedUp)
		expect(made.status).toBe(303)
		expect(await couponList(steppedUp)).toContain('Resumed')
		const audit = await (await get('/admin/audit', steppedUp)).text()
		expect(audit.match(/>coupon-create</g)).toHaveLength(1)
		expect(audit).toContain('>step-up<')
	})

	test('with a recent confirmation each action runs (or is refused for its own reasons, never for the step-up)', async () => {
		confirmed = await stepUp(server, await signInThroughPeer(server, 'mona'), authenticator)
		const owner = confirmed
		const created = await post('/admin/coupons/new', coupon('Guarded'), owner)
		expect(created.status).toBe(303)
		for (const [path, body] of GUARDED.filter(([path]) => path !== '/admin/coupons/new')) {
			const answer = await post(path, body, owner)
			expect(answer.status, path).not.toBe(403)
			expect(answer.status, path).toBeLessThan(500)
		}
		expect(await (await get('/admin/coupons/Guarded', owner)).text()).toContain('Enable coupon')
	})

	test('a confirmation belongs to its session: another browser of the same owner is still asked', async () => {
		const other = await signInThroughPeer(server, 'mona')
		expect((await post('/admin/coupons/new', coupon('Other'), other)).status).toBe(403)
		expect((await post('/admin/coupons/new', coupon('Mine'), confirmed)).status).toBe(303)
	})

	test('a code works once: the same code again is refused, and the refusal is logged', async () => {
		const owner = await signInThroughPeer(server, 'mona')
		const code = await authenticator.nextCode()
		expect((await postStepUp(server, owner, code)).status).toBe(303)
		const replayed = await postStepUp(server, owner, code)
		expect(replayed.status).toBe(400)
		expect(sessionOf(replayed)).toBeUndefined()
		expect(await replayed.text()).toContain('was used already')
		expect(await (await get('/admin/audit', owner)).text()).toContain('step-up-refused')
	})

	test('adding another factor once one exists needs a confirmation first', async () => {
		const owner = await signInThroughPeer(server, 'mona')
		await get('/admin/security?set-up=totp', owner)
		const refused = await post(
			'/admin/security?set-up=totp',
			new URLSearchParams({ intent: 'totp-confirm', code: '123456' }),
			owner,
		)
		expect(refused.status).toBe(403)
		expect(await refused.text()).toContain('name="stepUpCode"')
	})

	test('each action, and each reading of a person, a search and an e-mail body, is logged with its source address', async () => {
		const from = { 'X-Forwarded-For': SOURCE }
		const owner = confirmed
		const sent = await post(
			'/admin/messages/new',
			new URLSearchParams({
				intent: 'test',
				subject: 'Hi',
				body: 'Hi',
				audience: 'workshop',
				testTo: 'reader@example.com',
			}),
			owner,
			from,
		)
		expect(sent.status).toBeLessThan(400)
		expect((await post('/admin/coupons/new', coupon('Sourced'), owner, from)).status).toBe(303)
		const outbox = await (await get('/admin/email', owner)).text()
		const emailId = /href="\/admin\/email\/(\d+)"/.exec(outbox)?.[1]
		expect(emailId).toBeDefined()
		expect((await get(`/admin/email/${emailId}`, owner, from)).status).toBe(200)
		const search = await (await get('/admin/search?q=reader%40example.com', owner, from)).text()
		const person = /href="(\/admin\/people\/[A-Za-z0-9_-]+)"/.exec(search)?.[1]
		expect(person).toBeDefined()
		expect((await get(person!, owner, from)).status).toBe(200)

		const audit = (await (await get('/admin/audit', owner)).text()).replaceAll('<!-- -->', '')
		const rows = [...audit.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) => row[1]!)
		for (const action of ['coupon-create', 'read-email', 'search', 'read-person']) {
			const row = rows.find((row) => row.includes(`>${action}<`))
			expect(row, action).toBeDefined()
			expect(row, action).toContain(SOURCE)
		}
	})

	test('wrong codes are limited: after five in 15 minutes (the replay above was one), even the right code waits (429 with Retry-After)', async () => {
		const owner = await signInThroughPeer(server, 'mona')
		for (let i = 0; i < 4; i++) expect((await postStepUp(server, owner, '000000')).status).toBe(400)
		const limited = await postStepUp(server, owner, await authenticator.nextCode())
		expect(limited.status).toBe(429)
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(sessionOf(limited)).toBeUndefined()
	})
})

describe('a step-up ends after its window', () => {
	let github: FakeGitHub
	let server: RunningServer

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		server = await startServer({
			...github.env(2_000),
			// zoe: a second owner, with an authenticator of her own for the drift test.
			ADMIN_GITHUB_LOGINS: 'mona,zoe',
			OWNER_STEP_UP_SECONDS: '2',
			// The site's default; every other test server takes codes half an hour ahead.
			OWNER_TOTP_DRIFT_STEPS: '1',
		})
	}, 120_000)
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	test('confirmed, a coupon change runs; two seconds later (OWNER_STEP_UP_SECONDS=2) the next is asked again', async () => {
		const { cookie } = await setUpAuthenticator(server, await signInThroughPeer(server, 'mona'))
		const post = (code: string) =>
			fetch(`${server.url}/admin/coupons/new`, {
				method: 'POST',
				redirect: 'manual',
				headers: {
					cookie,
					origin: server.url,
					'content-type': 'application/x-www-form-urlencoded',
				},
				body: coupon(code),
			})
		expect((await post('Early')).status).toBe(303)
		await new Promise((resolve) => setTimeout(resolve, 2_100))
		const late = await post('Late')
		expect(late.status).toBe(403)
		expect(await late.text()).toContain('name="stepUpCode"')
	})
	test('by default (OWNER_TOTP_DRIFT_STEPS=1) a code is taken one 30-second step either side of the clock: three steps ahead is refused, the next step is taken', async () => {
		const { authenticator } = await setUpAuthenticator(
			server,
			await signInThroughPeer(server, 'zoe'),
		)
		const codeOf = (step: number) =>
			OTPAuth.TOTP.generate({
				secret: OTPAuth.Secret.fromBase32(authenticator.secret),
				timestamp: step * 30_000,
			})
		const owner = await signInThroughPeer(server, 'zoe')
		const now = Math.floor(Date.now() / 30_000)
		const ahead = await postStepUp(server, owner, codeOf(now + 3))
		expect(ahead.status).toBe(400)
		expect(sessionOf(ahead)).toBeUndefined()
		expect(await ahead.text()).toContain('That code is not right')
		expect((await postStepUp(server, owner, codeOf(now + 1))).status).toBe(303)
	})
})
