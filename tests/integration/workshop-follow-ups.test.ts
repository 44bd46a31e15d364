/**
 * The workshop's "recording and the code of the live build, by e-mail" kept (issue 36, item 13b;
 * docs/decisions/157), through the real job code on a database of the test's own and a real SMTP
 * peer, with the test's own clock: once the owner has set a session's link and the session has
 * ended, each person signed up for it gets the follow-up once — with two workers at once too —
 * carrying the link and the session's own stop link; an address unsubscribed from news gets it
 * (it is what they signed up for, decision 149), one that stopped the session's e-mails does not.
 * Until the link is set the session waits for one. The events are this file's own. On PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { outbox } from '~/db/schema-leads.server'
import { jobDefinitions } from '~/job-worker.server'
import { ensurePeriodicJob } from '~/jobs/queue.server'
import { runDueJobs } from '~/jobs/worker.server'
import {
	followUpJob,
	followUpStates,
	sendDueFollowUps,
	setFollowUpLink,
} from '~/models/events/follow-ups.server'
import { saveLead } from '~/models/leads/leads.server'
import { verifyRemindersToken } from '~/models/links/preference-tokens.server'
import { unsubscribe } from '~/models/preferences/preferences.server'
import { stopReminders } from '~/models/preferences/reminder-stops.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, smtpInProcessSuite } from '../support/in-process'

const fixture = await vi.hoisted(async () => {
	const { testEvent: event } = await import('../support/event-fixtures')
	return [
		event('fu-a', 'workshop', '2030-06-10T17:00:00.000Z', '2030-06-10T19:00:00.000Z'),
		event('fu-b', 'workshop', '2030-06-11T17:00:00.000Z', '2030-06-11T19:00:00.000Z'),
		event('fu-c', 'workshop', '2030-06-12T17:00:00.000Z', '2030-06-12T19:00:00.000Z'),
		event('fu-d', 'workshop', '2030-06-13T17:00:00.000Z', '2030-06-13T19:00:00.000Z'),
		event('fu-de', 'workshop', '2030-06-15T17:00:00.000Z', '2030-06-15T19:00:00.000Z'),
		{
			...event('fu-cancelled', 'workshop', '2030-06-14T17:00:00.000Z', '2030-06-14T19:00:00.000Z'),
			status: 'cancelled' as const,
		},
	] satisfies SiteEvent[]
})

vi.mock('~/content/site-content.server', async (importOriginal) =>
	(await import('../support/event-fixtures')).contentWithEvents(() => fixture, importOriginal),
)

const ORIGIN = 'https://site.test'
const LINK = 'https://video.example/recording-42'
const owner = 'mona (GitHub #1001)'
const direct = { partnerKey: null, referralUrl: null, marketing: {} }
const endOf = (id: string) => Date.parse(fixture.find((event) => event.id === id)!.end)

describe.each(databaseBackends)('workshop follow-ups on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { env: { SITE_URL: ORIGIN } })
	const db = () => suite.database.db

	const signUp = (email: string, session: string, firstName = 'Ada') =>
		saveLead(db(), {
			email,
			list: 'workshop',
			firstName,
			attribution: direct,
			workshopSession: session,
		})
	const mails = (email: string) =>
		suite.smtp.mailTo(email).map((mail) => {
			const raw = decodedMail(mail.raw)
			return { raw, subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '' }
		})
	const stateOf = async (id: string, now: Date) =>
		(await followUpStates(db(), now)).find((row) => row.eventId === id)
	const due = async (now: Date) => {
		const written = await sendDueFollowUps(db(), { now, origin: ORIGIN })
		await drainJobs(suite.database)
		return written
	}

	test('once its link is set and the session has ended, each person signed up for it gets the follow-up with the link, once; not before the end, nor without a link', async () => {
		await signUp('ada@example.com', 'fu-a')
		await signUp('grace@example.com', 'fu-a', 'Grace')
		await signUp('other@example.com', 'fu-b')
		const during = new Date(endOf('fu-a') - 60_000)
		const after = new Date(endOf('fu-a') + 60_000)

		// Ended without a link: the dashboard shows it waiting, and nothing goes.
		expect(await stateOf('fu-a', during)).toMatchObject({ state: 'not-ended', link: null })
		expect(await stateOf('fu-a', after)).toMatchObject({ state: 'waiting', link: null, sent: 0 })
		expect(await due(after)).toBe(0)

		// Set during the session: nothing until it has ended.
		expect(await setFollowUpLink(db(), { eventId: 'fu-a', link: LINK, actor: owner })).toEqual({
			ok: true,
		})
		expect(await due(during)).toBe(0)
		expect(mails('ada@example.com')).toEqual([])

		expect(await due(after)).toBe(2)
		for (const [email, name] of [
			['ada@example.com', 'Ada'],
			['grace@example.com', 'Grace'],
		] as const) {
			const [mail, ...more] = mails(email)
			expect(more).toEqual([])
			expect(mail!.subject).toBe('The recording and the code: The test workshop')
			expect(mail!.raw).toContain(`Hi ${name},`)
			expect(mail!.raw).toContain(LINK)
			// The session's own stop link, as its reminders carry (decision 149).
			expect(mail!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
			const token = /https:\/\/site\.test\/unsubscribe\?token=([^\s>"]+)/.exec(mail!.raw)?.[1]
			expect(
				verifyRemindersToken(decodeURIComponent(token ?? ''), getConfig().SESSION_SECRET),
			).toEqual({ email, eventId: 'fu-a' })
		}
		// The other session's people get nothing of this session's.
		expect(mails('other@example.com')).toEqual([])
		// Later turns, and a later sign-up's address already served, write nothing again.
		expect(await due(new Date(after.getTime() + 3_600_000))).toBe(0)
		expect(mails('ada@example.com')).toHaveLength(1)
		expect(await stateOf('fu-a', after)).toMatchObject({ state: 'set', link: LINK, sent: 2 })
	})

	test('an address unsubscribed from news still gets it; one that stopped the session’s e-mails does not', async () => {
		await signUp('quiet@example.com', 'fu-b')
		await signUp('stopped@example.com', 'fu-b')
		await unsubscribe(db(), 'quiet@example.com')
		await stopReminders(db(), 'Stopped@Example.com', 'fu-b')
		await setFollowUpLink(db(), { eventId: 'fu-b', link: LINK, actor: owner })
		await due(new Date(endOf('fu-b') + 1))
		expect(mails('quiet@example.com').map((mail) => mail.subject)).toEqual([
			'The recording and the code: The test workshop',
		])
		expect(mails('stopped@example.com')).toEqual([])
	})

	test('someone who signed up on a German page gets the follow-up in German, an English one beside them in English (decision 177)', async () => {
		await saveLead(db(), {
			email: 'grete@example.com',
			list: 'workshop',
			firstName: 'Grete',
			attribution: direct,
			workshopSession: 'fu-de',
			locale: 'de-DE',
		})
		await signUp('english@example.com', 'fu-de')
		await setFollowUpLink(db(), { eventId: 'fu-de', link: LINK, actor: owner })
		await due(new Date(endOf('fu-de') + 1))
		const [german] = mails('grete@example.com')
		const text = Buffer.from(german!.raw, 'latin1').toString('utf8')
		expect(german!.subject).toBe('Die Aufzeichnung und der Code: The test workshop')
		expect(text).toContain('Hallo Grete,')
		expect(text).toContain('Wie versprochen, hier sind die Aufzeichnung und der Code')
		expect(text).toContain(LINK)
		expect(text).toContain('https://site.test/de/workshop')
		expect(mails('english@example.com').map((mail) => mail.subject)).toEqual([
			'The recording and the code: The test workshop',
		])
	})

	test('two workers at once write each follow-up once, through the periodic job follow-ups.send', async () => {
		await signUp('one@example.com', 'fu-c')
		await signUp('two@example.com', 'fu-c')
		await setFollowUpLink(db(), { eventId: 'fu-c', link: LINK, actor: owner })
		const now = new Date(endOf('fu-c') + 1)
		expect(jobDefinitions(db()).map((job) => job.kind)).toContain('follow-ups.send')
		const worker = () => ({
			db: db(),
			definitions: [
				...jobDefinitions(db()).filter((job) => job.kind !== 'follow-ups.send'),
				followUpJob(db(), () => now),
			],
			lockSeconds: 60,
		})
		await ensurePeriodicJob(db(), 'follow-ups.send')
		await jobsDueNow(suite.database)
		await Promise.all([
			runDueJobs(worker()),
			runDueJobs(worker()),
			sendDueFollowUps(db(), { now, origin: ORIGIN }),
		])
		await drainJobs(suite.database)
		for (const email of ['one@example.com', 'two@example.com']) {
			expect(mails(email)).toHaveLength(1)
			const rows = await db().select().from(outbox).where(eq(outbox.toAddress, email))
			expect(rows).toHaveLength(1)
		}
	})

	test('the owner’s link is refused for a session not the site’s or cancelled, cannot change once the follow-up went out, and every setting is in the audit log', async () => {
		expect(await setFollowUpLink(db(), { eventId: 'nope', link: LINK, actor: owner })).toEqual({
			ok: false,
			reason: 'unknown',
		})
		expect(
			await setFollowUpLink(db(), { eventId: 'fu-cancelled', link: LINK, actor: owner }),
		).toEqual({ ok: false, reason: 'cancelled' })
		expect((await followUpStates(db())).map((row) => row.eventId)).not.toContain('fu-cancelled')

		await signUp('late@example.com', 'fu-d')
		await setFollowUpLink(db(), {
			eventId: 'fu-d',
			link: 'https://video.example/first',
			actor: owner,
		})
		// Corrected before anything went out: the new link is the one sent.
		await setFollowUpLink(db(), { eventId: 'fu-d', link: LINK, actor: owner })
		await due(new Date(endOf('fu-d') + 1))
		expect(mails('late@example.com')[0]!.raw).toContain(LINK)
		expect(mails('late@example.com')[0]!.raw).not.toContain('https://video.example/first')
		expect(
			await setFollowUpLink(db(), {
				eventId: 'fu-d',
				link: 'https://video.example/x',
				actor: owner,
			}),
		).toEqual({ ok: false, reason: 'sent' })

		const lines = await db()
			.select()
			.from(ownerAuditLog)
			.where(eq(ownerAuditLog.target, 'event:fu-d'))
			.orderBy(ownerAuditLog.id)
		expect(lines.map((line) => [line.action, line.actor, line.before, line.after])).toEqual([
			['follow-up-link', owner, null, { link: 'https://video.example/first' }],
			['follow-up-link', owner, { link: 'https://video.example/first' }, { link: LINK }],
		])
	})
})
