/**
 * Calendar files that stay true (issue 25, item 3; docs/decisions/117), through the real job
 * code on a database of the test's own and a real SMTP peer: the first look records each event
 * and writes to nobody; a date changed in content reaches each registrant who had the earlier
 * file once, as METHOD:REQUEST with a higher SEQUENCE and the same UID — with two workers at once
 * and after a restart — and not those who signed up after the change; a cancelled session sends
 * METHOD:CANCEL; the public file carries the current SEQUENCE. The events are this file's own,
 * changed by the test as the owner would change content. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { passes } from '~/db/schema.server'
import { jobDefinitions } from '~/job-worker.server'
import { ensurePeriodicJob } from '~/jobs/queue.server'
import { runDueJobs } from '~/jobs/worker.server'
import { claimPass, createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import {
	calendarSequence,
	calendarSyncJob,
	syncCalendars,
} from '~/models/events/calendar-updates.server'
import { eventStates } from '~/models/events/event-states.server'
import { eventReminderJob } from '~/models/events/reminder-job.server'
import { saveLead, signUp as signUpThroughForm } from '~/models/leads/leads.server'
import { verifyJoinToken } from '~/models/links/signed-token.server'
import { unsubscribe } from '~/models/preferences/preferences.server'
import { stopReminders } from '~/models/preferences/reminder-stops.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, smtpInProcessSuite } from '../support/in-process'

const fixture = await vi.hoisted(async () => {
	const { testEvent } = await import('../support/event-fixtures')
	// The workshop sessions this suite moves, and the day its passes are for (decision 155).
	const session = (id: string, start: string, end: string) => testEvent(id, 'workshop', start, end)
	const original = () =>
		[
			session('moved', '2030-06-10T17:00:00.000Z', '2030-06-10T19:00:00.000Z'),
			session('dropped', '2030-06-11T17:00:00.000Z', '2030-06-11T19:00:00.000Z'),
			session('raced', '2030-06-12T17:00:00.000Z', '2030-06-12T19:00:00.000Z'),
			session('brought-forward', '2030-06-20T17:00:00.000Z', '2030-06-20T19:00:00.000Z'),
			session('postponed', '2030-06-21T17:00:00.000Z', '2030-06-21T19:00:00.000Z'),
			session('kept-promise', '2030-06-22T17:00:00.000Z', '2030-06-22T19:00:00.000Z'),
			testEvent('the-day', 'day', '2030-07-01T08:00:00.000Z', '2030-07-01T16:00:00.000Z'),
		] satisfies SiteEvent[]
	return { original, events: original() }
})

vi.mock('~/content/site-content.server', async (importOriginal) =>
	(await import('../support/event-fixtures')).contentWithEvents(
		() => fixture.events,
		importOriginal,
	),
)

const ORIGIN = 'https://site.test'
const direct = { partnerKey: null, referralUrl: null, marketing: {} }
const eventOf = (id: string) => fixture.events.find((event) => event.id === id)!

/** The calendar file attached to a message (base64 in its MIME part), decoded and unfolded. */
function attachedCalendar(raw: string): string {
	const start = raw.indexOf('Content-Type: text/calendar')
	if (start < 0) return ''
	const body = raw.slice(start).split(/\r?\n\r?\n/)[1] ?? ''
	return Buffer.from(body.split('--')[0]!.replace(/\s/g, ''), 'base64')
		.toString('utf8')
		.replace(/\r\n[ \t]/g, '')
}

