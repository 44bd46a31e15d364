/**
 * Invoices and credit notes (docs/decisions/115) on the embedded defaults (the sandbox
 * provider): numbered in one gap-free sequence in the transaction that marks an order paid or
 * refunded, with a snapshot of what they say. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set (scripts/with-postgres.sh), where payments really run concurrently.
 */
import { asc, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getSeller } from '~/content/site-content.server'
import type { Database } from '~/db/client.server'
import { catalogItems, orders } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { outbox } from '~/db/schema-leads.server'
import {
	createCheckout,
	recordSandboxPayment,
	refundCheckout,
} from '~/models/checkout/index.server'
import { issueInvoice } from '~/models/invoices/issue.server'
import { invoicePath } from '~/models/invoices/query.server'
import { REVERSE_CHARGE_NOTE } from '~/models/invoices/vat'
import { prepareDatabase } from '~/models/prepare-database.server'
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
			await database.db.select({ n: invoices.number }).from(invoices).orderBy(asc(invoices.number))
		).map((row) => row.n)
	const expectNoGaps = async () => {
		const numbers = await allNumbers()
		expect(numbers).toEqual(numbers.map((_, index) => index + 1))
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

	test('a payment that rolls back gives its number back: the next invoice takes it', async () => {
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
			expect(invoicePath(invoice!.id)).toMatch(/^\/invoice\/[\w-]{22}\?sig=[\w-]{43}$/)
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
