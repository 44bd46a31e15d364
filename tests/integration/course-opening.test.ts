/**
 * The course opens, and the site with it (issue 36 items 7, 1 and 13; docs/decisions/156),
 * through the models, the real job queue and a real SMTP peer: opening moves the course's
 * status to `open`, by the owner's button or the release date; every seat gets its access, an
 * unclaimed one through its buyer, who is told how many seats are still to hand out and where;
 * a seat claimed after the opening brings its holder their access; buyers of unclaimed seats are
 * reminded before the opening and after it, once, and not once all are claimed. On PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { defaultMigrationsDir, migrate } from '~/db/migrate.server'
import { prepareDatabase } from '~/db/prepare.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { courses, orders, passes } from '~/db/schema.server'
import { bulkSendPace, bulkSends } from '~/db/schema-bulk.server'
import { seatHandOutReminders } from '~/db/schema-course.server'
import { COURSE_SLUG } from '~/db/seed-data'
import { createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { claimPass } from '~/models/checkout/passes.server'
import { getCourse } from '~/models/course/course.server'
import { checkCourseOpening, openCourse } from '~/models/course/opening.server'
import { sendProgress } from '~/models/messages/bulk-send.server'
import { recordListenPort } from '~/site-origin.server'
import { decodedMail, readableMail, startSmtp } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, leaveInProcess, useInProcess } from '../support/in-process'
import { releaseEvent } from '../support/site-events'

const SEAT = 'ai-driven-dev-preorder'
const COURSE_URL = 'https://learn.example/ai-driven-dev'
const LISTEN_PORT = 43_212
const ORIGIN = `http://localhost:${LISTEN_PORT}`
const DAY = 86_400_000
const ACCESS_SUBJECT = 'Subject: AI Driven Dev is open: your access'

describe.each(databaseBackends)('the course opening on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let smtp: Awaited<ReturnType<typeof startSmtp>>
	let n = 0
	const env = () => ({
		SMTP_URL: smtp.url,
		HOST: '0.0.0.0',
		EMAIL_SEND_PER_MINUTE: '6000',
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
		await drainJobs(database)
		smtp.received.length = 0
		// Each test starts before the opening, with nothing sold.
		await database.db.delete(seatHandOutReminders)
		await database.db.execute(sql`DELETE FROM bulk_send_recipients`)
		await database.db.delete(bulkSends)
		await database.db.update(courses).set({ status: 'pre_order' })
		await database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.status, 'paid'))
		await database.db.update(bulkSendPace).set({ nextAt: sql`now()` })
		invalidateSalesCache()
	})

	/** A paid course order of `quantity` seats by a new buyer; its seats' ids, in order. */
	async function buySeats(quantity: number, paidDaysAgo = 0, locale?: 'de-DE') {
		const buyer = `buyer-${++n}@example.com`
		const { id } = await createCheckout(database.db, {
			code: SEAT,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
			...(locale ? { locale } : {}),
		})
		await recordSandboxPayment(database.db, id, { email: buyer })
		if (paidDaysAgo > 0)
			await database.db
				.update(orders)
				.set({ paidAt: new Date(Date.now() - paidDaysAgo * DAY) })
				.where(eq(orders.id, id))
		const seats = await database.db
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, id))
			.orderBy(passes.id)
		return { buyer, orderId: id, seats: seats.map((seat) => seat.id) }
	}

	const mailsTo = (email: string) => smtp.mailTo(email).map((mail) => decodedMail(mail.raw))
	const readableTo = (email: string) => smtp.mailTo(email).map((mail) => readableMail(mail.raw))
	const accessTo = (email: string) => mailsTo(email).filter((raw) => raw.includes(ACCESS_SUBJECT))

	test('opening moves the course from pre_order to open, by the button and by the release date alike', async () => {
		expect((await getCourse(database.db)).status).toBe('pre_order')
		await openCourse(database.db, 'mona (GitHub #1001)')
		expect((await getCourse(database.db)).status).toBe('open')

		// Before the opening again, and the release date comes.
		await database.db.delete(bulkSends)
		await database.db.update(courses).set({ status: 'pre_order' })
		invalidateSalesCache()
		await checkCourseOpening(
			database.db,
			releaseEvent(new Date(Date.now() + DAY).toISOString(), false),
		)
		expect((await getCourse(database.db)).status).toBe('pre_order')
		await checkCourseOpening(
			database.db,
			releaseEvent(new Date(Date.now() - 60_000).toISOString(), false),
		)
		expect((await getCourse(database.db)).status).toBe('open')
		const [course] = await database.db.select().from(courses).where(eq(courses.slug, COURSE_SLUG))
		expect(course?.status).toBe('open')
	})

	test('a buyer of 7 seats with 6 unclaimed gets one e-mail: their access and "6 seats still to hand out" with the link', async () => {
		const { buyer, orderId, seats } = await buySeats(7)
		expect(seats).toHaveLength(7)
		expect(
			await claimPass(database.db, seats[0]!, { name: 'Ada Buyer', email: buyer }, ORIGIN),
		).toBe('claimed')
		await drainJobs(database)
		smtp.received.length = 0
		await openCourse(database.db, 'mona (GitHub #1001)')
		await drainJobs(database)

		const mails = mailsTo(buyer)
		expect(mails).toHaveLength(1)
		expect(mails[0]).toContain(ACCESS_SUBJECT)
		expect(mails[0]).toContain(COURSE_URL)
		expect(mails[0]).toContain('your seat is ready')
		expect(mails[0]).toContain('6 seats still to hand out')
		expect(mails[0]).toContain(`${ORIGIN}/checkout/${orderId}/thank-you?key=`)
	})

	test('every seat gets its access: an unclaimed seat through its buyer, a claimed one to its holder; a buyer whose seats are all claimed by others gets none', async () => {
		const unclaimed = await buySeats(3)
		const handedOut = await buySeats(2)
		const single = await buySeats(1)
		const holders = [`h1-${n}@example.com`, `h2-${n}@example.com`]
		for (const [index, seat] of handedOut.seats.entries())
			await claimPass(
				database.db,
				seat,
				{ name: `Holder ${index}`, email: holders[index]! },
				ORIGIN,
			)
		await drainJobs(database)
		smtp.received.length = 0
		await openCourse(database.db, 'mona (GitHub #1001)')
		await drainJobs(database)

		const toUnclaimedBuyer = accessTo(unclaimed.buyer)
		expect(toUnclaimedBuyer).toHaveLength(1)
		expect(toUnclaimedBuyer[0]).toContain('the seats you bought are ready')
		expect(toUnclaimedBuyer[0]).toContain('3 seats still to hand out')
		for (const holder of holders) expect(accessTo(holder), holder).toHaveLength(1)
		expect(accessTo(handedOut.buyer)).toEqual([])
		expect(accessTo(single.buyer)).toHaveLength(1)
		expect(accessTo(single.buyer)[0]).not.toContain('still to hand out')
	})

	test('a buyer listed for access whose seats are all claimed before their e-mail is written gets none, the holders do, and the send counts no skip', async () => {
		const { buyer, seats } = await buySeats(2)
		const outcome = await openCourse(database.db, 'mona (GitHub #1001)')
		const holders = [`before-write-1-${n}@example.com`, `before-write-2-${n}@example.com`]
		for (const [index, seat] of seats.entries())
			await claimPass(
				database.db,
				seat,
				{ name: `Holder ${index}`, email: holders[index]! },
				ORIGIN,
			)
		await checkCourseOpening(
			database.db,
			releaseEvent(new Date(Date.now() - DAY).toISOString(), false),
		)
		await drainJobs(database)
		expect(accessTo(buyer)).toEqual([])
		for (const holder of holders) expect(accessTo(holder), holder).toHaveLength(1)
		if (!outcome.ok) throw new Error(outcome.message)
		expect(await sendProgress(database.db, outcome.sendId)).toMatchObject({ skipped: 0, total: 2 })
	})

	test('a seat claimed after the opening brings its holder their access at the next check, once', async () => {
		const { seats } = await buySeats(2)
		await openCourse(database.db, 'mona (GitHub #1001)')
		await drainJobs(database)
		const late = `late-holder-${n}@example.com`
		await claimPass(database.db, seats[1]!, { name: 'Late Holder', email: late }, ORIGIN)
		const release = releaseEvent(new Date(Date.now() - DAY).toISOString(), false)
		await checkCourseOpening(database.db, release)
		await checkCourseOpening(database.db, release)
		await drainJobs(database)
		expect(accessTo(late)).toHaveLength(1)
		expect(accessTo(late)[0]).toContain('your seat is ready')
	})

	test('bought after the opening: the receipt says access now, the access e-mail follows within minutes with the seats to hand out, and whoever claims one gets theirs', async () => {
		await openCourse(database.db, 'mona (GitHub #1001)')
		await drainJobs(database)
		const { buyer, seats } = await buySeats(3)
		const release = releaseEvent(new Date(Date.now() - DAY).toISOString(), false)
		await drainJobs(database)
		const [receipt] = mailsTo(buyer)
		expect(receipt).toContain('The course is open: we e-mail your access within minutes')
		expect(receipt).not.toContain('When the course opens')

		await checkCourseOpening(database.db, release)
		await drainJobs(database)
		const access = accessTo(buyer)
		expect(access).toHaveLength(1)
		expect(access[0]).toContain('3 seats still to hand out')

		const holder = `after-${n}@example.com`
		await claimPass(database.db, seats[0]!, { name: 'After Holder', email: holder }, ORIGIN)
		await checkCourseOpening(database.db, release)
		await drainJobs(database)
		const [confirmation, holderAccess, ...more] = mailsTo(holder)
		expect(more).toEqual([])
		expect(confirmation).toContain(
			'The course is open: we e-mail your access to this address within minutes.',
		)
		expect(holderAccess).toContain(ACCESS_SUBJECT)
		expect(holderAccess).toContain('your seat is ready')
	})

	test('buyers of unclaimed seats are reminded once some days before the release date, and none once all are claimed', async () => {
		const reminded = await buySeats(3, 10)
		const allClaimed = await buySeats(2, 10)
		const justBought = await buySeats(2, 0)
		for (const [index, seat] of allClaimed.seats.entries())
			await claimPass(
				database.db,
				seat,
				{ name: `Holder ${index}`, email: `c${index}-${n}@example.com` },
				ORIGIN,
			)
		await drainJobs(database)
		smtp.received.length = 0
		const far = releaseEvent(new Date(Date.now() + 30 * DAY).toISOString(), false)
		const soon = releaseEvent(new Date(Date.now() + 5 * DAY).toISOString(), false)
		const provisional = releaseEvent(new Date(Date.now() + 5 * DAY).toISOString(), true)

		await checkCourseOpening(database.db, far)
		await checkCourseOpening(database.db, provisional)
		await drainJobs(database)
		expect(mailsTo(reminded.buyer)).toEqual([])

		await checkCourseOpening(database.db, soon)
		await checkCourseOpening(database.db, soon)
		await drainJobs(database)
		const mails = mailsTo(reminded.buyer)
		expect(mails).toHaveLength(1)
		expect(mails[0]).toContain('Subject: 3 seats of AI Driven Dev still to hand out')
		expect(mails[0]).toContain('opens on')
		expect(mails[0]).toContain(`/checkout/${reminded.orderId}/thank-you?key=`)
		expect(mailsTo(allClaimed.buyer)).toEqual([])
		// Bought just now: the receipt has just given the links.
		expect(mailsTo(justBought.buyer)).toEqual([])
	})

	test('a German buyer is reminded and given access in German, linking the German order page; a seat claimed on its German page brings its holder German access (decision 177)', async () => {
		const german = await buySeats(3, 10, 'de-DE')
		const holder = `holder-de-${n}@example.com`
		await claimPass(
			database.db,
			german.seats[0]!,
			{ name: 'Jürgen', email: holder },
			ORIGIN,
			'de-DE',
		)
		await drainJobs(database)
		smtp.received.length = 0

		await checkCourseOpening(
			database.db,
			releaseEvent(new Date(Date.now() + 5 * DAY).toISOString(), false),
		)
		await drainJobs(database)
		const [reminder] = readableTo(german.buyer)
		expect(reminder).toContain('Subject: =?UTF-8?Q?Noch_2_Pl')
		expect(reminder).toContain('AI Driven Dev öffnet am ')
		expect(reminder).toContain('2 Plätze, die Sie gekauft haben, sind noch nicht eingelöst')
		expect(reminder).toContain(`${ORIGIN}/de/checkout/${german.orderId}/thank-you?key=`)
		expect(reminder).not.toContain('still to hand out')

		smtp.received.length = 0
		await openCourse(database.db, 'mona (GitHub #1001)')
		await drainJobs(database)
		const [access] = readableTo(german.buyer)
		expect(access).toContain(
			'AI Driven Dev ist geöffnet, und die Plätze, die Sie gekauft haben, sind bereit',
		)
		expect(access).toContain('Noch 2 Plätze zu vergeben.')
		expect(access).toContain(COURSE_URL)
		expect(access).toContain(`${ORIGIN}/de/checkout/${german.orderId}/thank-you?key=`)
		const [holderAccess] = readableTo(holder)
		expect(holderAccess).toContain('Hallo Jürgen,')
		expect(holderAccess).toContain('und Ihr Platz ist bereit')
		expect(holderAccess).not.toContain('your seat is ready')
	})

	test('after the opening, a buyer whose seats are still unclaimed a week later is reminded once', async () => {
		const { buyer } = await buySeats(2, 10)
		await openCourse(database.db, 'mona (GitHub #1001)')
		await drainJobs(database)
		await drainJobs(database)
		smtp.received.length = 0
		const release = releaseEvent(new Date(Date.now() - 10 * DAY).toISOString(), false)

		await checkCourseOpening(database.db, release)
		await drainJobs(database)
		expect(mailsTo(buyer)).toEqual([])

		await database.db.update(bulkSends).set({ createdAt: new Date(Date.now() - 8 * DAY) })
		await checkCourseOpening(database.db, release)
		await checkCourseOpening(database.db, release)
		await drainJobs(database)
		const mails = mailsTo(buyer)
		expect(mails).toHaveLength(1)
		expect(mails[0]).toContain('Subject: 2 seats of AI Driven Dev still to hand out')
		expect(mails[0]).toContain('is open')
	})
})

