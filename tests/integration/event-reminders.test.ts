/**
 * Reminders with the joining link (issue 25, item 2; docs/decisions/116), through the real job
 * code on a database of the test's own and a real SMTP peer, with the test's own clock: the day
 * before and an hour before, each registrant of a workshop session and each day-pass holder gets
 * each reminder once — with two workers at once and after a restart — carrying their own signed
 * joining link; nothing after the start (a server down through a window sends only what is still
 * true); nothing to an unsubscribed address; a reminder the mail server did not take before the
 * start is given up. The events are this file's own (content/site is the owner's, and its dates
 * pass). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { passes } from '~/db/schema.server'
import { outbox } from '~/db/schema-leads.server'
import { eventReminders } from '~/db/schema-reminders.server'
import { jobDefinitions } from '~/job-worker.server'
import { ensurePeriodicJob } from '~/jobs/queue.server'
import { runDueJobs } from '~/jobs/worker.server'
import { claimPass, createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { refundOrder } from '~/models/checkout/order-actions.server'
import { eventReminderJob } from '~/models/events/reminder-job.server'
import { isRegistered, reminderDue, sendDueReminders } from '~/models/events/reminders.server'
import { saveLead } from '~/models/leads/leads.server'
import {
	verifyRemindersToken,
	verifyUnsubscribeToken,
} from '~/models/links/preference-tokens.server'
import { verifyJoinToken } from '~/models/links/signed-token.server'
import { unsubscribe } from '~/models/preferences/preferences.server'
import { resumeReminders, stopReminders } from '~/models/preferences/reminder-stops.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, smtpInProcessSuite } from '../support/in-process'

const fixture = await vi.hoisted(async () => {
	const { testEvent: event } = await import('../support/event-fixtures')
	return [
		event('session-a', 'workshop', '2030-06-10T17:00:00.000Z', '2030-06-10T19:00:00.000Z'),
		event('session-b', 'workshop', '2030-06-11T17:00:00.000Z', '2030-06-11T19:00:00.000Z'),
		event('session-c', 'workshop', '2030-06-12T17:00:00.000Z', '2030-06-12T19:00:00.000Z'),
		event('session-d', 'workshop', '2030-06-13T17:00:00.000Z', '2030-06-13T19:00:00.000Z'),
		event('session-e', 'workshop', '2030-06-14T17:00:00.000Z', '2030-06-14T19:00:00.000Z'),
		event('session-f', 'workshop', '2030-06-15T17:00:00.000Z', '2030-06-15T19:00:00.000Z'),
		event('the-day', 'day', '2030-07-01T08:00:00.000Z', '2030-07-01T16:00:00.000Z'),
	] satisfies SiteEvent[]
})

vi.mock('~/content/site-content.server', async (importOriginal) =>
	(await import('../support/event-fixtures')).contentWithEvents(() => fixture, importOriginal),
)

const ORIGIN = 'https://site.test'
const PASS = 'ai-driven-development-day-pass'
const HOUR = 3_600_000
const direct = { partnerKey: null, referralUrl: null, marketing: {} }
const eventOf = (id: string) => fixture.find((event) => event.id === id)!
/** `hours` before (negative: after) the start of `id`. */
const hoursBefore = (id: string, hours: number) =>
	new Date(Date.parse(eventOf(id).start) - hours * HOUR)

describe('which reminder is due', () => {
	const event = { start: '2030-06-10T17:00:00.000Z' }
	test.each([
		[25, null],
		[24, 'day_before'],
		[20, 'day_before'],
		[1.01, 'day_before'],
		[1, 'hour_before'],
		[0.5, 'hour_before'],
		[0, null],
		[-0.1, null],
	])('%s hours before the start: %s', (hours, due) => {
		expect(reminderDue(event, new Date(Date.parse(event.start) - hours * HOUR))).toBe(due)
	})
})

