/**
 * A message leaves with its cause (docs/decisions/101): every change that sends an e-mail writes
 * its outbox row in its own transaction. Here the outbox cannot be written (a trigger stands for
 * a full disk) and each change — a sign-up, a payment, a late payment's refund, the owner's
 * actions — is shown not to be committed either; once the outbox works again, trying again
 * commits both, once. And the backfill of migration 0013. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { defaultMigrationsDir, migrate } from '~/db/migrate.server'
import { prepareDatabase } from '~/db/prepare.server'
import { orders, passes } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { leads, outbox } from '~/db/schema-leads.server'
import type { AttributionFacts } from '~/domain/attribution'
import { createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { reassignPass, resendOrderReceipt } from '~/models/checkout/order-actions.server'
import { findLead, saveLead, signUp } from '~/models/leads/leads.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, jobsDueNow, leaveInProcess, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const direct: AttributionFacts = { partnerKey: null, referralUrl: null, marketing: {} }
const owner = { name: 'mona (GitHub #1001)' }

describe.each(databaseBackends)('a message and its cause on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
		// No SMTP_URL: the outbox row is the message.
		useInProcess()
		await database.db.execute(
			sql.raw(`CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'; END $$`),
		)
	})
	afterAll(async () => {
		leaveInProcess()
		await cleanup?.()
	})

	/** While `fn` runs, no row can be written to `table` (the outbox), as on a full disk. */
	async function withWritesFailing<T>(fn: () => Promise<T>, table = 'outbox'): Promise<T> {
		await database.db.execute(
			sql.raw(
				`CREATE TRIGGER disk_full BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION disk_full()`,
			),
		)
		try {
			return await fn()
		} finally {
			await database.db.execute(sql.raw(`DROP TRIGGER disk_full ON ${table}`))
		}
	}
	const mailTo = (email: string, subject = '%') =>
		database.db
			.select()
			.from(outbox)
			.where(and(eq(outbox.toAddress, email), like(outbox.subject, subject)))
	const auditAbout = (target: string) =>
		database.db.select().from(ownerAuditLog).where(eq(ownerAuditLog.target, target))
	const order = async (id: string) => {
		const [row] = await database.db.select().from(orders).where(eq(orders.id, id))
		return row!
	}
	const signUpFor = (email: string, list: 'workshop' | 'course' | 'day_event') =>
		signUp(database.db, { email, list, attribution: direct, origin: 'http://site.test' })
	const buyPass = async (email: string) => {
		const { id } = await createCheckout(database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
		await recordSandboxPayment(database.db, id, { email })
		return id
	}

	test('a sign-up whose confirmation cannot be written is not stored either; sent again, it is stored and confirmed, once', async () => {
		await withWritesFailing(async () => {
			await expect(signUpFor('full.disk@example.com', 'workshop')).rejects.toThrow()
		})
		expect(await findLead(database.db, 'full.disk@example.com', 'workshop')).toBeNull()
		expect(await mailTo('full.disk@example.com')).toEqual([])

		const lead = await signUpFor('full.disk@example.com', 'workshop')
		expect(lead.created).toBe(true)
		expect(await mailTo('full.disk@example.com', '%workshop%')).toHaveLength(1)
		await signUpFor('full.disk@example.com', 'workshop')
		expect(await mailTo('full.disk@example.com')).toHaveLength(1)
	})

	test('a lead whose confirmation was never written (before the sign-up and its message were one) gets it at its next sign-up, once', async () => {
		// Stored without its confirmation, as the old two-step sign-up left 18 of them.
		await saveLead(database.db, {
			email: 'lost.one@example.com',
			list: 'course',
			attribution: direct,
		})
		expect(await mailTo('lost.one@example.com')).toEqual([])

		const again = await signUpFor('lost.one@example.com', 'course')
		expect(again.created).toBe(false)
		expect(await mailTo('lost.one@example.com')).toHaveLength(1)
		await signUpFor('lost.one@example.com', 'course')
		expect(await mailTo('lost.one@example.com')).toHaveLength(1)
	})

	test('a day-event sign-up: a link that cannot be written leaves no claim on the next one', async () => {
		await signUpFor('day@example.com', 'day_event')
		expect(await mailTo('day@example.com')).toHaveLength(1)
		// Past the resend wait, a new link is due; writing it fails.
		await database.db
			.update(leads)
			.set({ confirmationSentAt: sql`now() - interval '1 hour'` })
			.where(eq(leads.email, 'day@example.com'))
		const before = await findLead(database.db, 'day@example.com', 'day_event')
		await withWritesFailing(async () => {
			await expect(signUpFor('day@example.com', 'day_event')).rejects.toThrow()
		})
		expect(await findLead(database.db, 'day@example.com', 'day_event')).toEqual(before)

		await signUpFor('day@example.com', 'day_event')
		expect(await mailTo('day@example.com')).toHaveLength(2)
	})

	test('a payment whose receipt cannot be written yet is recorded with the job that writes it: the job sends it once, numbered invoice attached', async () => {
		// The receipt goes after the payment's commit, once its invoice is numbered (decision
		// 115): the payment commits with a job that writes it, not with the outbox row itself.
		const { id } = await createCheckout(database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
		await withWritesFailing(async () => {
			expect(
				await recordSandboxPayment(database.db, id, { email: 'payer@example.com' }),
			).toMatchObject({ status: 'paid' })
		})
		expect(await order(id)).toMatchObject({ status: 'paid', receiptSentAt: null })
		expect(await mailTo('payer@example.com')).toEqual([])

		await jobsDueNow(database)
		await drainJobs(database)
		await jobsDueNow(database)
		await drainJobs(database)
		const mail = await mailTo('payer@example.com', `Your receipt for order ${id}`)
		expect(mail).toHaveLength(1)
		expect(mail[0]!.attachments!.some((file) => file.contentType === 'application/pdf')).toBe(true)
	})

	test('reassigning a pass whose new link cannot be sent keeps the old link, and logs nothing', async () => {
		const orderId = await buyPass('team.lead@example.com')
		const [pass] = await database.db.select().from(passes).where(eq(passes.orderId, orderId))
		const reassign = () =>
			reassignPass(database.db, owner, {
				orderId,
				passId: pass!.id,
				email: 'colleague@example.com',
				origin: 'http://site.test',
			})
		await withWritesFailing(async () => {
			await expect(reassign()).rejects.toThrow()
		})
		expect(await database.db.select().from(passes).where(eq(passes.orderId, orderId))).toEqual([
			pass,
		])
		expect(await auditAbout(`order:${orderId}`)).toEqual([])
		expect(await mailTo('colleague@example.com')).toEqual([])

		expect(await reassign()).toMatchObject({ ok: true })
		const [moved] = await database.db.select().from(passes).where(eq(passes.orderId, orderId))
		expect(moved!.id).not.toBe(pass!.id)
		const [link] = await mailTo('colleague@example.com')
		expect(link!.textBody).toContain(`http://site.test/pass/${moved!.id}`)
		expect(await auditAbout(`order:${orderId}`)).toHaveLength(1)
	})

	test("the owner's resent receipt and its audit line commit together: when the line cannot be written, no receipt goes", async () => {
		const orderId = await buyPass('resend@example.com')
		await withWritesFailing(async () => {
			await expect(resendOrderReceipt(database.db, owner, orderId)).rejects.toThrow()
		}, 'owner_audit_log')
		expect(await mailTo('resend@example.com')).toHaveLength(1)

		expect(await resendOrderReceipt(database.db, owner, orderId)).toMatchObject({ ok: true })
		expect(await auditAbout(`order:${orderId}`)).toHaveLength(1)
		expect(await mailTo('resend@example.com')).toHaveLength(2)
	})

	test('a late payment’s refund is not recorded while its notice cannot be written; the job’s retry records both, once', async () => {
		// The pass has one seat nobody holds; the late buyer's hold ends and someone else takes it.
		await database.db.execute(
			sql`UPDATE catalog_items SET capacity = 1 + (SELECT coalesce(sum(quantity), 0) FROM orders
				WHERE item_code = ${PASS} AND (status = 'paid' OR (status = 'pending' AND expires_at > now())))
				WHERE code = ${PASS}`,
		)
		const { id: late } = await createCheckout(database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
		await database.db
			.update(orders)
			.set({ expiresAt: sql`now() - interval '1 second'` })
			.where(eq(orders.id, late))
		await createCheckout(database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
		await recordSandboxPayment(database.db, late, { email: 'late@example.com' })
		expect((await order(late)).status).toBe('expired')

		await withWritesFailing(() => drainJobs(database))
		expect(await order(late)).toMatchObject({ status: 'expired', refundNoticeSentAt: null })
		expect(await mailTo('late@example.com')).toEqual([])

		await jobsDueNow(database)
		await drainJobs(database)
		const refunded = await order(late)
		expect(refunded.status).toBe('refunded')
		expect(refunded.refundNoticeSentAt).toBeInstanceOf(Date)
		expect(await mailTo('late@example.com', `Your order ${late} is being refunded`)).toHaveLength(1)
		await jobsDueNow(database)
		await drainJobs(database)
		expect(await mailTo('late@example.com')).toHaveLength(1)
	})
})

describe.each(databaseBackends)('migration 0013 on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let before: string

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		// The migrations as they were before 0013.
		before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
		for (const file of fs.readdirSync(defaultMigrationsDir()))
			if (file < '0013')
				fs.copyFileSync(path.join(defaultMigrationsDir(), file), path.join(before, file))
		await migrate(database, before)
	})
	afterAll(async () => {
		fs.rmSync(before, { recursive: true, force: true })
		await cleanup?.()
	})

	test('a workshop or course lead whose address got a message at its sign-up counts as confirmed by e-mail; one without stays due', async () => {
		const lead = (email: string, list: string, at: string) =>
			database.db.execute(
				sql`INSERT INTO leads (email, list, created_at, updated_at) VALUES (${email}, ${list}, ${at}::timestamptz, ${at}::timestamptz)`,
			)
		const message = (to: string, at: string) =>
			database.db.execute(
				sql`INSERT INTO outbox (to_address, from_address, subject, text_body, transport, created_at)
					VALUES (${to}, 'a@b.test', 'Welcome', 'T', 'outbox', ${at}::timestamptz)`,
			)
		await lead('sent@example.com', 'workshop', '2026-01-01T10:00:00Z')
		await message('sent@example.com', '2026-01-01T10:00:01Z')
		await lead('lost@example.com', 'course', '2026-01-01T10:00:00Z')
		await lead('later@example.com', 'workshop', '2026-01-01T10:00:00Z')
		// A message a day later is not the confirmation.
		await message('later@example.com', '2026-01-02T10:00:00Z')
		await lead('day@example.com', 'day_event', '2026-01-01T10:00:00Z')
		await message('day@example.com', '2026-01-01T10:00:01Z')

		await migrate(database)
		const rows = await database.db.select().from(leads)
		const sentAt = (email: string) =>
			rows.find((row) => row.email === email)?.confirmationSentAt?.toISOString() ?? null
		expect(sentAt('sent@example.com')).toBe('2026-01-01T10:00:01.000Z')
		expect(sentAt('lost@example.com')).toBeNull()
		expect(sentAt('later@example.com')).toBeNull()
		// Day-event leads kept their own rule (the last link sent) and are not touched.
		expect(sentAt('day@example.com')).toBeNull()
	})
})
