/**
 * Invoices and credit notes (docs/decisions/115) on the embedded defaults (the sandbox
 * provider): written with a snapshot of what they say in the transaction that marks an order
 * paid or refunded, and numbered in one gap-free sequence by one statement after it commits,
 * never holding the counter row across the payment's transaction. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set (scripts/with-postgres.sh), where payments really run
 * concurrently.
 */
import crypto from 'node:crypto'
import { asc, eq, isNotNull, isNull, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getSeller } from '~/content/site-content.server'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { catalogItems, orders } from '~/db/schema.server'
import { invoiceCounters, invoices } from '~/db/schema-invoices.server'
import { jobs } from '~/db/schema-jobs.server'
import { outbox } from '~/db/schema-leads.server'
import { REVERSE_CHARGE_NOTE } from '~/domain/invoices/vat'
import { metricsRegistry } from '~/metrics.server'
import {
	createCheckout,
	recordSandboxPayment,
	refundCheckout,
} from '~/models/checkout/index.server'
import { enqueueSettle, SETTLE_JOB, settleJob } from '~/models/checkout/settle.server'
import { issueInvoice } from '~/models/invoices/issue.server'
import { numberDocument, numberOrderDocuments } from '~/models/invoices/numbering.server'
import { invoicePdf } from '~/models/invoices/pdf-cache.server'
import { findSignedInvoice, invoicePath } from '~/models/invoices/query.server'
import { verifyLinkToken } from '~/models/links/signed-token.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'

