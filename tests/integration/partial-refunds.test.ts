/**
 * Partial refunds (issue 26 item 6, docs/decisions/123), through the owner's action on a database
 * of the test's own: one seat of three refunded goes back on sale and to the waiting list, its
 * holder and the buyer are told, the overview's revenue is net of it; an amount refund; more than
 * is left refused; a double submit refunds once; everything left is the full refund. With the
 * sandbox, and with the fake Stripe (its refund's amount and idempotency key). On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { newPublicId } from '~/db/public-id.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { orders, passes, refunds } from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { outbox } from '~/db/schema-leads.server'
import { claimPass, createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { refundOrderPart } from '~/models/checkout/order-actions.server'
import { getOverview } from '~/models/figures/overview.server'
import { databaseBackends } from '../support/databases'
import { drainJobs, leaveInProcess, useInProcess } from '../support/in-process'
import { joinAndConfirm } from '../support/waitlist'

const SEAT = 'ai-driven-dev-preorder'
const PASS = 'ai-driven-development-day-pass'
const ORIGIN = 'https://site.test'
const owner = { name: 'mona (GitHub #1001)' }
/** The smallest course: 7 seats paid before each test and an order of 3 sell it out. */
const ENV = { COURSE_SLOTS: '10', CHECKOUT_HOLD_SHARE_PERCENT: '100', SITE_URL: ORIGIN }
const today = new Date().toISOString().slice(0, 10)

let buyers = 0
const address = (who: string) => `${who}-${++buyers}@example.com`

async function clear(database: Database) {
	for (const table of [
		'waitlist_entries',
		'passes',
		'payment_events',
		'invoices',
		'refunds',
		'orders',
		'outbox',
		'owner_audit_log',
	])
		await database.db.execute(sql.raw(`DELETE FROM ${table}`))
}

