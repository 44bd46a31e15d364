/**
 * Bulk sends (issue 25, items 5 and 6; docs/decisions/119) through the models, the real job
 * queue and a real SMTP peer: the owner's message reaches each person of its audience once, with
 * two workers taking from it at the same time, at EMAIL_SEND_PER_MINUTE (measured on the slots
 * the sends took, not on the clock), goes on where it stopped after a worker is cut off at
 * shutdown, and passes over unsubscribed addresses. The course opens once however often it is
 * opened: each buyer and seat holder gets one access e-mail with COURSE_URL, as the receipt
 * promised, and a buyer after the opening gets theirs too. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { passes, waitlistEntries } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { bulkSendPace, bulkSendRecipients, bulkSends } from '~/db/schema-bulk.server'
import { leads, outbox } from '~/db/schema-leads.server'
import { MESSAGES } from '~/forms/messages'
import { jobDefinitions } from '~/job-worker.server'
import { runDueJobs, startJobWorker } from '~/jobs/worker.server'
import { createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { checkCourseOpening, courseOpening, openCourse } from '~/models/course/opening.server'
import { eraseLead } from '~/models/leads/erase.server'
import { audienceLabel } from '~/models/messages/audiences.server'
import { runBulkSend, sendProgress } from '~/models/messages/bulk-send.server'
import { previewMessage, sendMessage, sendTestMessage } from '~/models/messages/owner-sends.server'
import { unsubscribe } from '~/models/preferences/preferences.server'
import { waitlistLengths } from '~/models/waitlist/owner.server'
import { recordListenPort } from '~/site-origin.server'
import { decodedMail, startSmtp } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, leaveInProcess, useInProcess } from '../support/in-process'
import { releaseEvent, workshopSessions } from '../support/site-events'

const SEAT = 'ai-driven-dev-preorder'
const COURSE_URL = 'https://learn.example/ai-driven-dev'
const PER_MINUTE = 600 // a slot every 100 ms
const owner = { name: 'mona (GitHub #1001)' }
const LISTEN_PORT = 43_211
const ORIGIN = `http://localhost:${LISTEN_PORT}`

describe.each(databaseBackends)('bulk sends on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let n = 0
	const env = () => ({
		SMTP_URL: smtp.url,
		HOST: '0.0.0.0',
		EMAIL_SEND_PER_MINUTE: String(PER_MINUTE),
		COURSE_URL,
	})

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
		smtp = await startSmtp()
		useInProcess(env())
		recordListenPort(LISTEN_PORT)
	})
	afterAll(async () => {
		leaveInProcess()
		await smtp?.close()
		await cleanup?.()
	})
	beforeEach(async () => {
		useInProcess(env())
		smtp.received.length = 0
		// Each test starts with the throttle's next slot free.
		await database.db.update(bulkSendPace).set({ nextAt: sql`now()` })
	})

	/** `count` workshop sign-ups for a session of this test's own. */
	async function workshopSignUps(count: number) {
		const session = workshopSessions()[0]!.id
		const tag = ++n
		const emails = Array.from({ length: count }, (_, i) => `w${tag}-${i}@example.com`)
		await database.db.delete(leads).where(eq(leads.list, 'workshop'))
		await database.db
			.insert(leads)
			.values(
				emails.map((email) => ({ email, list: 'workshop' as const, workshopSession: session })),
			)
		return { audience: `workshop-session:${session}`, emails }
	}

	const subjectsTo = (email: string) =>
		smtp.mailTo(email).map((mail) => decodedMail(mail.raw).match(/^Subject: (.*)$/m)?.[1] ?? '')

	/** The Message-ID of each message that arrived for `email` (a retry keeps its message's). */
	const messageIdsTo = (email: string) =>
		smtp.mailTo(email).map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw)?.[1]?.trim())

	const recipientsOfSend = (sendId: number) =>
		database.db
			.select()
			.from(bulkSendRecipients)
			.where(eq(bulkSendRecipients.sendId, sendId))
			.orderBy(bulkSendRecipients.slotAt)

	const outboxRowsTo = async (emails: string[]) => {
		const rows = await database.db.select({ to: outbox.toAddress }).from(outbox)
		return rows.filter((row) => emails.includes(row.to))
	}

	test('the preview shows how many get the message; a send for a count the audience no longer has sends nothing', async () => {
		const { audience } = await workshopSignUps(3)
		const draft = { subject: 'Hello', body: 'Hi **all**', audience }
		const preview = await previewMessage(database.db, draft)
		expect(preview).toMatchObject({ ok: true, count: 3 })
		if (preview.ok) expect(preview.html).toContain('<strong')
		const stale = await sendMessage(database.db, owner, { ...draft, expectedCount: 2 })
		expect(stale).toEqual({
			ok: false,
			fieldErrors: {
				audience: [
					'The audience has changed: it is now 3 people. Check the preview and send again',
				],
			},
		})
		const sends = await database.db.select().from(bulkSends).where(eq(bulkSends.subject, 'Hello'))
		expect(sends).toEqual([])
	})

	test('the preview and the send count only who will receive it: an unsubscribed address is not one of them', async () => {
		const { audience, emails } = await workshopSignUps(3)
		await unsubscribe(database.db, emails[1]!)
		const draft = { subject: 'Counted right', body: 'Hi', audience }
		expect(await previewMessage(database.db, draft)).toMatchObject({ ok: true, count: 2 })
		expect(await sendMessage(database.db, owner, { ...draft, expectedCount: 3 })).toEqual({
			ok: false,
			fieldErrors: { audience: [MESSAGES.adminMessageAudienceChanged(2)] },
		})
		const outcome = await sendMessage(database.db, owner, { ...draft, expectedCount: 2 })
		expect(outcome).toMatchObject({ ok: true, count: 2 })
		if (!outcome.ok) throw new Error('not sent')
		await drainJobs(database)
		expect(subjectsTo(emails[1]!)).toEqual([])
		expect(await sendProgress(database.db, outcome.sendId)).toMatchObject({
			total: 2,
			sent: 2,
			skipped: 0,
		})
	})

	test('a message to the waiting list reaches everyone still waiting, once each, and passes over an unsubscribed one; unconfirmed, offered and removed entries are not in it', async () => {
		await database.db.delete(waitlistEntries)
		const tag = ++n
		const at = (name: string) => `wl${tag}-${name}@example.com`
		await database.db.insert(waitlistEntries).values([
			{ itemCode: SEAT, email: at('first'), quantity: 2, region: 'GLOBAL', status: 'waiting' },
			{
				itemCode: 'ai-driven-development-day-pass',
				email: at('first'),
				quantity: 1,
				region: 'GLOBAL',
				status: 'waiting',
			},
			{ itemCode: SEAT, email: at('second'), quantity: 1, region: 'GLOBAL', status: 'waiting' },
			{ itemCode: SEAT, email: at('gone'), quantity: 1, region: 'GLOBAL', status: 'waiting' },
			{
				itemCode: SEAT,
				email: at('unconfirmed'),
				quantity: 1,
				region: 'GLOBAL',
				status: 'unconfirmed',
			},
			{ itemCode: SEAT, email: at('offered'), quantity: 1, region: 'GLOBAL', status: 'offered' },
			{ itemCode: SEAT, email: at('removed'), quantity: 1, region: 'GLOBAL', status: 'removed' },
		])
		await unsubscribe(database.db, at('gone'))
		expect(audienceLabel('waitlist')).toBe(
			'The waiting list: everyone still waiting for a seat or pass',
		)
		const draft = { subject: 'Seats soon', body: 'Hi', audience: 'waitlist' }
		expect(await previewMessage(database.db, draft)).toMatchObject({ ok: true, count: 2 })
		const outcome = await sendMessage(database.db, owner, { ...draft, expectedCount: 2 })
		if (!outcome.ok) throw new Error('not sent')
		await drainJobs(database)
		expect(subjectsTo(at('first'))).toEqual(['Seats soon'])
		expect(subjectsTo(at('second'))).toEqual(['Seats soon'])
		for (const name of ['gone', 'unconfirmed', 'offered', 'removed'])
			expect(subjectsTo(at(name))).toEqual([])
		// The overview's length of each list counts the same people, and the seats they want.
		expect(await waitlistLengths(database.db)).toEqual([
			expect.objectContaining({ itemCode: SEAT, people: 3, seats: 4 }),
			expect.objectContaining({ itemCode: 'ai-driven-development-day-pass', people: 1, seats: 1 }),
		])
		await database.db.delete(waitlistEntries)
	})

	test('an audience where everyone unsubscribed is refused with that reason, and nothing is sent', async () => {
		const { audience, emails } = await workshopSignUps(2)
		for (const email of emails) await unsubscribe(database.db, email)
		const draft = { subject: 'To nobody at all', body: 'Hi', audience }
		expect(await previewMessage(database.db, draft)).toMatchObject({ ok: true, count: 0 })
		expect(await sendMessage(database.db, owner, { ...draft, expectedCount: 2 })).toEqual({
			ok: false,
			fieldErrors: { audience: [MESSAGES.adminMessageAllUnsubscribed] },
		})
		const sends = await database.db
			.select()
			.from(bulkSends)
			.where(eq(bulkSends.subject, 'To nobody at all'))
		expect(sends).toEqual([])
	})

	test('without a mail server, a message kept in the outbox stays counted so after its recipient unsubscribes', async () => {
		const { SMTP_URL: _, ...withoutSmtp } = env()
		useInProcess(withoutSmtp)
		const { audience, emails } = await workshopSignUps(2)
		const outcome = await sendMessage(database.db, owner, {
			subject: 'Kept for good',
			body: 'Hi',
			audience,
			expectedCount: 2,
		})
		if (!outcome.ok) throw new Error('not sent')
		await drainJobs(database)
		const kept = { total: 2, outboxOnly: 2, skipped: 0, failed: 0, queued: 0, sent: 0 }
		expect(await sendProgress(database.db, outcome.sendId)).toEqual(kept)
		await unsubscribe(database.db, emails[0]!)
		expect(await sendProgress(database.db, outcome.sendId)).toEqual(kept)
		const rows = await database.db
			.select({ failedAt: outbox.failedAt })
			.from(outbox)
			.where(eq(outbox.toAddress, emails[0]!))
		expect(rows).toEqual([{ failedAt: null }])
	})

	test('a message whose links are not web or mail addresses is refused next to its body, and nothing is sent', async () => {
		const { audience } = await workshopSignUps(2)
		const refused = [
			'[Click](javascript:alert(1))',
			'[Click][1]\n\n[1]: JavaScript:alert(document.cookie)',
			'[Click](&#106;avascript:alert(1))',
			'[Click]( data:text/html;base64,PHNjcmlwdD4= )',
			'![x](vbscript:msgbox)',
			'[The workshop](/workshop)',
		]
		for (const body of refused) {
			const draft = { subject: 'Links', body, audience }
			const expected = { ok: false, fieldErrors: { body: [MESSAGES.adminMessageLinks] } }
			expect(await previewMessage(database.db, draft), body).toEqual(expected)
			expect(await sendMessage(database.db, owner, { ...draft, expectedCount: 2 })).toEqual(
				expected,
			)
		}
		expect(
			await database.db.select().from(bulkSends).where(eq(bulkSends.subject, 'Links')),
		).toEqual([])
		const allowed = await previewMessage(database.db, {
			subject: 'Links',
			body: '[Site](https://example.com/a?b=1), [old](http://example.com), [write](mailto:owner@example.com)',
			audience,
		})
		expect(allowed).toMatchObject({ ok: true, count: 2 })
		if (allowed.ok) {
			expect(allowed.html).toContain('href="https://example.com/a?b=1"')
			expect(allowed.html).toContain('href="mailto:owner@example.com"')
			expect(allowed.html).not.toMatch(/href="(?!https?:|mailto:)/)
		}
	})

	test('a test goes to the address given alone, marked as a test, and is written to the audit log', async () => {
		const { audience } = await workshopSignUps(2)
		const me = `owner-${++n}@example.com`
		expect(
			await sendTestMessage(database.db, owner, { subject: 'Try me', body: 'Body', audience }, me),
		).toBe(true)
		await drainJobs(database)
		expect(subjectsTo(me)).toEqual(['[Test] Try me'])
		expect(smtp.received).toHaveLength(1)
		const [line] = await database.db
			.select()
			.from(ownerAuditLog)
			.where(eq(ownerAuditLog.action, 'send-test-message'))
		expect(line).toMatchObject({ actor: owner.name })
		expect(JSON.stringify(line)).not.toContain(me)
	})

	test('two workers send one message: each recipient gets it once, one slot apart at EMAIL_SEND_PER_MINUTE', async () => {
		const { audience, emails } = await workshopSignUps(8)
		const outcome = await sendMessage(database.db, owner, {
			subject: 'Two workers',
			body: 'Once each.',
			audience,
			expectedCount: 8,
		})
		expect(outcome).toMatchObject({ ok: true, count: 8 })
		if (!outcome.ok) return
		// A second job for the same send, as a second app server might run: both take from it.
		await database.db.execute(
			sql`insert into jobs (kind, payload) values ('bulk-send.run', ${JSON.stringify({ sendId: outcome.sendId })}::jsonb)`,
		)
		const definitions = jobDefinitions(database.db)
		const worker = async () => {
			while ((await runDueJobs({ db: database.db, definitions, lockSeconds: 60 }, 1)) > 0);
		}
		await Promise.all([worker(), worker()])

		const rows = await recipientsOfSend(outcome.sendId)
		expect(rows.map((row) => row.status)).toEqual(Array(8).fill('sent'))
		// The throttle: every e-mail took its own slot, at least 60/EMAIL_SEND_PER_MINUTE s apart.
		const slots = rows.map((row) => row.slotAt!.getTime())
		for (let i = 1; i < slots.length; i++)
			expect(slots[i]! - slots[i - 1]!).toBeGreaterThanOrEqual(60_000 / PER_MINUTE - 1)
		expect(await outboxRowsTo(emails)).toHaveLength(8)
		for (const email of emails) expect(subjectsTo(email)).toEqual(['Two workers'])
		expect(await sendProgress(database.db, outcome.sendId)).toMatchObject({
			total: 8,
			sent: 8,
			queued: 0,
			failed: 0,
			skipped: 0,
		})
		const [line] = await database.db
			.select()
			.from(ownerAuditLog)
			.where(eq(ownerAuditLog.target, `send:${outcome.sendId}`))
		expect(line).toMatchObject({ action: 'send-message', actor: owner.name })
	})

	test('at one a minute, the second e-mail waits for the next minute: the run asks to wait, not to send', async () => {
		useInProcess({ ...env(), EMAIL_SEND_PER_MINUTE: '1' })
		const { audience, emails } = await workshopSignUps(2)
		const outcome = await sendMessage(database.db, owner, {
			subject: 'Slowly',
			body: 'One a minute.',
			audience,
			expectedCount: 2,
		})
		if (!outcome.ok) throw new Error('not sent')
		const controller = new AbortController()
		const run = runBulkSend(database.db, outcome.sendId, {
			perMinute: 1,
			signal: controller.signal,
		})
		await expect.poll(async () => (await outboxRowsTo(emails)).length).toBe(1)
		const [pace] = await database.db
			.select({ waitSeconds: sql<number>`extract(epoch from (${bulkSendPace.nextAt} - now()))` })
			.from(bulkSendPace)
		// The next slot is a minute after the first e-mail's.
		expect(Number(pace!.waitSeconds)).toBeGreaterThan(55)
		expect(Number(pace!.waitSeconds)).toBeLessThanOrEqual(60)
		controller.abort(new Error('stop'))
		await expect(run).rejects.toThrow('stop')
		expect(await outboxRowsTo(emails)).toHaveLength(1)
		const rows = await recipientsOfSend(outcome.sendId)
		expect(rows.map((row) => row.status).sort()).toEqual(['queued', 'sent'])
	})

	test('a send cut off at shutdown goes on after a restart where it stopped, each recipient once', async () => {
		const { audience, emails } = await workshopSignUps(10)
		const outcome = await sendMessage(database.db, owner, {
			subject: 'Restart',
			body: 'Survives.',
			audience,
			expectedCount: 10,
		})
		if (!outcome.ok) throw new Error('not sent')
		const options = {
			db: database.db,
			definitions: jobDefinitions(database.db),
			pollSeconds: 1,
			lockSeconds: 60,
		}
		const first = startJobWorker(options)
		try {
			// A slot every 100 ms: three written takes a few hundred, longer on a loaded machine.
			await expect
				.poll(async () => (await outboxRowsTo(emails)).length, { interval: 20, timeout: 15_000 })
				.toBeGreaterThanOrEqual(3)
		} finally {
			// Stopped whatever happens: a worker left running would take the next tests' jobs.
			await first.stop({ graceMs: 0 })
		}
		const written = (await outboxRowsTo(emails)).length
		expect(written).toBeLessThan(10)
		// The server comes back.
		const second = startJobWorker(options)
		await expect
			.poll(async () => (await sendProgress(database.db, outcome.sendId)).queued, {
				timeout: 20_000,
			})
			.toBe(0)
		await second.stop()
		expect((await outboxRowsTo(emails)).map((row) => row.to).sort()).toEqual([...emails].sort())
		// One message each. A delivery cut off after its data went over (graceMs 0) may have
		// arrived: its retry carries the same Message-ID, which the receiving side folds into one
		// (decisions 101, 135); a second message to anyone would carry a second Message-ID.
		const marked = new Set(
			(await database.db.select().from(outbox))
				.filter((row) => row.outcomeUnknownAt !== null)
				.map((row) => row.toAddress),
		)
		for (const email of emails) {
			expect(subjectsTo(email)).toContain('Restart')
			expect(new Set(subjectsTo(email))).toEqual(new Set(['Restart']))
			expect(new Set(messageIdsTo(email)).size).toBe(1)
			// Arrived twice only where the owner's list says it may have (decision 135).
			if (subjectsTo(email).length > 1) expect(marked).toContain(email)
		}
	})

	test('an address that unsubscribes while the send waits is passed over and counted as skipped; the others get the message', async () => {
		const { audience, emails } = await workshopSignUps(3)
		const outcome = await sendMessage(database.db, owner, {
			subject: 'Not to you',
			body: 'Hi',
			audience,
			expectedCount: 3,
		})
		if (!outcome.ok) throw new Error('not sent')
		await unsubscribe(database.db, emails[1]!)
		await drainJobs(database)
		expect(subjectsTo(emails[0]!)).toEqual(['Not to you'])
		expect(subjectsTo(emails[1]!)).toEqual([])
		expect(subjectsTo(emails[2]!)).toEqual(['Not to you'])
		expect(await sendProgress(database.db, outcome.sendId)).toMatchObject({
			total: 3,
			sent: 2,
			skipped: 1,
		})
		// The message carries one-click unsubscribe (RFC 8058).
		expect(decodedMail(smtp.mailTo(emails[0]!)[0]!.raw)).toContain(
			'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
		)
	})

	test('an address that unsubscribes after its message was written but before delivery is counted as skipped, not failed, and gets nothing', async () => {
		const { audience, emails } = await workshopSignUps(2)
		const outcome = await sendMessage(database.db, owner, {
			subject: 'Written, then given up',
			body: 'Hi',
			audience,
			expectedCount: 2,
		})
		if (!outcome.ok) throw new Error('not sent')
		// Both e-mails written to the outbox; neither delivered yet.
		await runBulkSend(database.db, outcome.sendId, {
			perMinute: 60_000,
			signal: new AbortController().signal,
		})
		await unsubscribe(database.db, emails[0]!)
		await drainJobs(database)
		expect(subjectsTo(emails[0]!)).toEqual([])
		expect(subjectsTo(emails[1]!)).toEqual(['Written, then given up'])
		expect(await sendProgress(database.db, outcome.sendId)).toMatchObject({
			total: 2,
			sent: 1,
			skipped: 1,
			failed: 0,
		})
	})

	test('an erased lead waiting in a send is passed over, and the send keeps no address of theirs', async () => {
		const { audience, emails } = await workshopSignUps(2)
		const outcome = await sendMessage(database.db, owner, {
			subject: 'Erased before',
			body: 'Hi',
			audience,
			expectedCount: 2,
		})
		if (!outcome.ok) throw new Error('not sent')
		const [lead] = await database.db.select().from(leads).where(eq(leads.email, emails[0]!))
		expect((await eraseLead(database.db, owner, lead!.id)).ok).toBe(true)
		await drainJobs(database)
		expect(subjectsTo(emails[0]!)).toEqual([])
		expect(subjectsTo(emails[1]!)).toEqual(['Erased before'])
		const rows = await recipientsOfSend(outcome.sendId)
		expect(rows.map((row) => row.email)).not.toContain(emails[0])
		expect(await sendProgress(database.db, outcome.sendId)).toMatchObject({ sent: 1, skipped: 1 })
		expect(smtp.received.flatMap((mail) => mail.to)).not.toContain(
			expect.stringContaining('erased.invalid'),
		)
	})

	test('the course opens once, however often it is opened: each buyer and seat holder gets one access e-mail, as the receipt promised', async () => {
		const buyer = `buyer-${++n}@example.com`
		const unsubscribedBuyer = `quiet-${n}@example.com`
		const holder = `holder-${n}@example.com`
		const { id: orderId } = await createCheckout(database.db, {
			code: SEAT,
			quantity: 2,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(database.db, orderId, { email: buyer })
		// The order's two seats (decision 118): one claimed by a teammate, the buyer keeps the
		// other, typed in capitals: still one person, one e-mail.
		const seats = await database.db
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, orderId))
			.orderBy(passes.id)
		expect(seats).toHaveLength(2)
		await database.db
			.update(passes)
			.set({ holderEmail: holder, holderName: 'Grace', claimedAt: new Date() })
			.where(eq(passes.id, seats[0]!.id))
		await database.db
			.update(passes)
			.set({ holderEmail: buyer.toUpperCase(), claimedAt: new Date() })
			.where(eq(passes.id, seats[1]!.id))
		const { id: second } = await createCheckout(database.db, {
			code: SEAT,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(database.db, second, { email: unsubscribedBuyer })
		// The access is what they paid for: unsubscribing from news does not stop it.
		await unsubscribe(database.db, unsubscribedBuyer)
		await drainJobs(database)
		const receipt = decodedMail(smtp.mailTo(buyer)[0]!.raw)
		expect(receipt).toContain('When the course opens, we e-mail each seat holder their access.')
		smtp.received.length = 0

		// Who asked to hear when the course opens (the course page's sign-up); the buyer did too.
		const fan = `fan-${n}@example.com`
		await database.db.insert(leads).values([
			{ email: fan, list: 'course' },
			{ email: buyer, list: 'course' },
		])

		// Pressed twice at once (two app servers), and once more later.
		const [a, b] = await Promise.all([
			openCourse(database.db, owner.name),
			openCourse(database.db, owner.name),
		])
		expect([a, b].filter((outcome) => outcome.ok && outcome.created)).toHaveLength(1)
		expect((await openCourse(database.db, owner.name)).ok).toBe(true)
		const sends = await database.db.select().from(bulkSends).where(isNotNull(bulkSends.onceKey))
		expect(sends.map((send) => send.kind).sort()).toEqual(['course_access', 'message'])
		const audit = await database.db
			.select()
			.from(ownerAuditLog)
			.where(eq(ownerAuditLog.action, 'open-course'))
		expect(audit).toHaveLength(1)
		await drainJobs(database)

		for (const email of [buyer, unsubscribedBuyer, holder]) {
			const mails = smtp.mailTo(email).map((mail) => decodedMail(mail.raw))
			expect(mails, email).toHaveLength(1)
			expect(mails[0]).toContain('Subject: AI Driven Dev is open: your access')
			expect(mails[0]).toContain(COURSE_URL)
			expect(mails[0]).not.toContain('List-Unsubscribe')
		}
		expect(smtp.mailTo(holder).map((mail) => decodedMail(mail.raw))[0]).toContain('Hi Grace,')
		// The interest list hears that it is open (list mail); a buyer on it gets the access alone.
		expect(subjectsTo(fan)).toEqual(['AI Driven Dev is open'])

		// Someone buys after the opening: the periodic check sends them their access too, once.
		const late = `late-${n}@example.com`
		const { id: third } = await createCheckout(database.db, {
			code: SEAT,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(database.db, third, { email: late })
		const check = jobDefinitions(database.db).find((job) => job.kind === 'course.opening-check')!
		await check.run({}, undefined as never, new AbortController().signal)
		await check.run({}, undefined as never, new AbortController().signal)
		await drainJobs(database)
		expect(subjectsTo(late)).toContain('AI Driven Dev is open: your access')
		expect(subjectsTo(late).filter((subject) => subject.includes('open'))).toHaveLength(1)
		expect(subjectsTo(buyer)).toHaveLength(1)
		expect(await courseOpening(database.db)).toMatchObject({ by: owner.name })
	})

	test('without COURSE_URL the course cannot be opened, and nothing is sent', async () => {
		useInProcess({ ...env(), COURSE_URL: '' })
		const outcome = await openCourse(database.db, owner.name)
		expect(outcome.ok).toBe(false)
	})
})

describe.each(databaseBackends)('the course opening by its date on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
		smtp = await startSmtp()
		useInProcess({ SMTP_URL: smtp.url, HOST: '0.0.0.0', EMAIL_SEND_PER_MINUTE: '600', COURSE_URL })
		recordListenPort(LISTEN_PORT)
	})
	afterAll(async () => {
		leaveInProcess()
		await smtp?.close()
		await cleanup?.()
	})

	test('a provisional or future date opens nothing; once a real date has passed the course opens, by the date, once', async () => {
		const buyer = 'dated-buyer@example.com'
		const { id } = await createCheckout(database.db, {
			code: SEAT,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		await recordSandboxPayment(database.db, id, { email: buyer })
		const past = new Date(Date.now() - 60_000).toISOString()
		const future = new Date(Date.now() + 86_400_000).toISOString()

		await checkCourseOpening(database.db, releaseEvent(past, true))
		await checkCourseOpening(database.db, releaseEvent(future, false))
		expect(await courseOpening(database.db)).toBeNull()

		await checkCourseOpening(database.db, releaseEvent(past, false))
		await checkCourseOpening(database.db, releaseEvent(past, false))
		expect(await courseOpening(database.db)).toMatchObject({ by: 'the release date in content' })
		await drainJobs(database)
		const access = smtp
			.mailTo(buyer)
			.map((mail) => decodedMail(mail.raw))
			.filter((raw) => raw.includes('Subject: AI Driven Dev is open: your access'))
		expect(access).toHaveLength(1)
		expect(access[0]).toContain(COURSE_URL)
	})
})
