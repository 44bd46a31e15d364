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
import type { Locale } from '~/domain/locale'
import { jobDefinitions } from '~/job-worker.server'
import { ensurePeriodicJob } from '~/jobs/queue.server'
import { runDueJobs } from '~/jobs/worker.server'
import { claimPass, createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { refundOrder } from '~/models/checkout/order-actions.server'
import { joiningRooms } from '~/models/events/join-link.server'
import { isRegistered, registrationOf } from '~/models/events/registrants.server'
import { eventReminderJob } from '~/models/events/reminder-job.server'
import { reminderDue, sendDueReminders } from '~/models/events/reminders.server'
import { saveLead } from '~/models/leads/leads.server'
import {
	verifyRemindersToken,
	verifyUnsubscribeToken,
} from '~/models/links/preference-tokens.server'
import { createJoinToken, verifyJoinToken } from '~/models/links/signed-token.server'
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
		event('session-g', 'workshop', '2030-06-16T17:00:00.000Z', '2030-06-16T19:00:00.000Z'),
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
		// A German reminder links the German joining page (decision 178).
		const url = /https:\/\/site\.test(?:\/de)?\/join\?token=([^\s"<>]+)/.exec(raw)?.[1]
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

	test('a lead who signed up on a German page gets both reminders in German, an English one beside them in English', async () => {
		await saveLead(suite.database.db, {
			email: 'grete@example.com',
			list: 'workshop',
			firstName: 'Grete',
			attribution: direct,
			workshopSession: 'session-g',
			locale: 'de-DE',
		})
		await signUp('ann@example.com', 'session-g', 'Ann')
		now = hoursBefore('session-g', 20)
		await turn()
		now = hoursBefore('session-g', 0.5)
		await turn()
		const german = reminders('grete@example.com').map((mail) => ({
			...mail,
			raw: Buffer.from(mail.raw, 'latin1').toString('utf8'),
		}))
		expect(german.map((mail) => mail.subject)).toHaveLength(2)
		const [dayBefore, hourBefore] = german
		expect(dayBefore!.raw).toContain('Hallo Grete,')
		expect(dayBefore!.raw).toContain('Ihren Link zur Teilnahme öffnen')
		// The date in German, the event page German, the footer's stop line German.
		expect(dayBefore!.raw).toMatch(
			/(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d+\. /,
		)
		expect(dayBefore!.raw).toContain(`${ORIGIN}/de/workshop`)
		expect(dayBefore!.raw).toContain('Erinnerungen an diese Veranstaltung abbestellen')
		expect(dayBefore!.raw).not.toContain('Open your joining link')
		expect(dayBefore!.raw).toContain(`${ORIGIN}/de/join?token=`)
		expect(dayBefore!.raw).not.toContain(`${ORIGIN}/join?token=`)
		expect(verifyJoinToken(joinTokenIn(dayBefore!.raw), getConfig().SESSION_SECRET)).toMatchObject({
			ok: true,
			email: 'grete@example.com',
		})
		expect(hourBefore!.raw).toContain('beginnt in weniger als einer Stunde')
		const [english] = reminders('ann@example.com')
		expect(english!.subject).toMatch(/^Reminder: /)
		expect(english!.raw).toContain('Open your joining link')
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

	test('confirmed registrants of the day, day-pass holders and the buyer of a pass not claimed yet get its reminders; an unconfirmed registrant and a refunded pass’s holder get none', async () => {
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
		// Its second pass is not claimed: its buyer stands in for its holder (decision 155).
		const [toBuyer, ...moreToBuyer] = reminders('buyer@example.com')
		expect(moreToBuyer).toHaveLength(0)
		expect(toBuyer!.raw).toContain('You bought 1 pass that nobody has claimed yet.')
		expect(reminders('refunded-buyer@example.com')).toHaveLength(0)
		expect(reminders('confirmed@example.com').map((mail) => mail.subject)).toEqual([
			'Reminder: The test day starts within a day',
		])
		expect(reminders('unconfirmed@example.com')).toHaveLength(0)
	})

	/** A paid order of `quantity` day passes by `email`: its id and its passes' ids. */
	const buyPasses = async (email: string, quantity: number, locale: Locale = 'en-US') => {
		const { id } = await createCheckout(suite.database.db, {
			code: PASS,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
			locale,
		})
		await recordSandboxPayment(suite.database.db, id, { email })
		const rows = await suite.database.db
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, id))
		await drainJobs(suite.database)
		return { id, passes: rows.map((row) => row.id) }
	}
	const claim = (pass: string, name: string, email: string, locale?: Locale) =>
		claimPass(suite.database.db, pass, { name, email }, ORIGIN, locale)
	/** A message as its reader sees it: read as UTF-8. */
	const german = (mail: { raw: string; subject: string }) => ({
		...mail,
		raw: Buffer.from(mail.raw, 'latin1').toString('utf8'),
	})
	const rooms = async (raw: string) => {
		const verified = verifyJoinToken(joinTokenIn(raw), getConfig().SESSION_SECRET)
		if (!verified.ok) return null
		const registration = await registrationOf(suite.database.db, eventOf('the-day'), verified.email)
		return registration
			? joiningRooms(eventOf('the-day'), verified.access, registration.access).map(
					(room) => room.url,
				)
			: null
	}

	test('a buyer of 3 passes nobody claimed gets one reminder of each kind, not three, saying 3 are still to hand out and how, with a pass’s joining link; once they are claimed, the holders get them and the buyer none', async () => {
		const order = await buyPasses('team-lead@example.com', 3)
		now = hoursBefore('the-day', 22)
		await turn()
		await turn()
		const [dayBefore, ...more] = reminders('team-lead@example.com').filter((mail) =>
			mail.subject.startsWith('Reminder:'),
		)
		expect(more).toHaveLength(0)
		expect(dayBefore!.raw).toContain('You bought 3 passes that nobody has claimed yet.')
		expect(dayBefore!.raw).toContain('send each person their own pass link from your order page')
		expect(dayBefore!.raw).toContain(`https://site.test/checkout/${order.id}/thank-you?key=`)
		expect(verifyJoinToken(joinTokenIn(dayBefore!.raw), getConfig().SESSION_SECRET)).toEqual({
			ok: true,
			email: 'team-lead@example.com',
			eventId: 'the-day',
			access: 'pass',
		})
		expect(await rooms(dayBefore!.raw)).toEqual([
			'https://rooms.example.com/the-day',
			'https://meet.example.com/the-day',
		])

		for (const [index, pass] of order.passes.entries())
			await claim(pass, `Member ${index}`, `member-${index}@example.com`)
		await drainJobs(suite.database)
		now = hoursBefore('the-day', 0.5)
		await turn()
		expect(
			reminders('team-lead@example.com').filter((mail) => mail.subject.startsWith('Starting')),
		).toHaveLength(0)
		for (const index of [0, 1, 2]) {
			const hour = reminders(`member-${index}@example.com`).filter((mail) =>
				mail.subject.startsWith('Starting within the hour'),
			)
			expect(hour).toHaveLength(1)
			expect(hour[0]!.raw).not.toContain('nobody has claimed')
			expect(verifyJoinToken(joinTokenIn(hour[0]!.raw), getConfig().SESSION_SECRET)).toMatchObject({
				access: 'pass',
			})
		}
		// The buyer's link of before opens nothing now: every pass is someone else's.
		expect(await rooms(dayBefore!.raw)).toBeNull()
	})

	test('a buyer who bought on a German page gets the day’s reminder in German, with the passes still to hand out', async () => {
		await buyPasses('einkauf@example.com', 2, 'de-DE')
		now = hoursBefore('the-day', 22)
		await turn()
		const [dayBefore, ...more] = reminders('einkauf@example.com')
			.filter((mail) => mail.subject.startsWith('Erinnerung:'))
			.map((mail) => ({ ...mail, raw: Buffer.from(mail.raw, 'latin1').toString('utf8') }))
		expect(more).toHaveLength(0)
		expect(reminders('einkauf@example.com').map((mail) => mail.subject)).not.toContainEqual(
			expect.stringMatching(/^Reminder: /),
		)
		expect(dayBefore!.raw).toContain('Sie haben 2 Pässe gekauft, die noch niemand beansprucht hat.')
		expect(dayBefore!.raw).toContain('Ihre Bestellseite')
		expect(dayBefore!.raw).not.toContain('nobody has claimed')
	})

	test('a holder who claimed their pass on its German page gets both reminders in German with their joining link; one who claimed on the English page in English (decision 177)', async () => {
		const order = await buyPasses('chef@example.com', 2)
		await claim(order.passes[0]!, 'Grete Weber', 'grete@example.com', 'de-DE')
		await claim(order.passes[1]!, 'Ada Byron', 'ada-holder@example.com')
		await drainJobs(suite.database)
		now = hoursBefore('the-day', 22)
		await turn()
		now = hoursBefore('the-day', 0.5)
		await turn()
		const gretes = reminders('grete@example.com')
			.filter((mail) => /^(Erinnerung|Beginnt)/.test(mail.subject))
			.map(german)
		expect(gretes.map((mail) => mail.subject)).toEqual([
			'Erinnerung: The test day beginnt in weniger als einem Tag',
			'Beginnt in weniger als einer Stunde: The test day',
		])
		expect(gretes[0]!.raw).toContain('Hallo Grete,')
		expect(gretes[0]!.raw).toContain('Ihren Link zur Teilnahme öffnen')
		expect(gretes[0]!.raw).toContain('https://site.test/de/ai-driven-development-day')
		expect(verifyJoinToken(joinTokenIn(gretes[0]!.raw), getConfig().SESSION_SECRET)).toMatchObject({
			email: 'grete@example.com',
			access: 'pass',
		})
		const adas = reminders('ada-holder@example.com').filter((mail) =>
			/^(Reminder|Starting)/.test(mail.subject),
		)
		expect(adas.map((mail) => mail.subject)).toEqual([
			'Reminder: The test day starts within a day',
			'Starting within the hour: The test day',
		])
		expect(adas[0]!.raw).toContain('Open your joining link')
	})

	test('a free registrant’s joining link opens the live stream and never the pass’s rooms, even with a pass’s link signed for someone else', async () => {
		await saveLead(suite.database.db, {
			email: 'free@example.com',
			list: 'day_event',
			attribution: direct,
			confirmed: true,
		})
		expect(
			await registrationOf(suite.database.db, eventOf('the-day'), 'free@example.com'),
		).toMatchObject({ access: 'stream', handOut: [] })
		const link = (access: 'stream' | 'pass' | undefined, email = 'free@example.com') =>
			`https://site.test/join?token=${encodeURIComponent(
				createJoinToken(
					{
						email,
						eventId: 'the-day',
						expiresAt: new Date('2099-01-01'),
						...(access ? { access } : {}),
					},
					getConfig().SESSION_SECRET,
				),
			)}`
		// Their own link, as their reminders carry it; and one claiming a pass's access.
		expect(await rooms(link('stream'))).toEqual(['https://meet.example.com/the-day'])
		expect(await rooms(link('pass'))).toEqual(['https://meet.example.com/the-day'])
		expect(await rooms(link(undefined))).toEqual(['https://meet.example.com/the-day'])
		// The access is signed: a registrant's token with "k" rewritten to "pass" does not verify.
		const token = joinTokenIn(link('stream'))!
		const [payload, signature] = token.split('.')
		const forged = Buffer.from(
			Buffer.from(payload!, 'base64url').toString('utf8').replace('"k":"stream"', '"k":"pass"'),
		).toString('base64url')
		expect(verifyJoinToken(`${forged}.${signature}`, getConfig().SESSION_SECRET)).toEqual({
			ok: false,
			reason: 'invalid',
		})
		// A holder's link opens both rooms for the holder only.
		const {
			passes: [own],
		} = await buyPasses('solo@example.com', 1)
		await claim(own!, 'Solo Person', 'solo@example.com')
		expect(await rooms(link('pass', 'solo@example.com'))).toEqual([
			'https://rooms.example.com/the-day',
			'https://meet.example.com/the-day',
		])
		expect(await rooms(link('stream', 'solo@example.com'))).toEqual([
			'https://meet.example.com/the-day',
		])
		// Their reminder carries the stream's link.
		now = hoursBefore('the-day', 21)
		await turn()
		const [reminder] = reminders('free@example.com')
		expect(verifyJoinToken(joinTokenIn(reminder!.raw), getConfig().SESSION_SECRET)).toMatchObject({
			access: 'stream',
		})
		expect(reminder!.raw).not.toContain('nobody has claimed')
	})

	test('a buyer with passes not claimed gets a reminder to hand them out a week and two days before the day, once each, naming how many and linking the order page; none once all are claimed', async () => {
		const early = new Date(Date.parse(eventOf('the-day').start) - 9 * 24 * HOUR)
		const handOuts = (email: string) =>
			reminders(email).filter((mail) => mail.subject.endsWith('still to hand out'))
		const order = await buyPasses('organiser@example.com', 4)
		const done = await buyPasses('all-claimed@example.com', 2)
		await claim(order.passes[0]!, 'Kept One', 'organiser@example.com')
		for (const pass of done.passes) await claim(pass, 'Some One', `some-${pass}@example.com`)
		await drainJobs(suite.database)
		now = early
		await turn()
		expect(handOuts('organiser@example.com')).toHaveLength(0)

		now = hoursBefore('the-day', 6 * 24)
		await turn()
		await turn()
		const [week, ...more] = handOuts('organiser@example.com')
		expect(more).toHaveLength(0)
		expect(week!.subject).toBe('3 passes for The test day still to hand out')
		expect(week!.raw).toContain('The test day is a week away.')
		expect(week!.raw).toContain('You bought 3 passes that nobody has claimed yet.')
		expect(week!.raw).toContain(`https://site.test/checkout/${order.id}/thank-you?key=`)
		expect(week!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
		expect(handOuts('all-claimed@example.com')).toHaveLength(0)

		await claim(order.passes[1]!, 'Second', 'second@example.com')
		now = hoursBefore('the-day', 40)
		await turn()
		await turn()
		expect(handOuts('organiser@example.com').map((mail) => mail.subject)).toEqual([
			'3 passes for The test day still to hand out',
			'2 passes for The test day still to hand out',
		])
		expect(handOuts('organiser@example.com')[1]!.raw).toContain('The test day is two days away')

		for (const pass of order.passes.slice(2)) await claim(pass, 'Late', `late-${pass}@example.com`)
		now = hoursBefore('the-day', 30)
		await turn()
		expect(handOuts('organiser@example.com')).toHaveLength(2)
		expect(handOuts('all-claimed@example.com')).toHaveLength(0)
	})

	test('a buyer who bought on a German page is reminded in German to hand out their passes, a week and two days before (decision 177)', async () => {
		await buyPasses('veranstalterin@example.com', 3, 'de-DE')
		now = hoursBefore('the-day', 6 * 24)
		await turn()
		now = hoursBefore('the-day', 40)
		await turn()
		const [week, days, ...more] = reminders('veranstalterin@example.com')
			.map(german)
			.filter((mail) => mail.raw.includes('ist nur noch'))
		expect(more).toHaveLength(0)
		const subjects = await suite.database.db
			.select({ subject: outbox.subject })
			.from(outbox)
			.where(eq(outbox.toAddress, 'veranstalterin@example.com'))
		expect(subjects.map((row) => row.subject)).toContain(
			'3 Pässe für The test day noch weiterzugeben',
		)
		expect(week!.raw).toContain('The test day ist nur noch eine Woche entfernt.')
		expect(days!.raw).toContain('The test day ist nur noch zwei Tage entfernt.')
		expect(week!.raw).toContain('Sie haben 3 Pässe gekauft, die noch niemand beansprucht hat.')
		expect(week!.raw).toContain('https://site.test/de/ai-driven-development-day')
		expect(week!.raw).not.toContain('still to hand out')
	})
})