describe.each(databaseBackends)('migration 0045 on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
	})
	afterAll(async () => {
		await cleanup?.()
	})

	test('a course opened before migration 0045 is open after it, and the shipped pre-order FAQ entry becomes one that holds after the opening; an owner’s own entries stay', async () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
		for (const file of fs.readdirSync(defaultMigrationsDir()))
			if (file < '0045')
				fs.copyFileSync(path.join(defaultMigrationsDir(), file), path.join(dir, file))
		await prepareDatabase(database, dir)
		const shipped = {
			question: 'What does pre-order mean?',
			answer:
				'You pay today at the launch price and your seat is reserved. You get access to every module as it is released, and the full course the day it opens.',
		}
		const own = { question: 'Is there a certificate?', answer: 'Yes.' }
		await database.db.update(courses).set({ faq: [own, shipped, own] })
		await database.db.execute(
			sql`INSERT INTO bulk_sends (kind, subject, body, audience, created_by, once_key)
				VALUES ('course_access', 'The course is open: your access', '', 'course', 'mona', 'course-open')`,
		)
		expect(await migrate(database)).toContain('0045_course_opens.sql')
		const [course] = await database.db.select().from(courses).where(eq(courses.slug, COURSE_SLUG))
		expect(course?.status).toBe('open')
		expect(course?.faq.map((entry) => entry.question)).toEqual([
			own.question,
			'When do I get access?',
			own.question,
		])
		expect(JSON.stringify(course?.faq)).not.toContain('every module as it is released')
		await expect(database.db.update(courses).set({ status: 'closed' as never })).rejects.toThrow()
	})
})
