/**
 * The Messages pages against the production build (docs/decisions/119): to anyone but the owner
 * they do not exist; the owner's bad input is a 4xx with its message next to the field and sends
 * nothing, never a 500; a form posted from another site is refused; and the course cannot be
 * opened until COURSE_URL says where it is taken.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MESSAGES } from '../../app/forms/messages'
import { SAMPLE_USERS } from '../../app/integrations/github/emulator-users'
import { type FakeGitHub, startFakeGitHub } from '../fakes/github'
import { signInThroughPeer } from '../support/github-sign-in'
import { type RunningServer, startServer } from '../support/server'
import { setUpAuthenticator } from '../support/step-up'

describe("the owner's Messages pages", () => {
	let github: FakeGitHub
	let server: RunningServer
	let owner: string

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		server = await startServer({ ...github.env(2_000), ADMIN_GITHUB_LOGINS: 'mona' })
		// Sends and the course's opening need a second factor confirmed (decision 136).
		;({ cookie: owner } = await setUpAuthenticator(server, await signInThroughPeer(server, 'mona')))
	})
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	const post = (path: string, form: Record<string, string>, cookie = owner, origin = server.url) =>
		fetch(`${server.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(form),
		})

	test('to a stranger every Messages URL and action is a 404', async () => {
		const stranger = await signInThroughPeer(server, 'hubot')
		for (const path of ['/admin/messages', '/admin/messages/new', '/admin/messages/1'])
			for (const cookie of ['', stranger]) {
				expect((await fetch(`${server.url}${path}`, { headers: { cookie } })).status).toBe(404)
				expect((await post(path, { intent: 'open-course' }, cookie)).status).toBe(404)
			}
	})

	test('bad input is a 400 with the message next to its field, and nothing is sent', async () => {
		const bad = await post('/admin/messages/new', {
			intent: 'send',
			subject: 'Two\nlines',
			body: '',
			audience: 'workshop',
		})
		expect(bad.status).toBe(400)
		const html = await bad.text()
		expect(html).toContain(MESSAGES.adminMessageSubject)
		expect(html).toContain(MESSAGES.adminMessageBody)
		expect(html).toMatch(/aria-invalid="true"/)

		const unknownAudience = await post('/admin/messages/new', {
			intent: 'preview',
			subject: 'Hi',
			body: 'Hi',
			audience: 'the-whole-internet',
		})
		expect(unknownAudience.status).toBe(400)
		expect(await unknownAudience.text()).toContain(MESSAGES.adminMessageAudience)

		const nobody = await post('/admin/messages/new', {
			intent: 'send',
			subject: 'Hi',
			body: 'Hi',
			audience: 'workshop',
			expectedCount: '0',
		})
		expect(nobody.status).toBe(409)
		expect(await nobody.text()).toContain(MESSAGES.adminMessageNobody)

		for (const id of ['abc', '99999', '1'.repeat(30)])
			expect(
				(await fetch(`${server.url}/admin/messages/${id}`, { headers: { cookie: owner } })).status,
			).toBe(404)
		const list = await (
			await fetch(`${server.url}/admin/messages`, { headers: { cookie: owner } })
		).text()
		expect(list).toContain('No messages yet.')
	})

	test('a form posted from another site is refused', async () => {
		const response = await post(
			'/admin/messages/new',
			{ intent: 'preview', subject: 'Hi', body: 'Hi', audience: 'workshop' },
			owner,
			'https://evil.example',
		)
		expect(response.status).toBe(403)
	})

	test('without COURSE_URL the page says to set it, and opening the course is refused with the reason', async () => {
		const page = await (
			await fetch(`${server.url}/admin/messages?confirm=open-course`, {
				headers: { cookie: owner },
			})
		).text()
		expect(page).toContain('COURSE_URL')
		expect(page).not.toContain('Yes, open the course')
		const refused = await post('/admin/messages', { intent: 'open-course' })
		expect(refused.status).toBe(409)
		expect(await refused.text()).toContain('Set COURSE_URL')
		const wrong = await post('/admin/messages', { intent: 'close-course' })
		expect(wrong.status).toBe(400)
	})
})

describe('opening the course from the dashboard', () => {
	let github: FakeGitHub
	let server: RunningServer
	let owner: string

	beforeAll(async () => {
		github = await startFakeGitHub({ users: SAMPLE_USERS.map((user) => ({ ...user })) })
		server = await startServer({
			...github.env(2_000),
			ADMIN_GITHUB_LOGINS: 'mona',
			COURSE_URL: 'https://learn.example/course',
		})
		// Sends and the course's opening need a second factor confirmed (decision 136).
		;({ cookie: owner } = await setUpAuthenticator(server, await signInThroughPeer(server, 'mona')))
	})
	afterAll(async () => {
		await server?.stop()
		await github?.close()
	})

	const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie: owner } })
	const open = () =>
		fetch(`${server.url}/admin/messages`, {
			method: 'POST',
			redirect: 'manual',
			headers: {
				cookie: owner,
				origin: server.url,
				'content-type': 'application/x-www-form-urlencoded',
			},
			body: new URLSearchParams({ intent: 'open-course' }),
		})

	test('a confirmation step says who gets what; opening twice makes one send, and the page says when it opened', async () => {
		const first = await (await get('/admin/messages')).text()
		expect(first).toContain('Open the course…')
		expect(first).not.toContain('Yes, open the course')
		const confirm = await (await get('/admin/messages?confirm=open-course')).text()
		expect(confirm).toContain('Open the course?')
		expect(confirm).toContain('https://learn.example/course')
		expect(confirm).toContain('Yes, open the course')

		const [a, b] = await Promise.all([open(), open()])
		expect([a.status, b.status]).toEqual([303, 303])
		expect(a.headers.get('location')).toMatch(/^\/admin\/messages\/\d+$/)
		expect(b.headers.get('location')).toBe(a.headers.get('location'))
		const again = await open()
		expect(again.headers.get('location')).toBe(a.headers.get('location'))

		const after = await (await get('/admin/messages')).text()
		expect(after).toContain('The course opened')
		expect(after).not.toContain('Open the course…')
		const audit = await (await get('/admin/audit')).text()
		// One line in the log's table (the page's data repeats it for hydration).
		expect(audit.match(/>open-course</g)).toHaveLength(1)
		const sendPage = await (await get(a.headers.get('location')!)).text()
		expect(sendPage).toContain('Course access (the course opened)')
	})
})