describe.each(databaseBackends)('calendar files that stay true on $name', (backend) => {
	const now = new Date('2030-01-01T00:00:00Z')

	beforeAll(() => {
		// Content as it was before this suite's owner changed it.
		fixture.events = fixture.original()
	})
	const suite = smtpInProcessSuite(backend, {
		env: { SITE_URL: ORIGIN, EMAIL_FROM: 'AI Driven Dev <hello@site.test>' },
	})

	const signUp = (email: string, session: string) =>
		saveLead(suite.database.db, {
			email,
			list: 'workshop',
			firstName: 'Ada',
			attribution: direct,
			workshopSession: session,
		})
	const worker = () => ({
		db: suite.database.db,
		definitions: [
			...jobDefinitions(suite.database.db).filter((job) => job.kind !== 'calendar.sync'),
			calendarSyncJob(suite.database.db, () => now),
		],
		lockSeconds: 60,
	})
	/** The periodic job's next turn on one worker (a start-up does the same); then delivery. */
	const turn = async () => {
		await ensurePeriodicJob(suite.database.db, 'calendar.sync')
		await jobsDueNow(suite.database)
		await runDueJobs(worker())
		await drainJobs(suite.database)
	}
	const mailTo = (email: string) =>
		suite.smtp.mailTo(email).map((mail) => {
			const raw = decodedMail(mail.raw)
			return {
				raw,
				subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '',
				calendar: attachedCalendar(mail.raw),
			}
		})
	/** A sign-up through the site: its confirmation carries the calendar file as content is now. */
	const signUpOnSite = (email: string, session: string) =>
		signUpThroughForm(suite.database.db, {
			email,
			list: 'workshop',
			firstName: 'Ada',
			attribution: direct,
			workshopSession: session,
			confirmed: true,
			origin: ORIGIN,
		})
	/** The reminders job's turn on its own clock (`at`), as a worker runs it; then delivery. */
	const reminderTurn = async (at: Date) => {
		await ensurePeriodicJob(suite.database.db, 'reminders.send')
		await jobsDueNow(suite.database)
		await runDueJobs({
			db: suite.database.db,
			definitions: [
				...jobDefinitions(suite.database.db).filter(
					(job) => job.kind !== 'reminders.send' && job.kind !== 'calendar.sync',
				),
				eventReminderJob(suite.database.db, () => at),
			],
			lockSeconds: 60,
		})
		await drainJobs(suite.database)
	}
	const subjectsTo = (email: string) => mailTo(email).map((mail) => mail.subject)
	const line = (ics: string, name: string) =>
		ics.split('\r\n').find((entry) => entry.startsWith(`${name}:`))

	test('the first look records each event and writes to nobody; the public file is SEQUENCE 0', async () => {
		await signUp('early@example.com', 'moved')
		await signUp('dropper@example.com', 'dropped')
		await turn()
		expect(suite.smtp.received).toHaveLength(0)
		expect(await calendarSequence(suite.database.db, 'moved')).toBe(0)
		await turn()
		expect(suite.smtp.received).toHaveLength(0)
	})

	test('a date changed in content reaches each earlier registrant once, as METHOD:REQUEST with a higher SEQUENCE, across two workers and a restart', async () => {
		await signUp('early-2@example.com', 'moved')
		await new Promise((resolve) => setTimeout(resolve, 20))
		eventOf('moved').start = '2030-06-17T17:00:00.000Z'
		eventOf('moved').end = '2030-06-17T19:00:00.000Z'
		await ensurePeriodicJob(suite.database.db, 'calendar.sync')
		await jobsDueNow(suite.database)
		await Promise.all([
			runDueJobs(worker()),
			runDueJobs(worker()),
			syncCalendars(suite.database.db, { now, origin: ORIGIN }),
			syncCalendars(suite.database.db, { now, origin: ORIGIN }),
		])
		await turn()
		await drainJobs(suite.database)
		expect(await calendarSequence(suite.database.db, 'moved')).toBe(1)
		for (const email of ['early@example.com', 'early-2@example.com']) {
			const [mail, ...more] = mailTo(email)
			expect(more, email).toHaveLength(0)
			expect(mail!.subject).toBe('Changed: The test workshop')
			expect(mail!.raw).toContain('Monday, 17 June 2030')
			expect(line(mail!.calendar, 'METHOD')).toBe('METHOD:REQUEST')
			expect(line(mail!.calendar, 'SEQUENCE')).toBe('SEQUENCE:1')
			expect(line(mail!.calendar, 'UID')).toBe('UID:moved@site.test')
			expect(line(mail!.calendar, 'DTSTART')).toBe('DTSTART:20300617T170000Z')
			expect(mail!.calendar).not.toContain('meet.example.com')
		}
		expect(mailTo('dropper@example.com')).toHaveLength(0)

		// Someone who signs up now got the file as it is; a restart sends nothing more.
		await signUp('after@example.com', 'moved')
		await turn()
		expect(mailTo('after@example.com')).toHaveLength(0)
		expect(mailTo('early@example.com')).toHaveLength(1)
	})

	test('a session marked cancelled sends METHOD:CANCEL to its registrants, once', async () => {
		eventOf('dropped').status = 'cancelled'
		await turn()
		await turn()
		const [mail, ...more] = mailTo('dropper@example.com')
		expect(more).toHaveLength(0)
		expect(mail!.subject).toBe('Cancelled: The test workshop')
		expect(line(mail!.calendar, 'METHOD')).toBe('METHOD:CANCEL')
		expect(line(mail!.calendar, 'STATUS')).toBe('STATUS:CANCELLED')
		expect(line(mail!.calendar, 'SEQUENCE')).toBe('SEQUENCE:1')
		expect(line(mail!.calendar, 'UID')).toBe('UID:dropped@site.test')
	})

	test('a provisional date made firm is an update too (TENTATIVE to CONFIRMED)', async () => {
		eventOf('moved').status = 'tentative'
		await turn()
		const tentative = mailTo('early@example.com').at(-1)!
		expect(line(tentative.calendar, 'STATUS')).toBe('STATUS:TENTATIVE')
		expect(line(tentative.calendar, 'SEQUENCE')).toBe('SEQUENCE:2')
		eventOf('moved').status = undefined
		await turn()
		const firm = mailTo('early@example.com').at(-1)!
		expect(line(firm.calendar, 'STATUS')).toBe('STATUS:CONFIRMED')
		expect(line(firm.calendar, 'SEQUENCE')).toBe('SEQUENCE:3')
		expect(await calendarSequence(suite.database.db, 'moved')).toBe(3)
	})

	test('search engines read a moved date as rescheduled from the start it had, kept through later changes of its state; a cancelled session as cancelled; the rest as scheduled', async () => {
		const states = await eventStates(suite.database.db, [
			eventOf('moved'),
			eventOf('dropped'),
			eventOf('kept-promise'),
		])
		expect(states.get('moved')).toEqual({
			status: 'rescheduled',
			previousStart: '2030-06-10T17:00:00.000Z',
		})
		expect(states.get('dropped')).toEqual({ status: 'cancelled' })
		expect(states.get('kept-promise')).toEqual({ status: 'scheduled' })
	})

	test('someone who signed up after the date moved, before the job noticed, gets no Changed notice; who had the old date does', async () => {
		await signUpOnSite('had-old@example.com', 'raced')
		await turn()
		eventOf('raced').start = '2030-06-19T17:00:00.000Z'
		eventOf('raced').end = '2030-06-19T19:00:00.000Z'
		// The new build serves the new date at once; the job looks minutes later.
		await signUpOnSite('after-move@example.com', 'raced')
		await new Promise((resolve) => setTimeout(resolve, 20))
		await turn()
		await turn()
		expect(subjectsTo('had-old@example.com')).toEqual([
			"You're signed up for the free workshop",
			'Changed: The test workshop',
		])
		expect(subjectsTo('after-move@example.com')).toEqual(["You're signed up for the free workshop"])
		expect(line(mailTo('after-move@example.com')[0]!.calendar, 'DTSTART')).toBe(
			'DTSTART:20300619T170000Z',
		)
	})

	test('a date brought forward into the reminder’s hour sends the Changed notice before the reminder, even when the reminders job is the first to run', async () => {
		await signUpOnSite('soon@example.com', 'brought-forward')
		await turn()
		eventOf('brought-forward').start = '2030-06-13T17:00:00.000Z'
		eventOf('brought-forward').end = '2030-06-13T19:00:00.000Z'
		await reminderTurn(new Date('2030-06-13T16:30:00.000Z'))
		// The reminder waits for the notice to leave: the job's next turn, a minute later, sends it.
		expect(subjectsTo('soon@example.com')).toEqual([
			"You're signed up for the free workshop",
			'Changed: The test workshop',
		])
		await reminderTurn(new Date('2030-06-13T16:31:00.000Z'))
		expect(subjectsTo('soon@example.com')).toEqual([
			"You're signed up for the free workshop",
			'Changed: The test workshop',
			'Starting within the hour: The test workshop',
		])
		// The calendar job's turn after it has nothing left to tell.
		await turn()
		expect(subjectsTo('soon@example.com')).toHaveLength(3)
	})

	test('a date postponed after its day-before reminder went out gets its reminders again at the new time, as the Changed notice promises', async () => {
		await signUpOnSite('postponed@example.com', 'postponed')
		await turn()
		await reminderTurn(new Date('2030-06-20T21:00:00.000Z'))
		eventOf('postponed').start = '2030-06-28T17:00:00.000Z'
		eventOf('postponed').end = '2030-06-28T19:00:00.000Z'
		await turn()
		await reminderTurn(new Date('2030-06-27T21:00:00.000Z'))
		await reminderTurn(new Date('2030-06-28T16:30:00.000Z'))
		const mails = mailTo('postponed@example.com')
		expect(mails.map((mail) => mail.subject)).toEqual([
			"You're signed up for the free workshop",
			'Reminder: The test workshop starts within a day',
			'Changed: The test workshop',
			'Reminder: The test workshop starts within a day',
			'Starting within the hour: The test workshop',
		])
		expect(mails[3]!.raw).toContain('28 June 2030')
	})

	test('a Changed notice promises reminders to who still gets them, an address unsubscribed from news included, and none to who stopped them', async () => {
		await signUp('no-news@example.com', 'kept-promise')
		await signUp('no-reminders@example.com', 'kept-promise')
		await turn()
		await unsubscribe(suite.database.db, 'no-news@example.com')
		await stopReminders(suite.database.db, 'no-reminders@example.com', 'kept-promise')
		await new Promise((resolve) => setTimeout(resolve, 20))
		eventOf('kept-promise').start = '2030-06-29T17:00:00.000Z'
		eventOf('kept-promise').end = '2030-06-29T19:00:00.000Z'
		await turn()
		const [told] = mailTo('no-news@example.com')
		expect(told!.subject).toBe('Changed: The test workshop')
		expect(told!.raw).toContain('Your reminders come at the new time')
		expect(told!.raw).toContain('Stop reminders for this event or manage your e-mail preferences')
		const [stopped] = mailTo('no-reminders@example.com')
		expect(stopped!.subject).toBe('Changed: The test workshop')
		expect(stopped!.raw).not.toContain('Your reminders come')
		expect(stopped!.raw).toContain('You stopped the reminders of this event, so none come')
		// And the promise holds: the day before the new date, only the first gets a reminder.
		await reminderTurn(new Date('2030-06-28T21:00:00.000Z'))
		expect(subjectsTo('no-news@example.com')).toEqual([
			'Changed: The test workshop',
			'Reminder: The test workshop starts within a day',
		])
		expect(subjectsTo('no-reminders@example.com')).toEqual(['Changed: The test workshop'])
	})

	test('a day moved reaches the buyer of passes nobody claimed: one Changed notice for 3 passes, saying they are still to hand out, with a calendar file of the new date and a pass’s joining link; after a claim, the holder is told and the buyer of the rest', async () => {
		const { id } = await createCheckout(suite.database.db, {
			code: 'ai-driven-development-day-pass',
			quantity: 3,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(suite.database.db, id, { email: 'pass-buyer@example.com' })
		await drainJobs(suite.database)
		expect(subjectsTo('pass-buyer@example.com')).toEqual([`Your receipt for order ${id}`])
		await turn()
		await new Promise((resolve) => setTimeout(resolve, 20))
		eventOf('the-day').start = '2030-07-02T08:00:00.000Z'
		eventOf('the-day').end = '2030-07-02T16:00:00.000Z'
		await turn()
		await turn()
		const changed = mailTo('pass-buyer@example.com').filter((mail) =>
			mail.subject.startsWith('Changed:'),
		)
		expect(changed.map((mail) => mail.subject)).toEqual(['Changed: The test day'])
		expect(changed[0]!.raw).toContain('You bought 3 passes that nobody has claimed yet.')
		expect(changed[0]!.raw).toContain(`https://site.test/checkout/${id}/thank-you?key=`)
		expect(line(changed[0]!.calendar, 'DTSTART')).toBe('DTSTART:20300702T080000Z')
		expect(line(changed[0]!.calendar, 'SEQUENCE')).toBe('SEQUENCE:1')
		const token = /site\.test\/join\?token=([^\s\\"]+)/.exec(changed[0]!.calendar)?.[1]
		expect(
			verifyJoinToken(decodeURIComponent(token ?? ''), getConfig().SESSION_SECRET),
		).toMatchObject({ ok: true, email: 'pass-buyer@example.com', access: 'pass' })

		const [first] = await suite.database.db
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, id))
		await claimPass(
			suite.database.db,
			first!.id,
			{ name: 'Pat Holder', email: 'pat@example.com' },
			ORIGIN,
		)
		await drainJobs(suite.database)
		await new Promise((resolve) => setTimeout(resolve, 20))
		eventOf('the-day').start = '2030-07-03T08:00:00.000Z'
		eventOf('the-day').end = '2030-07-03T16:00:00.000Z'
		await turn()
		const toHolder = mailTo('pat@example.com').filter((mail) => mail.subject.startsWith('Changed:'))
		expect(toHolder).toHaveLength(1)
		expect(toHolder[0]!.raw).not.toContain('nobody has claimed')
		expect(line(toHolder[0]!.calendar, 'DTSTART')).toBe('DTSTART:20300703T080000Z')
		const toBuyer = mailTo('pass-buyer@example.com').filter((mail) =>
			mail.subject.startsWith('Changed:'),
		)
		expect(toBuyer).toHaveLength(2)
		expect(toBuyer[1]!.raw).toContain('You bought 2 passes that nobody has claimed yet.')
	})

	test('a day moved to within a week sends its buyer the Changed notice before the reminder to hand out their passes, even when the reminders job is the first to run', async () => {
		const { id } = await createCheckout(suite.database.db, {
			code: 'ai-driven-development-day-pass',
			quantity: 2,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(suite.database.db, id, { email: 'late-buyer@example.com' })
		await drainJobs(suite.database)
		await new Promise((resolve) => setTimeout(resolve, 20))
		eventOf('the-day').start = '2030-06-05T08:00:00.000Z'
		eventOf('the-day').end = '2030-06-05T16:00:00.000Z'
		const fourDaysBefore = new Date('2030-06-01T08:00:00.000Z')
		await reminderTurn(fourDaysBefore)
		await reminderTurn(fourDaysBefore)
		expect(subjectsTo('late-buyer@example.com')).toEqual([
			`Your receipt for order ${id}`,
			'Changed: The test day',
			'2 passes for The test day still to hand out',
		])
	})
})
