/**
 * The signed joining link against the production build (docs/decisions/116): the joining link of
 * a session lives in content alone; `/join?token=…`, signed for a registrant and the session,
 * shows it to them, never cached; a tampered, cut, foreign or expired link is a 4xx page that
 * says so and shows nothing; an address not signed up, or not confirmed (decision 131), gets a
 * 403; no public page, calendar file
 * or confirmation carries the joining link itself. The build is copied with a joining link
 * added to a session in its compiled content (content/site is the owner's, and has none).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUnsubscribeToken } from '~/models/links/preference-tokens.server'
import { createJoinToken } from '~/models/links/signed-token.server'
import { decodedMail, startSmtp } from '../fakes/smtp'
import { honeypotFields } from '../support/raw-http'
import { type RunningServer, startServer } from '../support/server'
import { builtEventList, workshopSessions } from '../support/site-events'

const SECRET = 'join-link-suite-secret-0123456789abcdef'
const SITE = 'https://courses.example'
// The nearest session of the build's (the test build moves them ahead of today, decision 125).
const SESSION = workshopSessions()[0]!.id
const ROOM = 'https://meet.example.com/secret-room-4410'
// The day's two rooms (decision 155): the live stream, and the pass's hands-on and Q&A rooms.
const DAY = builtEventList().find((event) => event.kind === 'day')!.id
const STREAM = 'https://stream.example.com/day-4410'
const PASS_ROOMS = 'https://rooms.example.com/day-4410'
const projectRoot = path.resolve(import.meta.dirname, '../..')

const joinToken = (email: string, eventId = SESSION, expiresAt = new Date('2099-01-01')) =>
	createJoinToken({ email, eventId, expiresAt }, SECRET)

describe('the signed joining link', () => {
	let server: RunningServer
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let copy: string

	beforeAll(async () => {
		copy = fs.mkdtempSync(path.join(os.tmpdir(), 'site-join-'))
		fs.copyFileSync(path.join(projectRoot, 'package.json'), path.join(copy, 'package.json'))
		fs.cpSync(path.join(projectRoot, 'build'), path.join(copy, 'build'), {
			recursive: true,
			filter: (source) => !source.includes(`${path.sep}build${path.sep}dev`),
		})
		fs.cpSync(path.join(projectRoot, 'app/db/migrations'), path.join(copy, 'app/db/migrations'), {
			recursive: true,
		})
		fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(copy, 'node_modules'))
		const siteFile = path.join(copy, 'build/content/site.json')
		const site = JSON.parse(fs.readFileSync(siteFile, 'utf8'))
		for (const event of site.events) if (event.id === SESSION) event.joinUrl = ROOM
		for (const event of site.events)
			if (event.kind === 'day') Object.assign(event, { joinUrl: STREAM, passJoinUrl: PASS_ROOMS })
		fs.writeFileSync(siteFile, JSON.stringify(site))

		smtp = await startSmtp()
		server = await startServer(
			{ SMTP_URL: smtp.url, RATE_LIMIT_MAX: '1000', SITE_URL: SITE, SESSION_SECRET: SECRET },
			{ root: copy },
		)
		// A registrant of the session (the nearest, the form's default).
		const response = await fetch(`${server.url}/workshop?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({
				...(await honeypotFields(server.url, '/workshop')),
				email: 'ada@example.com',
				session: SESSION,
			}),
		})
		expect(response.status).toBe(302)
	})
	afterAll(async () => {
		await server?.stop()
		await smtp?.close()
		if (copy) fs.rmSync(copy, { recursive: true, force: true })
	})

	const open = (token: string) =>
		fetch(`${server.url}/join?token=${encodeURIComponent(token)}`, { redirect: 'manual' })

	test('a sign-up’s joining link shows nothing until its address is confirmed by the confirmation’s link', async () => {
		expect((await open(joinToken('ada@example.com'))).status).toBe(403)
		const [confirmation] = await smtp.waitFor('ada@example.com', 1)
		const confirmUrl = new RegExp(`${SITE}/workshop/confirm\\?token=[\\w.-]+`).exec(
			decodedMail(confirmation!.raw),
		)?.[0]
		expect(confirmUrl).toBeTruthy()
		const confirmed = await fetch(confirmUrl!.replace(SITE, server.url), { redirect: 'manual' })
		expect(confirmed.status).toBe(200)
		expect(await confirmed.text()).toContain('Your place is confirmed')
		expect((await open(joinToken('ada@example.com'))).status).toBe(200)
	})

	test('a registrant’s signed link shows the session and its joining link, private and uncached', async () => {
		const response = await open(joinToken('Ada@Example.com'))
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('private, no-store')
		// Its address (the token) reaches no other site: the origin alone, and none from the link.
		expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
		const html = await response.text()
		expect(html).toMatch(
			new RegExp(`href="${ROOM}" rel="noreferrer"|rel="noreferrer" href="${ROOM}"`),
		)
		expect(html).toContain('Free workshop: AI in your development workflow')
		expect(html).toMatch(/<meta name="robots" content="noindex/)
	})

	test('a tampered, cut, foreign-keyed, expired or unsubscribe token shows nothing and says so', async () => {
		const token = joinToken('ada@example.com')
		const [payload, signature] = token.split('.') as [string, string]
		const data = JSON.parse(Buffer.from(payload, 'base64url').toString())
		const forged = (change: Record<string, unknown>) =>
			`${Buffer.from(JSON.stringify({ ...data, ...change })).toString('base64url')}.${signature}`
		for (const bad of [
			forged({ e: 'mallory@example.com' }),
			forged({ x: data.x + 1 }),
			`${payload}.${signature.slice(0, -2)}`,
			payload,
			createJoinToken(
				{ email: 'ada@example.com', eventId: SESSION, expiresAt: new Date('2099-01-01') },
				'another-secret-0123456789abcdef0123456789',
			),
			createUnsubscribeToken('ada@example.com', SECRET),
			'',
		]) {
			const response = await open(bad)
			expect(response.status, bad.slice(0, 30)).toBe(400)
			const html = await response.text()
			expect(html).toContain('This link is not valid')
			expect(html).not.toContain('meet.example.com')
		}
		const expired = await open(joinToken('ada@example.com', SESSION, new Date(Date.now() - 1000)))
		expect(expired.status).toBe(400)
		expect(await expired.text()).toContain('This joining link has expired')
	})

	test('an address not signed up for the session, or a link to another event, shows no joining link', async () => {
		const stranger = await open(joinToken('stranger@example.com'))
		expect(stranger.status).toBe(403)
		const html = await stranger.text()
		expect(html).toContain('no longer signed up')
		expect(html).not.toContain('meet.example.com')
		expect((await open(joinToken('ada@example.com', 'course-release'))).status).toBe(400)
		expect((await open(joinToken('ada@example.com', 'no-such-event'))).status).toBe(400)
	})

	test('no public page, calendar file or confirmation carries the joining link itself', async () => {
		for (const page of [
			'/workshop',
			`/workshop/enrolled?session=${SESSION}`,
			`/calendar/${SESSION}.ics`,
		]) {
			const body = await (await fetch(`${server.url}${page}`)).text()
			expect(body, page).not.toContain('meet.example.com')
		}
		const [confirmation] = await smtp.waitFor('ada@example.com', 1)
		const raw = decodedMail(confirmation!.raw)
		expect(raw).not.toContain('meet.example.com')
		// Its calendar file carries Ada's signed joining page instead (base64 in its MIME part).
		const start = confirmation!.raw.indexOf('Content-Type: text/calendar')
		const part = confirmation!.raw.slice(start).split(/\r?\n\r?\n/)[1] ?? ''
		const ics = Buffer.from(part.split('--')[0]!.replace(/\s/g, ''), 'base64')
			.toString('utf8')
			.replace(/\r\n[ \t]/g, '')
		expect(ics).not.toContain('meet.example.com')
		const link = /^URL:(.*)$/m.exec(ics)?.[1]?.trim()
		expect(link).toMatch(new RegExp(`^${SITE}/join\\?token=`))
		const token = new URL(link!).searchParams.get('token')!
		const response = await open(token)
		expect(response.status).toBe(200)
		expect(await response.text()).toContain(`href="${ROOM}"`)
	})

	test('a free registrant’s signed link to the day shows the live stream and never the pass’s rooms, whatever access a link claims; a rewritten access is refused', async () => {
		const email = 'free-day@example.com'
		const signedUp = await fetch(`${server.url}/ai-driven-development-day?index`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({
				...(await honeypotFields(server.url, '/ai-driven-development-day')),
				email,
			}),
		})
		expect(signedUp.status).toBe(302)
		const [confirmation] = await smtp.waitFor(email, 1)
		const confirmUrl = new RegExp(
			`${SITE}/ai-driven-development-day/confirm\\?token=[\\w.-]+`,
		).exec(decodedMail(confirmation!.raw))?.[0]
		expect(confirmUrl).toBeTruthy()
		expect((await fetch(confirmUrl!.replace(SITE, server.url))).status).toBe(200)

		const dayToken = (access?: 'stream' | 'pass') =>
			createJoinToken(
				{ email, eventId: DAY, expiresAt: new Date('2099-01-01'), ...(access ? { access } : {}) },
				SECRET,
			)
		for (const token of [dayToken('stream'), dayToken('pass'), dayToken()]) {
			const response = await open(token)
			expect(response.status).toBe(200)
			const html = await response.text()
			expect(html).toContain(STREAM)
			expect(html).toContain('Join the live stream')
			expect(html).not.toContain(PASS_ROOMS)
		}
		const [payload, signature] = dayToken('stream').split('.') as [string, string]
		const data = JSON.parse(Buffer.from(payload, 'base64url').toString())
		const rewritten = `${Buffer.from(JSON.stringify({ ...data, k: 'pass' })).toString('base64url')}.${signature}`
		const refused = await open(rewritten)
		expect(refused.status).toBe(400)
		expect(await refused.text()).not.toContain(PASS_ROOMS)
		// Neither room is on the day's public page.
		const page = await (await fetch(`${server.url}/ai-driven-development-day`)).text()
		expect(page).not.toContain(STREAM)
		expect(page).not.toContain(PASS_ROOMS)
	})
})