describe.each(databaseBackends)('partial refunds with the sandbox on $name', (backend) => {
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
	beforeEach(async () => {
		useInProcess(ENV)
		invalidateSalesCache()
		await clear(database)
		await buy(SEAT, 7, 'early@example.com')
	})

	async function buy(code: string, quantity: number, email: string) {
		const { id } = await createCheckout(db(), {
			code,
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
		return { id, passes: rows.map((row) => row.id) }
	}
	const orderOf = async (id: string) =>
		(await db().select().from(orders).where(eq(orders.id, id)))[0]!
	const mailTo = (email: string) =>
		db()
			.select({ kind: outbox.kind, subject: outbox.subject })
			.from(outbox)
			.where(eq(outbox.toAddress, email))
	const seatsLeft = async () => {
		const result = (await db().execute(
			sql`SELECT held FROM seat_counts('ai-driven-dev', NULL, NULL, NULL)`,
		)) as unknown as { rows: { held: number }[] }
		// Held: paid, and pending unexpired.
		return 10 - Number(result.rows[0]!.held)
	}
	const netRevenue = async () => {
		const overview = await getOverview(db(), { from: today, to: today })
		return overview.revenueByProduct
			.filter((row) => row.key === SEAT)
			.reduce((sum, row) => sum + row.amountMinor, 0)
	}

	test('one seat of three refunded goes back on sale and to the waiting list; its holder and the buyer are told; revenue is net', async () => {
		const buyer = address('buyer')
		const holder = address('holder')
		const order = await buy(SEAT, 3, buyer)
		expect(order.passes).toHaveLength(3)
		const paid = await orderOf(order.id)
		const revenueBefore = await netRevenue()
		expect(await seatsLeft()).toBe(0)
		await joinAndConfirm(db(), {
			code: SEAT,
			quantity: 1,
			region: 'GLOBAL',
			email: 'wait@example.com',
		})
		const seat = order.passes[1]!
		expect(await claimPass(db(), seat, { name: 'Grace', email: holder }, ORIGIN)).toBe('claimed')

		const outcome = await refundOrderPart(db(), owner, { orderId: order.id, passId: seat })

		const share = Math.floor(paid.amountMinor / 3)
		expect(outcome).toMatchObject({ ok: true })
		expect(outcome.message).toMatch(
			/^The seat is refunded \(.+\) and back on sale; the buyer is told\.$/,
		)
		const after = await orderOf(order.id)
		expect(after).toMatchObject({ status: 'paid', quantity: 2, refundedMinor: share })
		// Its link stops working; the others stay.
		const left = await db()
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, order.id))
		expect(left.map((row) => row.id).sort()).toEqual([order.passes[0], order.passes[2]].sort())
		const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id))
		expect(refund).toMatchObject({ amountMinor: share, quantity: 1, passIds: [seat] })
		// Offered to the first person waiting, not to a stranger.
		await drainJobs(database)
		const offers = await db()
			.select()
			.from(outbox)
			.where(and(eq(outbox.toAddress, 'wait@example.com'), eq(outbox.kind, 'waitlistOffer')))
		expect(offers).toHaveLength(1)
		expect(await mailTo(holder)).toContainEqual({
			kind: 'passRefunded',
			subject: 'Your AI Driven Dev: pre-order seat is cancelled',
		})
		expect((await mailTo(buyer)).filter((mail) => mail.kind === 'partialRefundNotice')).toEqual([
			{ kind: 'partialRefundNotice', subject: `Part of your order ${order.id} is refunded` },
		])
		expect(await netRevenue()).toBe(revenueBefore - share)
		const audit = await db().select().from(ownerAuditLog)
		expect(audit.map((row) => [row.action, row.target])).toContainEqual([
			'refund-part',
			`order:${order.id}`,
		])
	})

	test('a double submit of the same seat refunds it once', async () => {
		const buyer = address('buyer')
		const order = await buy(SEAT, 3, buyer)
		const seat = order.passes[0]!
		const outcomes = await Promise.all([
			refundOrderPart(db(), owner, { orderId: order.id, passId: seat }),
			refundOrderPart(db(), owner, { orderId: order.id, passId: seat }),
		])
		expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
		const again = await refundOrderPart(db(), owner, { orderId: order.id, passId: seat })
		expect(again).toEqual({ ok: true, message: 'That refund is done already.' })
		expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1)
		expect((await orderOf(order.id)).quantity).toBe(2)
		expect(
			(await mailTo(buyer)).filter((mail) => mail.kind === 'partialRefundNotice'),
		).toHaveLength(1)
	})

	test('both passes of two refunded at once: one part, then the whole order, never paid with nothing left', async () => {
		const buyer = address('buyer')
		const order = await buy(PASS, 2, buyer)
		const paid = await orderOf(order.id)
		const outcomes = await Promise.all(
			order.passes.map((passId) => refundOrderPart(db(), owner, { orderId: order.id, passId })),
		)
		expect(outcomes.map((outcome) => outcome.message).sort()).toEqual([
			'The order is refunded and its seats are released.',
			expect.stringMatching(/^The pass is refunded \(.+\) and back on sale; the buyer is told\.$/),
		])
		const after = await orderOf(order.id)
		// All of it refunded now: the part, then the rest (a refund of its own, 0032).
		const share = Math.floor(paid.amountMinor / 2)
		expect(after).toMatchObject({
			status: 'refunded',
			quantity: 1,
			refundedMinor: paid.amountMinor,
		})
		const parts = await db()
			.select({ id: refunds.id, amountMinor: refunds.amountMinor })
			.from(refunds)
			.where(eq(refunds.orderId, order.id))
		expect(parts.map((part) => part.amountMinor).sort((a, b) => a - b)).toEqual(
			[share, paid.amountMinor - share].sort((a, b) => a - b),
		)
		expect(parts.map((part) => part.id)).toContain(`${order.id}.rest`)
		// The full refund's e-mail names only what came back then.
		expect((await mailTo(buyer)).map((mail) => mail.kind).sort()).toEqual(
			expect.arrayContaining(['partialRefundNotice', 'refundNotice']),
		)
	})

	test('an amount refund leaves the seats as they are, once per form', async () => {
		const buyer = address('buyer')
		const order = await buy(PASS, 2, buyer)
		const key = newPublicId()
		const first = await refundOrderPart(db(), owner, { orderId: order.id, amount: '10', key })
		expect(first).toMatchObject({ ok: true })
		expect(first.message).toMatch(/^\$10 is refunded; the buyer is told\.$/)
		expect(await refundOrderPart(db(), owner, { orderId: order.id, amount: '10', key })).toEqual({
			ok: true,
			message: 'That refund is done already.',
		})
		expect(await orderOf(order.id)).toMatchObject({
			status: 'paid',
			quantity: 2,
			refundedMinor: 1_000,
		})
		expect(await db().select().from(passes).where(eq(passes.orderId, order.id))).toHaveLength(2)
		expect(
			(await mailTo(buyer)).filter((mail) => mail.kind === 'partialRefundNotice'),
		).toHaveLength(1)
	})

	test('more than is left is refused with a clear message, and nothing changes', async () => {
		const order = await buy(PASS, 1, address('buyer'))
		const paid = await orderOf(order.id)
		const outcome = await refundOrderPart(db(), owner, {
			orderId: order.id,
			amount: String(paid.amountMinor / 100 + 1),
			key: newPublicId(),
		})
		expect(outcome).toEqual({
			ok: false,
			field: 'amount',
			message: `This cannot be refunded: at most $${paid.amountMinor / 100} is left to refund.`,
		})
		expect(await orderOf(order.id)).toMatchObject({ status: 'paid', refundedMinor: 0 })
		expect(await db().select().from(refunds)).toHaveLength(0)
	})

	test('refunding everything that is left refunds the whole order', async () => {
		const buyer = address('buyer')
		const order = await buy(PASS, 2, buyer)
		const paid = await orderOf(order.id)
		await refundOrderPart(db(), owner, { orderId: order.id, amount: '1', key: newPublicId() })
		const rest = ((paid.amountMinor - 100) / 100).toFixed(2)
		const outcome = await refundOrderPart(db(), owner, {
			orderId: order.id,
			amount: rest,
			key: newPublicId(),
		})
		expect(outcome).toEqual({
			ok: true,
			message: 'The order is refunded and its seats are released.',
		})
		expect((await orderOf(order.id)).status).toBe('refunded')
	})
})
