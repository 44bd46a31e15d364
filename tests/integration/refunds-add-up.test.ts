/**
 * Every refund, of any kind, shows wherever the owner counts money or seats, and the figures add
 * up (issue 36 item 9, docs/decisions/150): a pass refunded on its own, an amount, a full refund
 * and an automatic one (a one-per-buyer coupon paid twice) appear on the order page, in the
 * orders and passes exports, on the money page's CSV and as credit notes, and each of those sums
 * to the refunds table. The owner's routes are called as Remix calls them, with the owner in the
 * context the owner gate fills. With the sandbox, on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { invalidateSalesCache } from '~/db/read-cache.server'
import { coupons, orders, passes, refunds } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { toMajorUnits } from '~/domain/pricing'
import { csvRecords } from '~/domain/transfers/statement'
import { createCheckout, recordSandboxPayment } from '~/models/checkout/index.server'
import { refundOrder, refundOrderPart } from '~/models/checkout/order-actions.server'
import { loader as exportLoader } from '~/routes/admin/admin.export.$file'
import { loader as moneyCsvLoader } from '~/routes/admin/admin.money[.]csv'
import { loader as orderLoader } from '~/routes/admin/admin.orders.$id/route'
import { databaseBackends } from '../support/databases'
import { drainJobs, leaveInProcess, useInProcess } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const SEAT = 'ai-driven-dev-preorder'
const ORIGIN = 'https://site.test'
const ENV = { SITE_URL: ORIGIN }
const owner = { name: 'mona (GitHub #1001)' }
const DATABASE_KEY = Symbol.for('ai-driven-dev.database')

/** The rows of a CSV answer as objects by header (the statement import's RFC 4180 reader). */
function parseCsv(text: string): Record<string, string>[] {
	const [header, ...rows] = csvRecords(text, ',')
	return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])))
}

