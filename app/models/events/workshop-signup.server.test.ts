/**
 * A workshop sign-up is for one session (docs/decisions/110): the form's session, checked by
 * the server (it exists, has not begun, has a place), stored with the lead, named by the page
 * the visitor lands on and by the confirmation, which carries that session's calendar file alone.
 * The sessions are this file's own (content/site is the owner's, and its dates pass).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { type Database, openDatabase } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { leads, outbox } from '~/db/schema-leads.server'
import type { AttributionFacts } from '~/domain/attribution'
import { MESSAGES } from '~/forms/messages'
import type { FormValue } from '~/forms/registry'
import { findLead, signUp } from '~/models/leads/leads.server'
import { submitSignup } from '~/models/leads/signups.server'
import { verifyJoinToken } from '~/models/links/signed-token.server'
import { leaveInProcess, useInProcess } from '../../../tests/support/in-process'
import { isRegistered } from './registrants.server'
import { placesTaken, sessionHeadCounts, UNCONFIRMED_PLACES_PER_NETWORK } from './sessions.server'
import {
	confirmWorkshopSignup,
	moveWorkshopSignup,
	planWorkshopMove,
	readMoveLink,
} from './workshop-signup.server'

const fixture = vi.hoisted(() => {
	const day = 24 * 60 * 60 * 1000
	const at = (days: number) => new Date(Date.now() + days * day).toISOString()
	const session = (id: string, days: number, capacity?: number) => ({
		id,
		kind: 'workshop' as const,
		title: 'The test workshop',
		description: 'Live.',
		start: at(days),
		end: at(days + 0.1),
		timeZone: 'UTC',
		location: 'Online',
		joinUrl: `https://meet.example.com/${id}`,
		placeholder: false,
		capacity,
	})
	return [
		session('begun-session', -0.01),
		session('full-session', 1, 1),
		session('next-session', 2, 5),
		session('later-session', 10),
		session('capped-session', 3, 5),
		{ ...session('cancelled-session', 1.5), status: 'cancelled' as const },
	] satisfies SiteEvent[]
})

vi.mock('~/content/site-content.server', () => ({
	findEvent: (id: string) => fixture.find((event) => event.id === id),
	eventsOf: (kind: string, { after }: { after?: Date } = {}) =>
		fixture.filter(
			(event) => event.kind === kind && (!after || Date.parse(event.end) > after.getTime()),
		),
	workshopTitle: () => 'The test workshop',
}))

const attribution: AttributionFacts = { partnerKey: null, referralUrl: null, marketing: {} }
const origin = 'https://site.test'

describe('a workshop sign-up chooses a session', () => {
	let database: Database
	const submit = (value: FormValue<'workshopSignup'>) =>
		submitSignup(database.db, { value, list: 'workshop', attribution, origin })
	const mailTo = (to: string) =>
		database.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(outbox.id)

	beforeAll(async () => {
		useInProcess()
		database = await openDatabase({})
		await prepareDatabase(database)
		// The full session's one place is taken.
		await signUp(database.db, {
			email: 'first@example.com',
			list: 'workshop',
			attribution,
			origin,
			workshopSession: 'full-session',
		})
	})
	afterAll(async () => {
		await database?.close()
		leaveInProcess()
	})

	test('the session chosen is stored, the page landed on names it, and the confirmation carries its calendar file alone', async () => {
		const outcome = await submit({ email: 'Ada@Example.com', session: 'later-session' })
		expect(outcome).toEqual({
			status: 'ok',
			redirectTo: '/workshop/enrolled?session=later-session',
		})
		expect(await findLead(database.db, 'ada@example.com', 'workshop')).toMatchObject({
			workshopSession: 'later-session',
		})
		const [mail] = await mailTo('ada@example.com')
		expect(mail?.textBody).toContain("You're signed up for The test workshop.")
		expect(mail?.attachments?.map((file) => file.filename)).toEqual(['later-session.ics'])
		const ics = mail!.attachments![0]!.content
		expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1)
		expect(ics).toContain('UID:later-session@site.test')
		// The registrant's signed joining page, never the session's own link (docs/decisions/116).
		expect(ics).not.toContain('https://meet.example.com/later-session')
		const joinPage = /URL:(\S+)/.exec(ics.replace(/\r\n[ \t]/g, ''))![1]!
		expect(joinPage).toMatch(/^https:\/\/site\.test\/join\?token=/)
		const token = new URL(joinPage).searchParams.get('token')
		expect(verifyJoinToken(token, getConfig().SESSION_SECRET)).toMatchObject({
			ok: true,
			email: 'ada@example.com',
			eventId: 'later-session',
		})
	})

	test('no session sent: the nearest one not begun with a place left', async () => {
		const outcome = await submit({ email: 'grace@example.com' })
		expect(outcome).toMatchObject({ redirectTo: '/workshop/enrolled?session=next-session' })
	})

	test.each([
		['a forged session id', 'no-such-session', MESSAGES.workshopSessionUnknown],
		['a value no session id could be', 'not a session!', MESSAGES.workshopSessionUnknown],
		['a session that has begun', 'begun-session', MESSAGES.workshopSessionBegun],
		['a full session', 'full-session', MESSAGES.workshopSessionFull],
		['a cancelled session', 'cancelled-session', MESSAGES.workshopSessionUnknown],
	])('%s is refused next to the field and nothing is stored', async (_, session, message) => {
		const outcome = await submit({ email: 'lin@example.com', firstName: 'Lin', session })
		expect(outcome).toEqual({ status: 'refused', fieldErrors: { session: [message] } })
		expect(await findLead(database.db, 'lin@example.com', 'workshop')).toBeNull()
		expect(await mailTo('lin@example.com')).toEqual([])
	})

	test('a second sign-up for a known address changes nothing until the link in the e-mail to that address is followed', async () => {
		await submit({ email: 'mover@example.com', firstName: 'Ada', session: 'next-session' })
		await submit({ email: 'mover@example.com', session: 'next-session' })
		expect(await mailTo('mover@example.com')).toHaveLength(1)
		expect(await confirmWorkshopSignup(database.db, 'mover@example.com')).toMatchObject({
			status: 'confirmed',
		})
		const before = await findLead(database.db, 'mover@example.com', 'workshop')
		const nextSession = fixture.find((event) => event.id === 'next-session')!
		expect(await isRegistered(database.db, nextSession, 'mover@example.com')).toBe(true)

		// Someone else types the address, another session and another name.
		const outcome = await submit({
			email: 'Mover@Example.com',
			firstName: 'Hacked',
			session: 'later-session',
		})
		// The answer a new address gets: nothing tells whether this one was known.
		const stranger = await submit({ email: 'new.person@example.com', session: 'later-session' })
		expect(outcome).toEqual(stranger)
		expect(outcome).toEqual({
			status: 'ok',
			redirectTo: '/workshop/enrolled?session=later-session',
		})
		expect(await findLead(database.db, 'mover@example.com', 'workshop')).toEqual(before)
		expect(await isRegistered(database.db, nextSession, 'mover@example.com')).toBe(true)

		// The address is asked, by its stored name, with a link that moves it.
		const offer = (await mailTo('mover@example.com')).at(-1)!
		expect(offer.subject).toBe('You are already signed up for The test workshop')
		expect(offer.textBody).toContain('Hi Ada,')
		expect(offer.textBody).not.toContain('Hacked')
		expect(offer.textBody).toMatch(
			/You are already signed up for The test workshop on .+ — move to .+\?/,
		)
		const moveUrl = /https:\/\/site\.test\/workshop\/move\?token=\S+/.exec(offer.textBody)![0]
		const link = readMoveLink(new URL(moveUrl).searchParams.get('token'))
		expect(link).toMatchObject({ ok: true, session: 'later-session' })
		if (!link.ok) return
		// Opening the page changes nothing; its button moves the place.
		expect(await planWorkshopMove(database.db, link)).toMatchObject({ status: 'ready' })
		expect(await findLead(database.db, 'mover@example.com', 'workshop')).toEqual(before)
		expect(await moveWorkshopSignup(database.db, link, origin)).toBe('moved')
		expect(await findLead(database.db, 'mover@example.com', 'workshop')).toMatchObject({
			workshopSession: 'later-session',
			firstName: 'Ada',
		})
		expect(await isRegistered(database.db, nextSession, 'mover@example.com')).toBe(false)
		const moved = (await mailTo('mover@example.com')).at(-1)!
		expect(moved.textBody).toContain('Hi Ada,')
		expect(moved.attachments?.map((file) => file.filename)).toEqual(['later-session.ics'])
		// The same link again moves nothing more.
		expect(await moveWorkshopSignup(database.db, link, origin)).toBe('already')
	})

	test("the owner's head count per session counts each session's sign-ups, every session listed", async () => {
		// The form's sign-ups are unconfirmed (decision 131): held, and shown apart.
		const counts = await sessionHeadCounts(database.db)
		expect(
			counts.map(({ id, count, awaiting, capacity }) => ({ id, count, awaiting, capacity })),
		).toEqual([
			{ id: 'begun-session', count: 0, awaiting: 0, capacity: null },
			{ id: 'full-session', count: 0, awaiting: 1, capacity: 1 },
			{ id: 'next-session', count: 0, awaiting: 1, capacity: 5 },
			{ id: 'later-session', count: 1, awaiting: 2, capacity: null },
			{ id: 'capped-session', count: 0, awaiting: 0, capacity: 5 },
			{ id: 'cancelled-session', count: 0, awaiting: 0, capacity: null },
		])
	})

	test('a forged or cut move link moves nobody', async () => {
		expect(readMoveLink('not-a-token')).toEqual({ ok: false, reason: 'invalid' })
		expect(readMoveLink(undefined)).toEqual({ ok: false, reason: 'invalid' })
	})

	test('a hundred sign-ups from one network with invented addresses cannot fill a session; a real person still gets a place', async () => {
		const fromOneNetwork = { clientIp: '203.0.113.7' }
		for (let index = 0; index < 100; index++) {
			const outcome = await submitSignup(database.db, {
				value: { email: `bot${index}@invented.example`, session: 'capped-session' },
				list: 'workshop',
				attribution,
				origin,
				...fromOneNetwork,
			})
			expect(outcome.status).toBe('ok')
		}
		const taken = async () =>
			(await placesTaken(database.db, ['capped-session'])).get('capped-session')
		expect(await taken()).toBe(UNCONFIRMED_PLACES_PER_NETWORK)
		const real = await submitSignup(database.db, {
			value: { email: 'real.person@example.com', session: 'capped-session' },
			list: 'workshop',
			attribution,
			origin,
			clientIp: '198.51.100.20',
		})
		expect(real).toEqual({ status: 'ok', redirectTo: '/workshop/enrolled?session=capped-session' })
		expect(await taken()).toBe(UNCONFIRMED_PLACES_PER_NETWORK + 1)
		// A sign-up past its network's share holds its place once its address confirms.
		expect(await confirmWorkshopSignup(database.db, 'bot99@invented.example')).toMatchObject({
			status: 'confirmed',
		})
		expect(await taken()).toBe(UNCONFIRMED_PLACES_PER_NETWORK + 2)
	})

	test('an unconfirmed place stops counting when its time is up; confirming takes it back while one is left', async () => {
		const taken = async () =>
			(await placesTaken(database.db, ['capped-session'])).get('capped-session')
		const before = await taken()
		await database.db
			.update(leads)
			.set({ placeExpiresAt: new Date(Date.now() - 1000) })
			.where(eq(leads.email, 'real.person@example.com'))
		expect(await taken()).toBe(before! - 1)
		const capped = fixture.find((event) => event.id === 'capped-session')!
		// Not confirmed: no reminder, and its joining link shows nothing (decision 116).
		expect(await isRegistered(database.db, capped, 'real.person@example.com')).toBe(false)
		expect(await confirmWorkshopSignup(database.db, 'real.person@example.com')).toMatchObject({
			status: 'confirmed',
		})
		expect(await taken()).toBe(before)
		expect(await isRegistered(database.db, capped, 'real.person@example.com')).toBe(true)
		// The session is full now (5): a held place past its time finds none when confirmed.
		await database.db
			.update(leads)
			.set({ placeExpiresAt: new Date(Date.now() - 1000) })
			.where(eq(leads.email, 'bot0@invented.example'))
		await submitSignup(database.db, {
			value: { email: 'another@example.com', session: 'capped-session' },
			list: 'workshop',
			attribution,
			origin,
			clientIp: '192.0.2.1',
		})
		expect(await taken()).toBe(5)
		expect(await confirmWorkshopSignup(database.db, 'bot0@invented.example')).toEqual({
			status: 'full',
			session: 'capped-session',
		})
	})

	test('the confirmation of a form sign-up carries the link that confirms the place', async () => {
		const [mail] = await mailTo('ada@example.com')
		const url = /https:\/\/site\.test\/workshop\/confirm\?token=\S+/.exec(mail!.textBody)
		expect(url).not.toBeNull()
		expect(mail!.textBody).toContain('Your place is held for you until')
	})

	test('someone in a full session who signs up again keeps their place', async () => {
		const outcome = await submit({ email: 'first@example.com', session: 'full-session' })
		expect(outcome).toMatchObject({ redirectTo: '/workshop/enrolled?session=full-session' })
	})
})

describe("the owner's head count follows the seat rules (docs/decisions/131)", () => {
	let database: Database
	beforeAll(async () => {
		useInProcess()
		database = await openDatabase({})
		await prepareDatabase(database)
	})
	afterAll(async () => {
		await database?.close()
		leaveInProcess()
	})

	test('confirmed places are the head count, unconfirmed ones still held are shown apart, expired ones not at all', async () => {
		const signUpFor = (email: string, confirmed = false) =>
			signUp(database.db, {
				email,
				list: 'workshop',
				attribution,
				origin,
				workshopSession: 'later-session',
				confirmed,
			})
		// One place by a one-click link, one confirmed from the e-mail, two held, one expired.
		await signUpFor('one-click@example.com', true)
		for (const email of ['mailed', 'held-1', 'held-2', 'expired'])
			await signUpFor(`${email}@example.com`)
		await confirmWorkshopSignup(database.db, 'mailed@example.com')
		await database.db
			.update(leads)
			.set({ placeExpiresAt: new Date(Date.now() - 1000) })
			.where(eq(leads.email, 'expired@example.com'))

		const counts = await sessionHeadCounts(database.db)
		expect(counts.find((row) => row.id === 'later-session')).toMatchObject({
			count: 2,
			awaiting: 2,
		})
		// The same numbers as the seat rules': the form's count of places taken.
		expect((await placesTaken(database.db, ['later-session'])).get('later-session')).toBe(4)
		expect(counts.find((row) => row.id === 'next-session')).toMatchObject({
			count: 0,
			awaiting: 0,
		})
	})
})