describe.each(databaseBackends)('reminders with the joining link on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { env: { SITE_URL: ORIGIN } })
	let now = new Date()

	const signUp = (email: string, session: string, firstName = 'Ada') =>
		saveLead(suite.database.db, {
			email,
			list: 'workshop',
			firstName,
			attribution: direct,
			workshopSession: session,
		})
	/** One app server's worker: every job of the site, the reminders' on the test's clock. */
	const worker = () => ({
		db: suite.database.db,
		definitions: [
			...jobDefinitions(suite.database.db).filter((job) => job.kind !== 'reminders.send'),
			eventReminderJob(suite.database.db, () => now),
		],
		lockSeconds: 60,
	})
	/** The periodic job's next turn, on one worker; then everything written is delivered. */
	const turn = async () => {
		await ensurePeriodicJob(suite.database.db, 'reminders.send')
		await jobsDueNow(suite.database)
		await runDueJobs(worker())
		await drainJobs(suite.database)
	}
	const reminders = (email: string) =>
		suite.smtp.mailTo(email).map((mail) => {
			const raw = decodedMail(mail.raw)
			return { raw, subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '' }
		})
	const joinTokenIn = (raw: string) => {
		const url = /https:\/\/site\.test\/join\?token=([^\s"<>]+)/.exec(raw)?.[1]
		return url ? decodeURIComponent(url) : null
	}

	test('the day before, each registrant of the session gets one reminder with their own signed joining link, and no one else does', async () => {
		await signUp('ada@example.com', 'session-a')
		await signUp('grace@example.com', 'session-a', 'Grace')
		await signUp('other@example.com', 'session-b')
		now = hoursBefore('session-a', 20)
		await turn()

		for (const email of ['ada@example.com', 'grace@example.com']) {
			const [mail, ...more] = reminders(email)
			expect(more).toHaveLength(0)
			expect(mail!.subject).toMatch(/^Reminder: The test workshop starts within a day$/)
			expect(mail!.raw).toContain('Open your joining link')
			expect(mail!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
			// Their own signed link, never the session's own joining link.
			expect(mail!.raw).not.toContain('meet.example.com')
			expect(verifyJoinToken(joinTokenIn(mail!.raw), getConfig().SESSION_SECRET)).toEqual({
				ok: true,
				email,
				eventId: 'session-a',
			})
		}
		expect(reminders('other@example.com')).toHaveLength(0)
		// The next turns, the same day: nothing again.
		await turn()
		await turn()
		expect(reminders('ada@example.com')).toHaveLength(1)
	})

	test('two workers at once, and the job again after a restart, send each reminder once', async () => {
		const people = Array.from({ length: 8 }, (_, index) => `twice-${index}@example.com`)
		for (const email of people) await signUp(email, 'session-b')
		now = hoursBefore('session-b', 0.5)
		await ensurePeriodicJob(suite.database.db, 'reminders.send')
		await jobsDueNow(suite.database)
		// Two app servers' workers poll at once, and two sweeps race (a lapsed claim run again).
		await Promise.all([
			runDueJobs(worker()),
			runDueJobs(worker()),
			sendDueReminders(suite.database.db, { now, origin: ORIGIN }),
			sendDueReminders(suite.database.db, { now, origin: ORIGIN }),
		])
		// A restart: a new worker with the job due again.
		await turn()
		for (const email of people) {
			const mails = reminders(email)
			expect(mails, email).toHaveLength(1)
			expect(mails[0]!.subject).toBe('Starting within the hour: The test workshop')
		}
		const rows = await suite.database.db
			.select()
			.from(eventReminders)
			.where(eq(eventReminders.eventId, 'session-b'))
		expect(rows).toHaveLength(people.length + 1) // and other@ from the first test
		expect(rows.every((row) => row.reminder === 'hour_before' && row.outboxId !== null)).toBe(true)
	})

	test('a server down through both windows sends nothing after the start, and one back 30 minutes before sends only the hour’s reminder', async () => {
		await signUp('late@example.com', 'session-c')
		await signUp('missed@example.com', 'session-d')
		now = hoursBefore('session-c', 0.5)
		await turn()
		expect(reminders('late@example.com').map((mail) => mail.subject)).toEqual([
			'Starting within the hour: The test workshop',
		])
		now = hoursBefore('session-d', -0.02)
		await turn()
		expect(reminders('missed@example.com')).toHaveLength(0)
		// And never later either.
		now = hoursBefore('session-d', -30)
		await turn()
		expect(reminders('missed@example.com')).toHaveLength(0)
	})

	test('a server down from before the day-before window until three hours before the start sends the day-before reminder late, then the hour’s in its window', async () => {
		await signUp('back.early@example.com', 'session-f')
		// Down from 30 hours before to 3 hours before: the day-before window is still open.
		now = hoursBefore('session-f', 30)
		await turn()
		expect(reminders('back.early@example.com')).toHaveLength(0)
		now = hoursBefore('session-f', 3)
		await turn()
		expect(reminders('back.early@example.com').map((mail) => mail.subject)).toEqual([
			'Reminder: The test workshop starts within a day',
		])
		now = hoursBefore('session-f', 0.9)
		await turn()
		expect(reminders('back.early@example.com').map((mail) => mail.subject)).toEqual([
			'Reminder: The test workshop starts within a day',
			'Starting within the hour: The test workshop',
		])
	})

	test('unsubscribing from news stops no reminder: an unsubscribed registrant still gets the reminder with their joining link, whose one-click link is the event’s', async () => {
		await signUp('quiet@example.com', 'session-e')
		await signUp('Loud@example.com', 'session-e')
		await unsubscribe(suite.database.db, 'Quiet+x@Example.com')
		now = hoursBefore('session-e', 10)
		await turn()
		for (const email of ['quiet@example.com', 'loud@example.com']) {
			const [mail, ...more] = reminders(email)
			expect(more, email).toHaveLength(0)
			expect(mail!.subject).toBe('Reminder: The test workshop starts within a day')
			expect(verifyJoinToken(joinTokenIn(mail!.raw), getConfig().SESSION_SECRET)).toMatchObject({
				ok: true,
				eventId: 'session-e',
			})
			// The one-click link and the footer are this event's: they stop its reminders, not news.
			const oneClick =
				/^List-Unsubscribe:\s*<https:\/\/site\.test\/unsubscribe\?token=([^>]+)>/m.exec(
					mail!.raw.replace(/\r?\n[ \t]+/g, ''),
				)?.[1]
			const secret = getConfig().SESSION_SECRET
			expect(verifyRemindersToken(decodeURIComponent(oneClick!), secret)).toEqual({
				email,
				eventId: 'session-e',
			})
			expect(verifyUnsubscribeToken(decodeURIComponent(oneClick!), secret)).toBeNull()
			expect(mail!.raw).toContain('Stop reminders for this event or manage your e-mail preferences')
		}
	})

	test('stopping the reminders of one event stops that event’s only, gives up one still waiting, and resuming them brings the next', async () => {
		await signUp('chooser@example.com', 'session-e')
		await saveLead(suite.database.db, {
			email: 'chooser@example.com',
			list: 'day_event',
			attribution: direct,
			confirmed: true,
		})
		now = hoursBefore('session-e', 0.9)
		await ensurePeriodicJob(suite.database.db, 'reminders.send')
		await jobsDueNow(suite.database)
		await runDueJobs(worker())
		// The hour's reminder is written; the person stops this event's reminders before it leaves.
		await stopReminders(suite.database.db, 'Chooser+x@example.com', 'session-e')
		await drainJobs(suite.database)
		expect(reminders('chooser@example.com')).toHaveLength(0)
		const [givenUp] = await suite.database.db
			.select()
			.from(outbox)
			.where(eq(outbox.toAddress, 'chooser@example.com'))
		expect(givenUp).toMatchObject({
			sentAt: null,
			lastError: 'The recipient stopped these reminders',
		})
		// The day's reminders, another event, still come.
		now = hoursBefore('the-day', 10)
		await turn()
		expect(reminders('chooser@example.com').map((mail) => mail.subject)).toEqual([
			'Reminder: The test day starts within a day',
		])
		// Stopped, then resumed: the next turn sends the one due.
		await stopReminders(suite.database.db, 'chooser@example.com', 'the-day')
		now = hoursBefore('the-day', 0.5)
		await turn()
		expect(reminders('chooser@example.com')).toHaveLength(1)
		await resumeReminders(suite.database.db, 'chooser@example.com', 'the-day')
		await turn()
		expect(reminders('chooser@example.com').map((mail) => mail.subject)).toEqual([
			'Reminder: The test day starts within a day',
			'Starting within the hour: The test day',
		])
	})

	test('a reminder the mail server did not take before the start is given up, not sent late', async () => {
		await signUp('slow@example.com', 'session-e')
		now = hoursBefore('session-e', 0.9)
		await ensurePeriodicJob(suite.database.db, 'reminders.send')
		await jobsDueNow(suite.database)
		await runDueJobs(worker())
		const [row] = await suite.database.db
			.select()
			.from(outbox)
			.where(and(eq(outbox.toAddress, 'slow@example.com'), eq(outbox.kind, 'reminderHourBefore')))
		expect(row!.notAfter).toEqual(new Date(eventOf('session-e').start))
		// The start passes while the message waits (the mail server was down).
		await suite.database.db
			.update(outbox)
			.set({ notAfter: sql`now() - interval '1 second'` })
			.where(eq(outbox.id, row!.id))
		await drainJobs(suite.database)
		expect(reminders('slow@example.com')).toHaveLength(0)
		const [given] = await suite.database.db.select().from(outbox).where(eq(outbox.id, row!.id))
		expect(given).toMatchObject({ sentAt: null, failedAt: expect.any(Date) })
	})

	test('confirmed registrants of the day and day-pass holders get its reminders; an unconfirmed registrant, a refunded pass’s holder and a buyer get none', async () => {
		const register = (email: string, confirmed: boolean) =>
			saveLead(suite.database.db, { email, list: 'day_event', attribution: direct, confirmed })
		await register('confirmed@example.com', true)
		await register('unconfirmed@example.com', false)
		const buy = async (email: string) => {
			const { id } = await createCheckout(suite.database.db, {
				code: PASS,
				quantity: 2,
				region: 'GLOBAL',
				origin: ORIGIN,
			})
			await recordSandboxPayment(suite.database.db, id, { email })
			const ids = await suite.database.db
				.select({ id: passes.id })
				.from(passes)
				.where(eq(passes.orderId, id))
			return { id, passes: ids.map((pass) => pass.id) }
		}
		const kept = await buy('buyer@example.com')
		const refunded = await buy('refunded-buyer@example.com')
		await claimPass(
			suite.database.db,
			kept.passes[0]!,
			{ name: 'Hedy Lamarr', email: 'hedy@example.com' },
			ORIGIN,
		)
		await claimPass(
			suite.database.db,
			refunded.passes[0]!,
			{ name: 'Alan', email: 'alan@example.com' },
			ORIGIN,
		)
		expect((await refundOrder(suite.database.db, { name: 'owner' }, refunded.id)).ok).toBe(true)
		await drainJobs(suite.database)
		suite.smtp.received.length = 0

		expect(await isRegistered(suite.database.db, eventOf('the-day'), 'hedy@example.com')).toBe(true)
		expect(await isRegistered(suite.database.db, eventOf('the-day'), 'alan@example.com')).toBe(
			false,
		)
		now = hoursBefore('the-day', 23)
		await turn()
		const [mail, ...more] = reminders('hedy@example.com')
		expect(more).toHaveLength(0)
		expect(mail!.subject).toMatch(/^Reminder: The test day starts within a day$/)
		expect(mail!.raw).toContain('Hi Hedy,')
		expect(verifyJoinToken(joinTokenIn(mail!.raw), getConfig().SESSION_SECRET)).toMatchObject({
			ok: true,
			eventId: 'the-day',
		})
		expect(reminders('alan@example.com')).toHaveLength(0)
		expect(reminders('buyer@example.com')).toHaveLength(0)
		expect(reminders('confirmed@example.com').map((mail) => mail.subject)).toEqual([
			'Reminder: The test day starts within a day',
		])
		expect(reminders('unconfirmed@example.com')).toHaveLength(0)
	})
})
