/**
 * A coupon that does not combine with regional prices (issue 36 item 20, docs/decisions/158):
 * a buyer with a regional price pays the lower of their regional price without the coupon and
 * the full price with it; the checkout page, the receipt and the invoice say which, and add up.
 * With the sandbox, the models in this process, on PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { coupons, orders } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { outbox } from '~/db/schema-leads.server'
import {
	createCheckout,
	getSandboxCheckout,
	recordSandboxPayment,
} from '~/models/checkout/index.server'
import { getOrderDetail } from '~/models/checkout/orders.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

const SEAT = 'ai-driven-dev-preorder'
const ORIGIN = 'https://site.test'
const ENV = { SITE_URL: ORIGIN }
// SPEC §4's TIER4: 60 % off $249, rounded to a whole dollar, is $100.
const TIER4_SEAT = 10_000

describe.each(databaseBackends)('a coupon apart from regional prices on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	const db = () => database.db
	let buyers = 0

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		useInProcess(ENV)
		await prepareDatabase(database)
		await db()
			.insert(coupons)
			.values([
				{ code: 'HALF', kind: 'percent', amount: 50, combinesWithRegional: false },
				{ code: 'DEEP70', kind: 'percent', amount: 70, combinesWithRegional: false },
				{ code: 'BOTH20', kind: 'percent', amount: 20 },
			])
	}, 120_000)
	afterAll(async () => {
		leaveInProcess()
		await cleanup?.()
	})
	beforeEach(() => {
		useInProcess(ENV)
		invalidateSalesCache()
	})

	const checkout = async (coupon: string, quantity = 1) => {
		const { id } = await createCheckout(db(), {
			code: SEAT,
			quantity,
			region: 'TIER4',
			coupon,
			origin: ORIGIN,
			clientIp: `198.51.100.${++buyers}`,
		})
		const [order] = await db().select().from(orders).where(eq(orders.id, id))
		return order!
	}

	test('when the regional price is lower, the buyer pays it and the coupon is not used', async () => {
		// Half off $249 is $124.50, more than the regional $100.
		const order = await checkout('half')
		expect(order).toMatchObject({
			unitAmountMinor: TIER4_SEAT,
			discountMinor: 0,
			amountMinor: TIER4_SEAT,
			couponCode: null,
			couponOnBasePrice: false,
		})
		expect((await getSandboxCheckout(db(), order.id))?.discountNote).toBeNull()
	})

	test('when the full price with the coupon is lower, the buyer pays that, and checkout, receipt and invoice say so and add up', async () => {
		// 70 % off $249 is $74.70 a seat, less than the regional $100.
		const order = await checkout('deep70', 2)
		expect(order).toMatchObject({
			unitAmountMinor: 24_900,
			discountMinor: 34_860,
			amountMinor: 14_940,
			couponCode: 'DEEP70',
			couponOnBasePrice: true,
		})
		const note = 'coupon DEEP70 off the full price: it does not combine with regional prices'
		expect((await getSandboxCheckout(db(), order.id))?.discountNote).toBe(note)

		await recordSandboxPayment(db(), order.id, { email: 'far@example.com' })
		const [receipt] = await db()
			.select()
			.from(outbox)
			.where(and(eq(outbox.toAddress, 'far@example.com'), eq(outbox.kind, 'receipt')))
			.orderBy(desc(outbox.id))
		expect(receipt!.textBody).toContain(`Discount (${note})`)
		expect(receipt!.textBody).toContain('2 × AI Driven Dev: pre-order seat')
		expect(receipt!.textBody).toContain('$498')
		expect(receipt!.textBody).toContain('$149.40')
		const [invoice] = await db()
			.select()
			.from(invoices)
			.where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
		const { lines, discountMinor, totalMinor, discountNote } = invoice!.data
		expect(lines).toMatchObject([{ quantity: 2, unitMinor: 24_900, amountMinor: 49_800 }])
		expect(discountNote).toBe(note)
		expect(49_800 - discountMinor).toBe(totalMinor)
		expect(totalMinor).toBe(order.amountMinor)
		// The owner's order page says the same.
		expect((await getOrderDetail(db(), order.id))?.discountNote).toBe(note)
	})

	test('a coupon that combines comes off the regional price, with nothing more to say', async () => {
		const order = await checkout('both20')
		expect(order).toMatchObject({
			unitAmountMinor: TIER4_SEAT,
			discountMinor: 2_000,
			amountMinor: 8_000,
			couponCode: 'BOTH20',
			couponOnBasePrice: false,
		})
		expect((await getSandboxCheckout(db(), order.id))?.discountNote).toBeNull()
	})
})