describe.each(databaseBackends)('invoices on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
		useInProcess()
	})
	afterAll(async () => {
		leaveInProcess()
		await cleanup?.()
	})

	const checkout = async (quantity = 1) =>
		(
			await createCheckout(database.db, {
				code: PASS,
				quantity,
				region: 'GLOBAL',
				origin: 'http://site.test',
			})
		).id
	const invoicesOf = (orderId: string) =>
		database.db
			.select()
			.from(invoices)
			.where(eq(invoices.orderId, orderId))
			.orderBy(asc(invoices.number))
	const allNumbers = async () =>
		(
			await database.db
				.select({ n: invoices.number })
				.from(invoices)
				.where(isNotNull(invoices.number))
				.orderBy(asc(invoices.number))
		).map((row) => row.n!)
	const unnumbered = async () =>
		(await database.db.select({ id: invoices.id }).from(invoices).where(isNull(invoices.number)))
			.length
	const counter = async (db: Pick<typeof database.db, 'select'> = database.db) => {
		const [row] = await db
			.select({ last: invoiceCounters.lastNumber })
			.from(invoiceCounters)
			.where(eq(invoiceCounters.seller, getSeller().id))
		return row?.last ?? 0
	}
	/** An order paid in a transaction that ends without the commit's follow-up (a crash). */
	const paidWithoutFollowUp = async (email: string) => {
		const id = await checkout()
		await database.db.transaction(async (tx) => {
			const [order] = await tx
				.update(orders)
				.set({ status: 'paid', paidAt: new Date(), email })
				.where(eq(orders.id, id))
				.returning()
			await issueInvoice(tx, order!)
			await enqueueSettle(tx, id, 'paid')
		})
		return id
	}
	const expectNoGaps = async () => {
		const numbers = await allNumbers()
		expect(numbers).toEqual(numbers.map((_, index) => index + 1))
		expect(await counter()).toBe(numbers.length)
		expect(await unnumbered()).toBe(0)
	}

	test('a paid order gets an invoice, the next number of the seller’s sequence, with the tax taken out of the price', async () => {
		const id = await checkout(2)
		await recordSandboxPayment(database.db, id, { email: 'ada@example.com' })
		const [invoice, ...more] = await invoicesOf(id)
		expect(more).toEqual([])
		const seller = getSeller()
		const [order] = await database.db.select().from(orders).where(eq(orders.id, id))
		expect(invoice).toMatchObject({ kind: 'invoice', seller: seller.id, currency: order!.currency })
		expect(invoice!.data).toMatchObject({
			kind: 'invoice',
			number: `${seller.invoicePrefix}${String(invoice!.number).padStart(6, '0')}`,
			seller: { name: seller.name, country: seller.country },
			buyer: { email: 'ada@example.com' },
			lines: [{ quantity: 2, unitMinor: order!.unitAmountMinor }],
			totalMinor: order!.amountMinor,
			pricesIncludeTax: true,
			reverseCharge: false,
		})
		const [row] = invoice!.data.taxes
		expect(row!.netMinor + row!.taxMinor).toBe(order!.amountMinor)
		expect(row!.rateBasisPoints).toBeGreaterThan(0)
		await expectNoGaps()
	})

	test('the billing details given at checkout are on the invoice; a business elsewhere in the EU gets the reverse charge', async () => {
		const id = await checkout()
		const foreign = getSeller().country === 'DE' ? 'AT' : 'DE'
		const vatNumber = foreign === 'DE' ? 'DE123456789' : 'ATU12345678'
		await recordSandboxPayment(database.db, id, {
			email: 'buyer@example.com',
			billing: {
				company: 'Acme GmbH',
				address: 'Hauptstraße 1\n10115 Berlin',
				country: foreign,
				vatNumber,
			},
		})
		const [invoice] = await invoicesOf(id)
		expect(invoice!.data.buyer).toMatchObject({
			company: 'Acme GmbH',
			address: ['Hauptstraße 1', '10115 Berlin'],
			country: foreign,
			vatNumber,
		})
		expect(invoice!.data).toMatchObject({
			reverseCharge: true,
			taxMinor: 0,
			notes: [REVERSE_CHARGE_NOTE],
		})
		expect(invoice!.data.taxes).toEqual([
			{
				rateBasisPoints: 0,
				netMinor: invoice!.totalMinor,
				taxMinor: 0,
				totalMinor: invoice!.totalMinor,
			},
		])
	})

	test('a refund issues a credit note, in the same sequence, that takes the invoice back', async () => {
		const id = await checkout()
		await recordSandboxPayment(database.db, id, { email: 'ada@example.com' })
		await refundCheckout(database.db, id)
		const [invoice, credit] = await invoicesOf(id)
		expect(credit).toMatchObject({ kind: 'credit_note', totalMinor: -invoice!.totalMinor })
		expect(credit!.number).toBe(Math.max(...(await allNumbers())))
		expect(credit!.data).toMatchObject({
			kind: 'credit_note',
			creditFor: invoice!.data.number,
			netMinor: -invoice!.data.netMinor,
			taxMinor: -invoice!.data.taxMinor,
		})
		await expectNoGaps()
	})

	test('an issued invoice does not change when the catalog does', async () => {
		const id = await checkout()
		await recordSandboxPayment(database.db, id, { email: 'ada@example.com' })
		const [before] = await invoicesOf(id)
		const [item] = await database.db.select().from(catalogItems).where(eq(catalogItems.code, PASS))
		await database.db
			.update(catalogItems)
			.set({ name: 'Renamed' })
			.where(eq(catalogItems.code, PASS))
		const [after] = await invoicesOf(id)
		await database.db
			.update(catalogItems)
			.set({ name: item!.name })
			.where(eq(catalogItems.code, PASS))
		expect(after!.data).toEqual(before!.data)
		expect(after!.data.lines[0]!.description).toBe(item!.name)
	})

	test('a coupon’s discount is a line of its own, and the tax is on what was paid', async () => {
		await database.db.execute(
			sql`INSERT INTO coupons (code, kind, amount) VALUES ('INVOICE10', 'percent', 10) ON CONFLICT DO NOTHING`,
		)
		const { id } = await createCheckout(database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
			coupon: 'INVOICE10',
		})
		await recordSandboxPayment(database.db, id, { email: 'ada@example.com' })
		const [order] = await database.db.select().from(orders).where(eq(orders.id, id))
		const [invoice] = await invoicesOf(id)
		expect(order!.discountMinor).toBeGreaterThan(0)
		expect(invoice!.data).toMatchObject({
			discountMinor: order!.discountMinor,
			lines: [{ amountMinor: order!.unitAmountMinor }],
			totalMinor: order!.amountMinor,
		})
		expect(invoice!.data.netMinor + invoice!.data.taxMinor).toBe(order!.amountMinor)
	})

	test('a payment that rolls back takes no number: the next invoice takes the next one', async () => {
		const id = await checkout()
		const [order] = await database.db.select().from(orders).where(eq(orders.id, id))
		await expect(
			database.db.transaction(async (tx) => {
				await issueInvoice(tx, order!)
				throw new Error('the payment failed after numbering')
			}),
		).rejects.toThrow('the payment failed')
		await recordSandboxPayment(database.db, id, { email: 'ada@example.com' })
		await expectNoGaps()
	})

	test('invoice numbers have no gaps or duplicates under concurrent payments', async () => {
		await database.db.execute(sql`UPDATE catalog_items SET capacity = NULL WHERE code = ${PASS}`)
		const ids = await Promise.all(Array.from({ length: 12 }, () => checkout()))
		await Promise.all(
			ids.map((id) => recordSandboxPayment(database.db, id, { email: 'many@example.com' })),
		)
		for (const id of ids) expect(await invoicesOf(id)).toHaveLength(1)
		await expectNoGaps()
	})

	test.skipIf(backend.name !== 'PostgreSQL')(
		'a numbering that waited on its invoice’s row and was overtaken takes the later number and a later issue time',
		async () => {
			const [first] = await invoicesOf(await paidWithoutFollowUp('waited@example.com'))
			const [second] = await invoicesOf(await paidWithoutFollowUp('overtook@example.com'))
			let waited: Promise<boolean> | undefined
			await database.db.transaction(async (tx) => {
				// Someone else has the first invoice's row (a buyer's page numbering it, say).
				await tx.execute(sql`SELECT id FROM invoices WHERE id = ${first!.id} FOR UPDATE`)
				waited = numberDocument(database.db, first!.id)
				await new Promise((resolve) => setTimeout(resolve, 100))
				expect(await numberDocument(database.db, second!.id)).toBe(true)
			})
			expect(await waited).toBe(true)
			const [one] = await invoicesOf(first!.orderId)
			const [two] = await invoicesOf(second!.orderId)
			expect(one!.number).toBe(two!.number! + 1)
			expect(one!.issuedAt.getTime()).toBeGreaterThanOrEqual(two!.issuedAt.getTime())
			expect(Date.parse(one!.data.issuedAt)).toBeGreaterThanOrEqual(Date.parse(two!.data.issuedAt))
			await expectNoGaps()
		},
	)

	test('the payment’s transaction writes the invoice without a number and never takes the counter row', async () => {
		const id = await checkout()
		const before = await counter()
		const [order] = await database.db.select().from(orders).where(eq(orders.id, id))
		const invoiceId = await database.db.transaction(async (tx) => {
			const issued = await issueInvoice(tx, { ...order!, status: 'paid', email: 'ada@example.com' })
			expect(issued).toMatchObject({ number: null, data: { number: '' } })
			// Not even uncommitted: the row is neither incremented nor locked by this transaction.
			expect(await counter(tx)).toBe(before)
			// Numbering elsewhere sees no committed invoice yet, and takes no number (PGlite has one
			// connection, which this transaction holds).
			if (backend.name === 'PostgreSQL')
				expect(await numberDocument(database.db, issued.id)).toBe(false)
			return issued.id
		})
		expect(await counter()).toBe(before)
		expect(await numberDocument(database.db, invoiceId)).toBe(true)
		const [invoice] = await invoicesOf(id)
		expect(invoice).toMatchObject({ number: before + 1 })
		expect(invoice!.data.number).toBe(
			`${getSeller().invoicePrefix}${String(before + 1).padStart(6, '0')}`,
		)
		expect(Date.parse(invoice!.data.issuedAt)).toBeGreaterThan(Date.now() - 60_000)
		await expectNoGaps()
	})

	test('numbering an invoice that has its number takes no other', async () => {
		const id = await checkout()
		await recordSandboxPayment(database.db, id, { email: 'ada@example.com' })
		const [invoice] = await invoicesOf(id)
		const before = await counter()
		expect(await numberDocument(database.db, invoice!.id)).toBe(false)
		expect(await numberOrderDocuments(database.db, id)).toBe(0)
		expect(await counter()).toBe(before)
		expect((await invoicesOf(id))[0]).toEqual(invoice)
	})

	test('an invoice left unnumbered by a stopped server is numbered by the job queued with its payment, which then sends the receipt with its PDF', async () => {
		const id = await paidWithoutFollowUp('late@example.com')
		expect(await unnumbered()).toBe(1)
		const [job] = await database.db.select().from(jobs).where(eq(jobs.kind, SETTLE_JOB))
		expect(job).toBeDefined()
		await settleJob(database.db).run({ orderId: id }, job!, new AbortController().signal)
		const [invoice] = await invoicesOf(id)
		expect(invoice!.number).not.toBeNull()
		const [mail] = await database.db
			.select()
			.from(outbox)
			.where(like(outbox.subject, `%${id}%`))
		expect(mail!.attachments!.map((file) => file.filename)).toContain(
			`invoice-${invoice!.data.number}.pdf`,
		)
		await expectNoGaps()
	})

	test('the buyer’s invoice page never shows an unnumbered invoice: it is numbered on view', async () => {
		const id = await paidWithoutFollowUp('viewer@example.com')
		const [waiting] = await invoicesOf(id)
		expect(waiting!.number).toBeNull()
		const signature = new URL(invoicePath(waiting!.id), 'http://site.test').searchParams.get('sig')
		const shown = await findSignedInvoice(database.db, waiting!.id, signature)
		expect(shown!.number).toBe(Math.max(...(await allNumbers())))
		expect(shown!.data.number).toMatch(/\d{6}$/)
		await expectNoGaps()
	})

	test('an invoice link sent before decision 127 (a bare signature) still opens its invoice only', async () => {
		const id = await paidWithoutFollowUp('old-link@example.com')
		const [invoice] = await invoicesOf(id)
		// How invoice links were signed before: the links' key over `invoice:<id>`.
		const linksKey = crypto.createHmac('sha256', 'x'.repeat(32)).update('signed-links/v1').digest()
		const oldSig = (invoiceId: string) =>
			crypto.createHmac('sha256', linksKey).update(`invoice:${invoiceId}`).digest('base64url')
		expect((await findSignedInvoice(database.db, invoice!.id, oldSig(invoice!.id)))?.id).toBe(
			invoice!.id,
		)
		expect(await findSignedInvoice(database.db, invoice!.id, oldSig('A'.repeat(22)))).toBeNull()
		expect(await findSignedInvoice(database.db, invoice!.id, null)).toBeNull()
	})

	test('a credit note issued before its invoice was numbered quotes the invoice’s number, and comes after it', async () => {
		const id = await paidWithoutFollowUp('refund@example.com')
		await refundCheckout(database.db, id)
		const [invoice, credit] = await invoicesOf(id)
		expect(invoice!.number! + 1).toBe(credit!.number)
		expect(credit!.data.creditFor).toBe(invoice!.data.number)
		await expectNoGaps()
	})

	test('numbering the same invoice from many places at once takes one number', async () => {
		const id = await paidWithoutFollowUp('twice@example.com')
		const [waiting] = await invoicesOf(id)
		const before = await counter()
		const results = await Promise.all(
			Array.from({ length: 6 }, () => numberDocument(database.db, waiting!.id)),
		)
		expect(results.filter(Boolean)).toHaveLength(1)
		expect(await counter()).toBe(before + 1)
		await expectNoGaps()
	})

	test.runIf(backend.name === 'PostgreSQL')(
		'a payment whose transaction has not committed holds no lock another payment waits for: that one commits and is numbered meanwhile',
		async () => {
			await database.db.execute(sql`UPDATE catalog_items SET capacity = NULL WHERE code = ${PASS}`)
			// The seller's counter row exists (a payment before): there is a row to lock.
			await recordSandboxPayment(database.db, await checkout(), { email: 'first@example.com' })
			const held = await checkout()
			const other = await checkout()
			let release!: () => void
			const released = new Promise<void>((resolve) => {
				release = resolve
			})
			let inside!: () => void
			const ready = new Promise<void>((resolve) => {
				inside = resolve
			})
			// The first payment's transaction: its invoice written, then it waits (a slow app server).
			const first = database.db.transaction(async (tx) => {
				const [order] = await tx
					.update(orders)
					.set({ status: 'paid', paidAt: new Date(), email: 'slow@example.com' })
					.where(eq(orders.id, held))
					.returning()
				await issueInvoice(tx, order!)
				inside()
				await released
			})
			await ready
			const outcome = await Promise.race([
				recordSandboxPayment(database.db, other, { email: 'fast@example.com' }).then(() => 'paid'),
				new Promise((resolve) => setTimeout(() => resolve('blocked'), 5_000)),
			])
			release()
			await first
			expect(outcome).toBe('paid')
			const [fast] = await invoicesOf(other)
			expect(fast!.number).not.toBeNull()
			await numberOrderDocuments(database.db, held)
			const [slow] = await invoicesOf(held)
			// Numbers follow the time they were given: the slow one comes after.
			expect(slow!.number).toBe(fast!.number! + 1)
			await expectNoGaps()
		},
	)

	test('the receipt links to the invoice (signed) and carries its PDF', async () => {
		useInProcess({ SITE_URL: 'http://site.test' })
		try {
			const id = await checkout()
			await recordSandboxPayment(database.db, id, { email: 'receipt@example.com' })
			const [invoice] = await invoicesOf(id)
			const [mail] = await database.db
				.select()
				.from(outbox)
				.where(like(outbox.subject, `%${id}%`))
			expect(mail!.textBody).toContain(`http://site.test${invoicePath(invoice!.id)}`)
			expect(invoicePath(invoice!.id)).toMatch(/^\/invoice\/[\w-]{22}\?sig=[\w-]+\.[\w-]{43}$/)
			// The link's token is for this invoice, as an invoice link, and never expires.
			const sig = new URL(invoicePath(invoice!.id), 'http://site.test').searchParams.get('sig')
			expect(verifyLinkToken(sig, 'invoice', 'x'.repeat(32), Date.UTC(2046, 0, 1))).toEqual({
				ok: true,
				subject: invoice!.id,
			})
			const pdf = mail!.attachments!.find((file) => file.contentType === 'application/pdf')
			expect(pdf).toMatchObject({
				filename: `invoice-${invoice!.data.number}.pdf`,
				encoding: 'base64',
			})
			expect(Buffer.from(pdf!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-')
		} finally {
			useInProcess()
		}
	})

	test('a receipt and a download of the same document version render its PDF once (decision 133)', async () => {
		const renders = async () => {
			const text = await metricsRegistry().metrics()
			return Number(/^invoice_pdf_renders_total (\d+)$/m.exec(text)?.[1] ?? 0)
		}
		const id = await checkout()
		const before = await renders()
		await recordSandboxPayment(database.db, id, { email: 'once@example.com' })
		const [mail] = await database.db
			.select()
			.from(outbox)
			.where(like(outbox.subject, `%${id}%`))
		const attached = mail!.attachments!.find((file) => file.contentType === 'application/pdf')!
		expect(await renders()).toBe(before + 1)

		// The download, as /invoice/{id}/pdf finds and renders it.
		const [invoice] = await invoicesOf(id)
		const sig = new URL(invoicePath(invoice!.id), 'http://site.test').searchParams.get('sig')
		const download = await invoicePdf((await findSignedInvoice(database.db, invoice!.id, sig))!)
		expect(download.toString('base64')).toBe(attached.content)
		expect(await renders()).toBe(before + 1)
	})

	test('prices without VAT: the checkout adds the VAT of the buyer’s country, and the invoice shows it on top', async () => {
		useInProcess({ PRICES_INCLUDE_TAX: '0' })
		try {
			const id = await checkout()
			const [before] = await database.db.select().from(orders).where(eq(orders.id, id))
			const country = getSeller().country === 'DE' ? 'AT' : 'DE'
			await recordSandboxPayment(database.db, id, {
				email: 'ada@example.com',
				billing: { company: null, address: null, country, vatNumber: null },
			})
			const [after] = await database.db.select().from(orders).where(eq(orders.id, id))
			const rate = country === 'DE' ? 1900 : 2000
			const tax = Math.round((before!.amountMinor * rate) / 10000)
			expect(after).toMatchObject({ status: 'paid', amountMinor: before!.amountMinor + tax })
			const [invoice] = await invoicesOf(id)
			expect(invoice!.data).toMatchObject({
				pricesIncludeTax: false,
				netMinor: before!.amountMinor,
				taxMinor: tax,
				totalMinor: before!.amountMinor + tax,
				taxes: [{ rateBasisPoints: rate, netMinor: before!.amountMinor, taxMinor: tax }],
			})
		} finally {
			useInProcess()
		}
	})
})
