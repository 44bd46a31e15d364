/**
 * The day event's "recordings afterwards" kept (issue 36, items 2 and 13b; docs/decisions/159),
 * through the workshop follow-ups' own mechanism (decision 157): the real job code on a database
 * of the test's own and a real SMTP peer, with the test's own clock. Once the owner has set the
 * day's recordings link and the day has ended, each person with pass access gets the follow-up
 * once: a pass holder, and the buyer of a pass not claimed yet (once per buyer, however many are
 * left); a free registrant (the live stream only) does not; a refunded pass's holder does not.
 * Nothing before the day has ended. The events are this file's own. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { getConfig } from '~/config.server'
import type { SiteEvent } from '~/content/site-content'
import { passes } from '~/db/schema.server'
import { claimPass, createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { refundOrder } from '~/models/checkout/order-actions.server'
import {
	followUpStates,
	sendDueFollowUps,
	setFollowUpLink,
} from '~/models/events/follow-ups.server'
import { saveLead } from '~/models/leads/leads.server'
import { verifyRemindersToken } from '~/models/links/preference-tokens.server'
import { decodedMail } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, smtpInProcessSuite } from '../support/in-process'

const fixture = await vi.hoisted(async () => {
	const { testEvent: event } = await import('../support/event-fixtures')
	return [
		event('dfu-session', 'workshop', '2030-06-10T17:00:00.000Z', '2030-06-10T19:00:00.000Z'),
		event('dfu-day', 'day', '2030-07-01T08:00:00.000Z', '2030-07-01T16:00:00.000Z'),
	] satisfies SiteEvent[]
})

vi.mock('~/content/site-content.server', async (importOriginal) =>
	(await import('../support/event-fixtures')).contentWithEvents(() => fixture, importOriginal),
)

const ORIGIN = 'https://site.test'
const PASS = 'ai-driven-development-day-pass'
const LINK = 'https://video.example/day-recordings'
const owner = 'mona (GitHub #1001)'
const direct = { partnerKey: null, referralUrl: null, marketing: {} }
const END = Date.parse(fixture.find((event) => event.id === 'dfu-day')!.end)

describe.each(databaseBackends)('the day event’s recordings on $name', (backend) => {
	const suite = smtpInProcessSuite(backend, { env: { SITE_URL: ORIGIN } })
	const db = () => suite.database.db

	const mails = (email: string) =>
		suite.smtp.mailTo(email).map((mail) => {
			const raw = decodedMail(mail.raw)
			return { raw, subject: raw.match(/^Subject: (.*)$/m)?.[1] ?? '' }
		})
	const due = async (now: Date) => {
		const written = await sendDueFollowUps(db(), { now, origin: ORIGIN })
		await drainJobs(suite.database)
		return written
	}
	/** A paid order of `quantity` day passes by `email`: its id and its passes' ids. */
	const buyPasses = async (email: string, quantity: number) => {
		const { id } = await createCheckout(db(), {
			code: PASS,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(db(), id, { email })
		const rows = await db().select({ id: passes.id }).from(passes).where(eq(passes.orderId, id))
		return { id, passes: rows.map((row) => row.id) }
	}
	const claim = (pass: string, name: string, email: string) =>
		claimPass(db(), pass, { name, email }, ORIGIN)

	test('once the day’s recordings link is set and the day has ended, each pass holder and each buyer of a pass not claimed yet gets the follow-up once; a free registrant does not; nothing before the day has ended', async () => {
		await saveLead(db(), {
			email: 'free@example.com',
			list: 'day_event',
			firstName: 'Free',
			attribution: direct,
			confirmed: true,
		})
		// A free registrant who holds a pass as well: the pass's access, one follow-up.
		await saveLead(db(), {
			email: 'both@example.com',
			list: 'day_event',
			attribution: direct,
			confirmed: true,
		})
		const team = await buyPasses('buyer@example.com', 3)
		await claim(team.passes[0]!, 'Hedy Lamarr', 'hedy@example.com')
		await claim(team.passes[1]!, 'Bo Both', 'both@example.com')
		// Its third pass is not claimed: its buyer stands in for its holder (decision 155).
		await buyPasses('unclaimed@example.com', 2)
		const refunded = await buyPasses('refunded@example.com', 1)
		await claim(refunded.passes[0]!, 'Alan', 'alan@example.com')
		expect((await refundOrder(db(), { name: 'owner' }, refunded.id)).ok).toBe(true)
		await drainJobs(suite.database)
		suite.smtp.received.length = 0

		const during = new Date(END - 60_000)
		const after = new Date(END + 60_000)
		const state = async (now: Date) =>
			(await followUpStates(db(), now)).find((row) => row.eventId === 'dfu-day')
		expect(await state(during)).toMatchObject({ kind: 'day', state: 'not-ended', link: null })
		expect(await state(after)).toMatchObject({ kind: 'day', state: 'waiting', link: null })
		expect(await due(after)).toBe(0)

		expect(await setFollowUpLink(db(), { eventId: 'dfu-day', link: LINK, actor: owner })).toEqual({
			ok: true,
		})
		expect(await due(during)).toBe(0)
		expect(mails('hedy@example.com')).toEqual([])

		expect(await due(after)).toBe(4)
		for (const [email, greeting] of [
			['hedy@example.com', 'Hi Hedy,'],
			['both@example.com', 'Hi Bo,'],
			['buyer@example.com', 'Hi'],
			['unclaimed@example.com', 'Hi'],
		] as const) {
			const [mail, ...more] = mails(email)
			expect(more, email).toEqual([])
			expect(mail!.subject).toBe('The recordings: The test day')
			expect(mail!.raw).toContain(greeting)
			expect(mail!.raw).toContain(LINK)
			expect(mail!.raw).toContain('here are the recordings of the talks and the hands-on sessions')
			// The day's words, not the workshop's.
			expect(mail!.raw).not.toContain('the code')
			// The day's own stop link, as its reminders carry (decision 149).
			const token = /https:\/\/site\.test\/unsubscribe\?token=([^\s>"]+)/.exec(mail!.raw)?.[1]
			expect(
				verifyRemindersToken(decodeURIComponent(token ?? ''), getConfig().SESSION_SECRET),
			).toEqual({ email, eventId: 'dfu-day' })
		}
		// The live stream only: the pass's recordings are not theirs.
		expect(mails('free@example.com')).toEqual([])
		expect(mails('alan@example.com')).toEqual([])
		expect(mails('refunded@example.com')).toEqual([])

		// Later turns write nothing again; a pass claimed since goes to its holder, once.
		expect(await due(new Date(after.getTime() + 3_600_000))).toBe(0)
		await claim(team.passes[2]!, 'Late Holder', 'late@example.com')
		await drainJobs(suite.database)
		expect(await due(new Date(after.getTime() + 7_200_000))).toBe(1)
		expect(
			mails('late@example.com').filter((mail) => mail.subject.startsWith('The recordings')),
		).toHaveLength(1)
		expect(
			mails('buyer@example.com').filter((mail) => mail.subject.startsWith('The recordings')),
		).toHaveLength(1)
		expect(await state(after)).toMatchObject({ state: 'set', link: LINK, sent: 5 })
	})
})
