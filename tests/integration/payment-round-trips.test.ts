/**
 * A payment's writes in fewer round trips (issue 35 item 3, docs/decisions/181), with the same
 * guarantees: the receipt's claim, its outbox row and (with SMTP) its delivery job are one
 * statement, so a failure at any of them leaves none and the next try sends exactly one receipt;
 * the payment locks its order before it stores its event, so the same event delivered at once
 * several times pays once; an enqueue wakes the worker only for what is due. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set (scripts/with-postgres.sh), where they really race.
 */
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { orders } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { jobs } from '~/db/schema-jobs.server'
import { outbox } from '~/db/schema-leads.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { enqueue, onJobQueued } from '~/jobs/queue.server'
import {
	applyPaymentEvent,
	createCheckout,
	recordSandboxPayment,
} from '~/models/checkout/index.server'
import { sendReceipt } from '~/models/checkout/receipt.server'
import { startSmtp } from '../fakes/smtp'
import { databaseBackends } from '../support/databases'
import { drainJobs, leaveInProcess, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'

type Smtp = Awaited<ReturnType<typeof startSmtp>>

describe.each(databaseBackends)('a payment’s round trips on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	let smtp: Smtp

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
		smtp = await startSmtp()
		useInProcess({ SMTP_URL: smtp.url })
	})
	afterAll(async () => {
		leaveInProcess()
		await smtp?.close()
		await cleanup?.()
	})

	let buyers = 0
	const buyer = () => `round-trip-${++buyers}@example.com`
	const checkout = async () =>
		(
			await createCheckout(database.db, {
				code: PASS,
				quantity: 1,
				region: 'GLOBAL',
				origin: 'http://site.test',
			})
		).id
	const receiptRows = (email: string) =>
		database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.toAddress, email))
	const deliveryJobs = async (email: string) => {
		const ids = (await receiptRows(email)).map((row) => row.id)
		const rows = await database.db
			.select({ outboxId: sql<number>`(${jobs.payload}->>'outboxId')::bigint` })
			.from(jobs)
			.where(eq(jobs.kind, 'email.deliver'))
		return rows.filter((row) => ids.includes(Number(row.outboxId)))
	}
	const receiptClaimed = async (id: string) => {
		const [order] = await database.db
			.select({ sentAt: orders.receiptSentAt, status: orders.status })
			.from(orders)
			.where(eq(orders.id, id))
		return order!.sentAt !== null
	}

	/** A trigger that refuses the rows of `table` `when` (SQL over NEW) while `run` runs. */
	async function refusing<T>(table: 'outbox' | 'jobs', when: string, run: () => Promise<T>) {
		await database.db.execute(
			sql.raw(`CREATE OR REPLACE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $fn$
				BEGIN RAISE EXCEPTION 'refused by the test'; END $fn$`),
		)
		await database.db.execute(
			sql.raw(`CREATE TRIGGER refuse_row BEFORE INSERT ON ${table}
				FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION refuse_row()`),
		)
		try {
			return await run()
		} finally {
			await database.db.execute(sql.raw(`DROP TRIGGER refuse_row ON ${table}`))
		}
	}

	test.each([
		['outbox row', 'outbox' as const, 'true'],
		['delivery job (written after the outbox row)', 'jobs' as const, "NEW.kind = 'email.deliver'"],
	])(
		'a receipt whose %s cannot be written is neither claimed nor half-written; the next try sends it once',
		async (_, table, when) => {
			const email = buyer()
			const id = await checkout()
			// The payment commits; its receipt, right after, fails (logged: the settle job retries).
			await refusing(table, when, () => recordSandboxPayment(database.db, id, { email }))
			const [paid] = await database.db.select().from(orders).where(eq(orders.id, id))
			expect(paid!.status).toBe('paid')
			expect(await receiptClaimed(id)).toBe(false)
			expect(await receiptRows(email)).toEqual([])

			// The settle job's try: one receipt, one delivery, one message at the mail server.
			expect(await sendReceipt(database.db, id)).toBe(true)
			expect(await sendReceipt(database.db, id)).toBe(false)
			expect(await receiptClaimed(id)).toBe(true)
			expect(await receiptRows(email)).toHaveLength(1)
			expect(await deliveryJobs(email)).toHaveLength(1)
			await drainJobs(database)
			expect(smtp.mailTo(email)).toHaveLength(1)
		},
	)

	test('three sends of one order’s receipt at once (the payment’s caller, its job, the owner’s page) queue one', async () => {
		const email = buyer()
		const id = await checkout()
		await refusing('outbox', 'true', () => recordSandboxPayment(database.db, id, { email }))
		const sent = await Promise.all([1, 2, 3].map(() => sendReceipt(database.db, id)))
		expect(sent.filter(Boolean)).toHaveLength(1)
		expect(await receiptRows(email)).toHaveLength(1)
		expect(await deliveryJobs(email)).toHaveLength(1)
	})

	test('the same completion delivered three times at once pays once: one invoice, one settle job, one receipt', async () => {
		const email = buyer()
		const id = await checkout()
		const [order] = await database.db.select().from(orders).where(eq(orders.id, id))
		const event = getPaymentProvider().sitePage!.paid(
			id,
			{ email },
			{ amountMinor: order!.amountMinor, currency: order!.currency, mode: 'payment' },
			null,
		)
		const results = await Promise.all([1, 2, 3].map(() => applyPaymentEvent(database.db, event)))
		expect(results.filter((result) => result.changed)).toHaveLength(1)
		for (const result of results) expect(result.orderId).toBe(id)
		const documents = await database.db.select().from(invoices).where(eq(invoices.orderId, id))
		expect(documents).toHaveLength(1)
		expect(documents[0]!.number).not.toBeNull()
		const settles = await database.db
			.select({ id: jobs.id })
			.from(jobs)
			.where(and(eq(jobs.kind, 'checkout.settle'), like(jobs.dedupeKey, `%:${id}`)))
		expect(settles).toHaveLength(1)
		expect(await receiptRows(email)).toHaveLength(1)
	})

	test('an enqueue wakes the worker for a job due now, not for one due in a minute', async () => {
		let wakes = 0
		const stop = onJobQueued(() => wakes++)
		try {
			await enqueue(database.db, 'test.later', {}, { runAt: new Date(Date.now() + 60_000) })
			expect(wakes).toBe(0)
			await enqueue(database.db, 'test.now', {})
			expect(wakes).toBe(1)
		} finally {
			stop()
			await database.db.delete(jobs).where(like(jobs.kind, 'test.%'))
		}
	})
})