describe.each(databaseBackends)('refunds add up on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	const db = () => database.db
	const holder = globalThis as typeof globalThis & { [DATABASE_KEY]?: Promise<Database> }

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		useInProcess(ENV)
		await prepareDatabase(database)
		// The routes read the process's database: this test's.
		holder[DATABASE_KEY] = Promise.resolve(database)
	}, 120_000)
	afterAll(async () => {
		delete holder[DATABASE_KEY]
		leaveInProcess()
		await cleanup?.()
	})
	beforeEach(() => {
		useInProcess(ENV)
		invalidateSalesCache()
	})

	/** What Remix passes a loader for the signed-in owner. */
	const ownerArgs = (path: string, params: Record<string, string> = {}) =>
		({
			request: new Request(`${ORIGIN}${path}`),
			context: {
				owner: { ...owner, login: 'mona', githubId: 1001, expiresAt: Date.now() + 3_600_000 },
			},
			params,
		}) as unknown as LoaderFunctionArgs
	const csvOf = async (answer: Promise<unknown>) => {
		const response = (await answer) as Response
		expect(response.status).toBe(200)
		return parseCsv(await response.text())
	}

	let buyers = 0
	async function buy(code: string, quantity: number, email: string, coupon?: string) {
		const { id } = await createCheckout(db(), {
			code,
			quantity,
			region: 'GLOBAL',
			origin: ORIGIN,
			clientIp: `198.51.100.${++buyers}`,
			...(coupon ? { coupon } : {}),
		})
		await recordSandboxPayment(db(), id, { email })
		return id
	}
	const orderOf = async (id: string) =>
		(await db().select().from(orders).where(eq(orders.id, id)))[0]!

	test('a pass, an amount, a full and an automatic refund each show in the order, the lists, every export and the money page, and they add up', async () => {
		// A team's three passes: one claimed and then refunded on its own, then an amount back.
		const team = await buy(PASS, 3, 'team.lead@example.com')
		const [refundedPass] = await db()
			.select({ id: passes.id })
			.from(passes)
			.where(eq(passes.orderId, team))
			.orderBy(passes.createdAt, passes.id)
		await db()
			.update(passes)
			.set({ holderName: 'Grace Hopper', holderEmail: 'grace@example.com', claimedAt: new Date() })
			.where(eq(passes.id, refundedPass!.id))
		expect(
			(await refundOrderPart(db(), owner, { orderId: team, passId: refundedPass!.id })).ok,
		).toBe(true)
		expect(
			(
				await refundOrderPart(db(), owner, {
					orderId: team,
					amount: '5.00',
					key: 'kAmountRefundOfTeam01x',
				})
			).ok,
		).toBe(true)
		// A course seat refunded in full.
		const whole = await buy(SEAT, 1, 'changed.mind@example.com')
		expect((await refundOrder(db(), owner, whole)).ok).toBe(true)
		// A one-per-buyer coupon paid twice by one mailbox: the second payment is refunded by itself.
		await db()
			.insert(coupons)
			.values({ code: 'OnceOnly', kind: 'percent', amount: 25, onePerBuyer: true })
		const first = await buy(SEAT, 1, 'ada@example.com', 'onceonly')
		const twice = await buy(SEAT, 1, 'ada@example.com', 'ONCEONLY')
		await drainJobs(database)
		expect((await orderOf(first)).status).toBe('paid')
		const automatic = await orderOf(twice)
		expect(automatic).toMatchObject({ status: 'refunded', failureReason: 'coupon-once-per-buyer' })
		// It was paid before it went back: it keeps when.
		expect(automatic.paidAt).toBeInstanceOf(Date)

		const allRefunds = await db().select().from(refunds)
		const refundedOf = (orderId: string) =>
			allRefunds
				.filter((refund) => refund.orderId === orderId)
				.reduce((sum, r) => sum + r.amountMinor, 0)
		const refundedTotal = allRefunds.reduce((sum, refund) => sum + refund.amountMinor, 0)
		// Four kinds, four orders' worth: the pass, the amount, the full and the automatic refund.
		expect(allRefunds.map((refund) => refund.orderId).sort()).toEqual(
			[team, team, whole, twice].sort(),
		)
		for (const id of [team, whole, twice])
			expect((await orderOf(id)).refundedMinor).toBe(refundedOf(id))

		// The order page: "Refunded" agrees with "Amount refunded", and the refunded pass and its
		// holder stay listed, marked refunded.
		const page = (await orderLoader(
			ownerArgs(`/admin/orders/${team}`, { id: team }),
		)) as unknown as {
			data: {
				order: { refundedMinor: number; refundedAt: string | null }
				passes: { id: string; holderEmail: string | null; refundedAt: string | null }[]
			}
		}
		expect(page.data.order.refundedMinor).toBe(refundedOf(team))
		expect(page.data.order.refundedAt).not.toBeNull()
		expect(page.data.passes).toHaveLength(3)
		expect(page.data.passes.find((pass) => pass.id === refundedPass!.id)).toMatchObject({
			holderEmail: 'grace@example.com',
			refundedAt: expect.any(String),
		})
		expect(page.data.passes.filter((pass) => pass.refundedAt)).toHaveLength(1)

		// The orders export: a refunded amount and quantity per order, summing to every refund.
		const orderRows = await csvOf(
			exportLoader(ownerArgs('/admin/export/orders.csv', { file: 'orders.csv' })),
		)
		const row = (id: string) => orderRows.find((line) => line.order_id === id)!
		expect(row(team)).toMatchObject({
			refunded_amount: String(toMajorUnits(refundedOf(team), 'usd')),
			refunded_quantity: '1',
		})
		expect(row(team).refunded_at).not.toBe('')
		expect(row(twice).paid_at).not.toBe('')
		const csvRefunded = orderRows.reduce(
			(sum, line) => sum + Math.round(Number(line.refunded_amount) * 100),
			0,
		)
		expect(csvRefunded).toBe(refundedTotal)

		// The passes export: the refunded pass with its holder, marked refunded.
		const passRows = await csvOf(
			exportLoader(ownerArgs('/admin/export/passes.csv', { file: 'passes.csv' })),
		)
		expect(passRows.find((line) => line.pass_id === refundedPass!.id)).toMatchObject({
			order_id: team,
			holder_email: 'grace@example.com',
			holder_name: 'Grace Hopper',
		})
		expect(passRows.find((line) => line.pass_id === refundedPass!.id)!.refunded_at).not.toBe('')
		expect(passRows.filter((line) => line.order_id === team)).toHaveLength(3)

		// The money page's CSV: gross counts every payment, the automatic one too; refunded counts
		// every refund, each once.
		const paid = (await db().select().from(orders).where(isNotNull(orders.paidAt))).filter(
			(order) => ['paid', 'refunded'].includes(order.status),
		)
		const money = await csvOf(moneyCsvLoader(ownerArgs('/admin/money.csv')))
		const total = money.find((line) => line.group === 'total' && line.currency === 'USD')!
		expect(Math.round(Number(total.gross) * 100)).toBe(
			paid.reduce((sum, o) => sum + o.amountMinor, 0),
		)
		expect(paid.map((order) => order.id)).toContain(twice)
		expect(total.refunds).toBe(String(allRefunds.length))
		expect(Math.round(Number(total.refunded) * 100)).toBe(refundedTotal)
		expect(Math.round(Number(total.net) * 100)).toBe(
			paid.reduce((sum, o) => sum + o.amountMinor, 0) - refundedTotal,
		)

		// A credit note per refund, numbered, together crediting exactly what was refunded; the
		// automatic refund has its invoice and its credit note like any other.
		const documents = await db().select().from(invoices)
		const notes = documents.filter((document) => document.kind === 'credit_note')
		expect(notes.map((note) => note.refundId).sort()).toEqual(allRefunds.map((r) => r.id).sort())
		expect(notes.every((note) => note.number !== null)).toBe(true)
		expect(notes.reduce((sum, note) => sum + note.totalMinor, 0)).toBe(-refundedTotal)
		expect(
			documents
				.filter((document) => document.orderId === twice)
				.map((d) => d.kind)
				.sort(),
		).toEqual(['credit_note', 'invoice'])
		expect(
			documents.filter((document) => document.orderId === twice).every((d) => d.number !== null),
		).toBe(true)
	})
})
