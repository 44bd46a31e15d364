/**
 * A message is not sent twice (issue 33, item 14; docs/decisions/135), through the real delivery
 * job and a real SMTP peer: the mail server's acceptance is not lost when its record cannot be
 * written (a full disk), and a copy that must go again after a restart keeps its Message-ID and
 * is shown to the owner as possibly sent twice; at shutdown, a delivery that has not handed its
 * data over stops at once and is released, and one awaiting the answer to its data is waited for.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { jobs } from '~/db/schema-jobs.server'
import { outbox } from '~/db/schema-leads.server'
import { emailDeliveryJob, sendEmail } from '~/integrations/email/index.server'
import { runDueJobs, startJobWorker } from '~/jobs/worker.server'
import { listEmails } from '~/models/messages/outbox.server'
import { startSmtp } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, leaveInProcess, useInProcess } from '../support/in-process'

/** A message's content where any will do: a transactional kind, which carries no unsubscribe. */
const plain = { kind: 'receipt', subject: 'S', text: 'T' } as const

const messageIdOf = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim()

async function waitUntil(what: string, done: () => boolean, timeoutMs = 10_000) {
	const until = Date.now() + timeoutMs
	while (!done()) {
		if (Date.now() > until) throw new Error(`Timed out waiting until ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

describe.each(databaseBackends)('each message sent once on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let smtp: Awaited<ReturnType<typeof startSmtp>>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await migrate(database)
		smtp = await startSmtp()
		// The database refuses to record a message as sent while the flag is up: the disk is full.
		await database.db.execute(sql`CREATE TABLE test_disk_full (full_since timestamptz)`)
		await database.db.execute(
			sql.raw(`CREATE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN
					IF NEW.sent_at IS NOT NULL AND OLD.sent_at IS NULL AND EXISTS (SELECT 1 FROM test_disk_full) THEN
						RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100';
					END IF;
					RETURN NEW;
				END $$`),
		)
		await database.db.execute(
			sql`CREATE TRIGGER test_disk_full BEFORE UPDATE ON outbox FOR EACH ROW EXECUTE FUNCTION test_disk_full()`,
		)
	})
	beforeEach(() => useInProcess({ SMTP_URL: smtp.url, EMAIL_FROM: 'Course <hello@site.test>' }))
	afterEach(async () => {
		leaveInProcess()
		smtp.greetAfter(0)
		smtp.answerAfter(0)
		smtp.stall(false)
		await diskFull(false)
	})
	afterAll(async () => {
		await smtp?.close()
		await cleanup?.()
	})

	async function diskFull(full: boolean) {
		await database.db.execute(
			full ? sql`INSERT INTO test_disk_full VALUES (now())` : sql`DELETE FROM test_disk_full`,
		)
	}
	/** One process's delivery job: what it remembers lives as long as it does. */
	const aProcess = () => {
		const definitions = [emailDeliveryJob(database.db, { firstRetrySeconds: 1 })]
		return () => runDueJobs({ db: database.db, definitions, lockSeconds: 60 })
	}
	const rowOf = async (id: number) =>
		(await database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!
	const jobOf = async (id: number) =>
		(
			await database.db
				.select()
				.from(jobs)
				.where(eq(jobs.payload, { outboxId: id }))
		)[0]!

	test('the mail server accepted it and the disk is full when that is recorded: the retries record it and send nothing again', async () => {
		const deliver = aProcess()
		const to = 'full.disk@example.com'
		const { id } = await sendEmail(database.db, { to, ...plain })
		await diskFull(true)
		expect(await deliver()).toBe(1)
		expect(smtp.mailTo(to)).toHaveLength(1)
		expect(await rowOf(id)).toMatchObject({ sentAt: null })
		expect(await jobOf(id)).toMatchObject({ status: 'queued' })
		// The retry comes while the disk is still full: nothing is sent, the record still waits.
		await jobsDueNow(database)
		expect(await deliver()).toBe(1)
		expect(smtp.mailTo(to)).toHaveLength(1)

		await diskFull(false)
		await jobsDueNow(database)
		expect(await deliver()).toBe(1)
		expect(smtp.mailTo(to)).toHaveLength(1)
		const row = await rowOf(id)
		expect(row.sentAt).toBeInstanceOf(Date)
		// Known to have arrived once: nothing for the owner to worry about.
		expect(row).toMatchObject({ outcomeUnknownAt: null, attempts: 1, attemptStartedAt: null })
		expect(row.messageId).toBe(messageIdOf(smtp.mailTo(to)[0]!.raw))
		expect(await jobOf(id)).toMatchObject({ status: 'done' })
		expect(await deliver()).toBe(0)
	})

	test('a process that stopped before recording the acceptance: the next sends it again with the same Message-ID, and the owner sees it may have arrived twice', async () => {
		const to = 'restarted@example.com'
		const { id } = await sendEmail(database.db, { to, ...plain })
		await diskFull(true)
		expect(await aProcess()()).toBe(1)
		expect(smtp.mailTo(to)).toHaveLength(1)
		await diskFull(false)

		// A new process (the old one was stopped) knows nothing of that acceptance.
		await jobsDueNow(database)
		expect(await aProcess()()).toBe(1)
		const copies = smtp.mailTo(to)
		expect(copies).toHaveLength(2)
		const row = await rowOf(id)
		expect(row.sentAt).toBeInstanceOf(Date)
		expect(row.outcomeUnknownAt).toBeInstanceOf(Date)
		expect(copies.map((copy) => messageIdOf(copy.raw))).toEqual([row.messageId, row.messageId])
		const listed = await listEmails(database.db, { to }, null)
		expect(listed.rows).toEqual([
			expect.objectContaining({ state: 'delivered', outcomeUnknown: true, attempts: 2 }),
		])
	})

	test('a delivery that has not handed its data over at shutdown stops at once and is released: the next worker sends it once, as a known outcome', async () => {
		const to = 'before.data@example.com'
		smtp.greetAfter(1_000)
		smtp.answerAfter(1_000)
		const worker = startJobWorker({
			db: database.db,
			definitions: [emailDeliveryJob(database.db, { firstRetrySeconds: 30 })],
			pollSeconds: 60,
			lockSeconds: 120,
		})
		const connections = smtp.connectionCount()
		const { id } = await sendEmail(database.db, { to, ...plain })
		await waitUntil('the delivery is connecting', () => smtp.connectionCount() > connections)
		const stopping = Date.now()
		await worker.stop({ graceMs: 1_500 })
		// Not held for the grace period: nothing it could leave half done.
		expect(Date.now() - stopping).toBeLessThan(1_000)
		expect(await jobOf(id)).toMatchObject({ status: 'queued', lockedUntil: null, attempts: 1 })
		expect((await jobOf(id)).lastError).toMatch(/cut off at shutdown/)
		expect(await rowOf(id)).toMatchObject({ sentAt: null, outcomeUnknownAt: null })
		// Had it gone on, the server would have had the data by now and answered it by then.
		await new Promise((resolve) => setTimeout(resolve, 2_200))
		expect(smtp.mailTo(to)).toHaveLength(0)

		smtp.greetAfter(0)
		smtp.answerAfter(0)
		expect(await drainJobs(database)).toBe(1)
		expect(smtp.mailTo(to)).toHaveLength(1)
		expect(await rowOf(id)).toMatchObject({ outcomeUnknownAt: null })
	})

	test('a delivery awaiting the answer to its data at shutdown is waited for within the grace: delivered once, recorded, not released', async () => {
		const to = 'after.data@example.com'
		smtp.stall()
		const worker = startJobWorker({
			db: database.db,
			definitions: [emailDeliveryJob(database.db, { firstRetrySeconds: 30 })],
			pollSeconds: 60,
			lockSeconds: 120,
		})
		const held = smtp.stalledCount()
		const { id } = await sendEmail(database.db, { to, ...plain })
		await waitUntil('the data is handed over', () => smtp.stalledCount() === held + 1)
		const stopped = worker.stop({ graceMs: 5_000 })
		await new Promise((resolve) => setTimeout(resolve, 500))
		smtp.stall(false)
		smtp.acceptStalled()
		await stopped
		expect(smtp.mailTo(to)).toHaveLength(1)
		const row = await rowOf(id)
		expect(row.sentAt).toBeInstanceOf(Date)
		expect(row).toMatchObject({ outcomeUnknownAt: null })
		expect(await jobOf(id)).toMatchObject({ status: 'done' })
		expect(await drainJobs(database)).toBe(0)
	})
})
