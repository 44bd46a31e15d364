/**
 * The buyer's papers (issue 36 items 8 and 17, docs/decisions/152): every refund e-mail links the
 * credit note of that refund, signed, and the link opens it; a name given at checkout is the
 * invoice's buyer name (the accountant's `buyer_name`), not the address. With the sandbox, on
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { passes } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { outbox } from '~/db/schema-leads.server'
import { createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { refundOrder, refundOrderPart } from '~/models/checkout/order-actions.server'
import { INVOICE_CSV_HEADER, invoiceCsvRow } from '~/models/invoices/export.server'
import { findSignedInvoice, invoiceOfOrder } from '~/models/invoices/query.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const ORIGIN = 'https://site.test'
const owner = { name: 'mona (GitHub #1001)' }
const ENV = { SITE_URL: ORIGIN }

let buyers = 0
const address = (who: string) => `${who}-${++buyers}@example.com`

describe.each(databaseBackends)("the buyer's papers on $name", (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	const db = () => database.db

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		useInProcess(ENV)
		await prepareDatabase(database)
	}, 120_000)
	afterAll(async () => {
		leaveInProcess()
		await cleanup?.()
	})
	beforeEach(() => {
		useInProcess(ENV)
		invalidateSalesCache()
	})

	async function buy(quantity: number, email: string, name?: string) {
		const { id } = await createCheckout(db(), {
			code: PASS,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
			clientIp: `198.51.100.${buyers % 250}`,
		})
		await recordSandboxPayment(db(), id, { email, name })
		const rows = await db()
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, id))
			.orderBy(passes.createdAt, passes.id)
		return { id, passes: rows.map((row) => row.id) }
	}
	const lastText = async (email: string, kind: 'refundNotice' | 'partialRefundNotice') => {
		const [row] = await db()
			.select({ text: outbox.textBody, html: outbox.htmlBody })
			.from(outbox)
			.where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)))
			.orderBy(desc(outbox.id))
			.limit(1)
		return row ?? { text: '', html: '' }
	}
	/** The credit note a message links to, as its link opens it (null: the link opens nothing). */
	const linkedCreditNote = async (text: string) => {
		const link = text.match(/https:\/\/site\.test\/invoice\/([\w-]+)\?sig=([\w.%-]+)/)
		expect(link, text).toBeTruthy()
		return findSignedInvoice(db(), link![1]!, decodeURIComponent(link![2]!))
	}

	test("a refund's e-mail links the credit note of that refund, and the link opens it", async () => {
		const buyer = address('refunded')
		const { id, passes: ids } = await buy(2, buyer)
		expect((await refundOrderPart(db(), owner, { orderId: id, passId: ids[0]! })).ok).toBe(true)
		const part = await lastText(buyer, 'partialRefundNotice')
		expect(part.text).toContain('Your credit note')
		const partNote = await linkedCreditNote(part.text)
		expect(partNote).toMatchObject({
			orderId: id,
			kind: 'credit_note',
			refundId: expect.any(String),
		})

		await refundOrder(db(), owner, id)
		const rest = await lastText(buyer, 'refundNotice')
		const restNote = await linkedCreditNote(rest.text)
		expect(restNote).toMatchObject({ orderId: id, kind: 'credit_note', refundId: `${id}.rest` })
		expect(restNote!.id).not.toBe(partNote!.id)
		expect(rest.html).toContain(`href="https://site.test/invoice/${restNote!.id}?sig=`)
		// Two refunds, two credit notes: each e-mail names its own.
		const notes = await db()
			.select({ id: invoices.id })
			.from(invoices)
			.where(and(eq(invoices.orderId, id), eq(invoices.kind, 'credit_note')))
		expect(notes.map((note) => note.id).sort()).toEqual([partNote!.id, restNote!.id].sort())
	})

	test("a name given at checkout is the invoice's buyer name, not the address; without one the address stands in", async () => {
		const named = address('named')
		const { id } = await buy(1, named, '  Grace Hopper ')
		const invoice = (await invoiceOfOrder(db(), id))!
		expect(invoice.data.buyer).toMatchObject({ name: 'Grace Hopper', email: named })
		const column = INVOICE_CSV_HEADER.indexOf('buyer_name')
		expect(invoiceCsvRow(invoice)[column]).toBe('Grace Hopper')

		const nameless = address('nameless')
		const other = (await invoiceOfOrder(db(), (await buy(1, nameless)).id))!
		expect(invoice.data.buyer.name).not.toBe(named)
		expect(other.data.buyer.name).toBe(nameless)
	})
})
