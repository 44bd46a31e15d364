/**
 * What a partial refund leaves on paper (issue 26 item 6, docs/decisions/115, 123): a credit note
 * per refund, numbered next in the one gap-free sequence, for its amount and its share of the tax
 * per rate, the full refund after partial ones crediting the rest, all of them in the owner's
 * CSV and zip; a receipt sent again shows what was paid, refunded and the net; the full refund's
 * e-mail says "full" only when it is. With the sandbox, on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { newPublicId } from '~/db/public-id.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { orders, passes } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { outbox } from '~/db/schema-leads.server'
import { csvText } from '~/domain/csv'
import { formatPrice, toMajorUnits } from '~/domain/pricing'
import { createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import {
	refundOrder,
	refundOrderPart,
	resendOrderReceipt,
} from '~/models/checkout/order-actions.server'
import { INVOICE_CSV_HEADER, invoiceCsvRow, invoicesZip } from '~/models/invoices/export.server'
import { invoicesIssuedBetween } from '~/models/invoices/query.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const ORIGIN = 'https://site.test'
const owner = { name: 'mona (GitHub #1001)' }
const ENV = { SITE_URL: ORIGIN }

let buyers = 0
const address = (who: string) => `${who}-${++buyers}@example.com`

describe.each(databaseBackends)('partial refunds on paper on $name', (backend) => {
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

	async function buy(quantity: number, email: string) {
		const { id } = await createCheckout(db(), {
			code: PASS,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
			clientIp: `198.51.100.${buyers % 250}`,
		})
		await recordSandboxPayment(db(), id, { email })
		const rows = await db()
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, id))
			.orderBy(passes.createdAt, passes.id)
		const [order] = await db().select().from(orders).where(eq(orders.id, id))
		return { id, passes: rows.map((row) => row.id), order: order! }
	}
	const documentsOf = (orderId: string) =>
		db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.number))
	const allNumbers = async () =>
		(
			await db()
				.select({ n: invoices.number })
				.from(invoices)
				.where(isNotNull(invoices.number))
				.orderBy(asc(invoices.number))
		).map((row) => row.n)
	const price = (minor: number) => formatPrice(toMajorUnits(minor, 'usd'), 'USD')
	const lastText = async (email: string, kind: 'receipt' | 'refundNotice') => {
		const [row] = await db()
			.select({ text: outbox.textBody })
			.from(outbox)
			.where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)))
			.orderBy(desc(outbox.id))
			.limit(1)
		return row?.text ?? ''
	}

	test('two partial refunds issue two credit notes, next in the sequence, for their amounts and tax share; the full refund credits the rest; the CSV and zip list them', async () => {
		const { id, passes: ids, order } = await buy(3, address('buyer'))
		const share = Math.floor(order.amountMinor / 3)
		expect((await refundOrderPart(db(), owner, { orderId: id, passId: ids[0]! })).ok).toBe(true)
		const key = newPublicId()
		expect((await refundOrderPart(db(), owner, { orderId: id, amount: '5', key })).ok).toBe(true)

		const [invoice, first, second, ...more] = await documentsOf(id)
		expect(more).toEqual([])
		const numbers = await allNumbers()
		// Gap-free, and the two credit notes are the last two numbers given.
		expect(numbers).toEqual(numbers.map((_, index) => index + 1))
		expect([first!.number, second!.number]).toEqual(numbers.slice(-2))
		const rate = invoice!.data.taxes[0]!
		expect(rate.rateBasisPoints).toBeGreaterThan(0)
		for (const [note, amount] of [
			[first!, share],
			[second!, 500],
		] as const) {
			const tax = Math.round((amount * rate.taxMinor) / rate.totalMinor)
			expect(note).toMatchObject({ kind: 'credit_note', totalMinor: -amount })
			expect(note.data).toMatchObject({
				kind: 'credit_note',
				creditFor: invoice!.data.number,
				totalMinor: -amount,
				taxMinor: -tax,
				netMinor: -(amount - tax),
				taxes: [
					{
						rateBasisPoints: rate.rateBasisPoints,
						netMinor: -(amount - tax),
						taxMinor: -tax,
						totalMinor: -amount,
					},
				],
			})
		}
		expect(first!.data.lines[0]).toMatchObject({ quantity: 1, amountMinor: -share })

		// The full refund credits what is left, so the three take the invoice back exactly.
		expect((await refundOrder(db(), owner, id)).ok).toBe(true)
		const notes = (await documentsOf(id)).filter((doc) => doc.kind === 'credit_note')
		expect(notes).toHaveLength(3)
		expect(notes[2]!.totalMinor).toBe(-(order.amountMinor - share - 500))
		const sum = (pick: (doc: (typeof notes)[number]) => number) =>
			notes.reduce((total, doc) => total + pick(doc), 0)
		expect(sum((doc) => doc.data.totalMinor)).toBe(-invoice!.data.totalMinor)
		expect(sum((doc) => doc.data.taxMinor)).toBe(-invoice!.data.taxMinor)
		expect(sum((doc) => doc.data.netMinor)).toBe(-invoice!.data.netMinor)
		const after = await allNumbers()
		expect(after).toEqual(after.map((_, index) => index + 1))

		// The accountant's exports: a CSV row and a PDF for each.
		const period = await invoicesIssuedBetween(
			db(),
			new Date(Date.now() - 86_400_000),
			new Date(Date.now() + 86_400_000),
		)
		const mine = period.filter((doc) => doc.orderId === id)
		const rows = mine.map(invoiceCsvRow)
		expect(rows.map((row) => [row[1], row[13]])).toEqual([
			['invoice', toMajorUnits(order.amountMinor, 'usd')],
			['credit note', -toMajorUnits(share, 'usd')],
			['credit note', -5],
			['credit note', -toMajorUnits(order.amountMinor - share - 500, 'usd')],
		])
		const csv = csvText(INVOICE_CSV_HEADER, mine.map(invoiceCsvRow))
		const files = Object.keys(unzipSync(await invoicesZip(mine, csv)))
		for (const note of notes) expect(files).toContain(`credit-note-${note.data.number}.pdf`)
	})

	test('a receipt sent again after a partial refund shows what was paid, what was refunded and the net', async () => {
		const buyer = address('buyer')
		const { id, passes: ids, order } = await buy(3, buyer)
		const share = Math.floor(order.amountMinor / 3)
		await refundOrderPart(db(), owner, { orderId: id, passId: ids[2]! })
		expect(await resendOrderReceipt(db(), owner, id)).toEqual({
			ok: true,
			message: 'The receipt is sent again.',
		})
		const text = await lastText(buyer, 'receipt')
		expect(text).toContain('3 × ')
		expect(text).toMatch(
			new RegExp(`Total paid\\s+${price(order.amountMinor).replace('$', '\\$')}`),
		)
		expect(text).toMatch(/Refunded \(1 pass\)\s+−\$/)
		expect(text).toContain(`−${price(share)}`)
		expect(text).toContain(`Net paid`)
		expect(text).toContain(price(order.amountMinor - share))
		expect(text).toContain(
			`${price(share)} of it was refunded to the card you paid with: you paid ${price(order.amountMinor - share)} in the end.`,
		)
		// Two pass links left: the refunded one is gone.
		expect(text.match(/Pass \d: /g)).toHaveLength(2)
	})

	test('the full refund’s e-mail says "full" when it is the whole amount', async () => {
		const buyer = address('buyer')
		const { id, order } = await buy(2, buyer)
		await refundOrder(db(), owner, id)
		const text = await lastText(buyer, 'refundNotice')
		expect(text).toContain(`the full ${price(order.amountMinor)} goes back`)
		expect(text).not.toContain('remaining')
	})

	test('the full refund after a partial one says what remains, and that with the part it is all that was paid', async () => {
		const buyer = address('buyer')
		const { id, order } = await buy(2, buyer)
		await refundOrderPart(db(), owner, { orderId: id, amount: '3', key: newPublicId() })
		await refundOrder(db(), owner, id)
		const text = await lastText(buyer, 'refundNotice')
		expect(text).not.toMatch(/\bfull\b/)
		expect(text).toContain(
			`the remaining ${price(order.amountMinor - 300)} goes back to the card you paid with. With the ${price(300)} refunded before, that is all ${price(order.amountMinor)} you paid.`,
		)
	})

	test('the last pass refunded on its own is the full refund, and its e-mail names only the rest', async () => {
		const buyer = address('buyer')
		const { id, passes: ids, order } = await buy(2, buyer)
		const share = Math.floor(order.amountMinor / 2)
		await refundOrderPart(db(), owner, { orderId: id, passId: ids[0]! })
		const outcome = await refundOrderPart(db(), owner, { orderId: id, passId: ids[1]! })
		expect(outcome.message).toBe('The order is refunded and its seats are released.')
		const text = await lastText(buyer, 'refundNotice')
		expect(text).not.toMatch(/\bfull\b/)
		expect(text).toContain(`the remaining ${price(order.amountMinor - share)} goes back`)
		expect(text).toContain('Its pass no longer works')
		const [after] = await db().select().from(orders).where(eq(orders.id, id))
		expect(after).toMatchObject({ status: 'refunded', refundedMinor: order.amountMinor })
	})
})
