/**
 * Money as an accountant reads it (issue 27 item 4, docs/decisions/124): gross by the day paid,
 * refunded by the day refunded, net, per currency, product and region, and the provider's fee,
 * from the `money_daily` roll-up, against a direct count of the orders, in an owner's zone that
 * is not UTC (America/New_York). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database, Db } from '~/db/client.server'
import { dateRollupsIn, prepareDatabase } from '~/db/prepare.server'
import { rowsOf } from '~/db/query.server'
import { moneyCsvRows, readMoney } from '~/models/checkout/money.server'
import { databaseBackends } from '../support/databases'

const COURSE = 'ai-driven-dev-preorder'
const PASS = 'ai-driven-development-day-pass'
const ZONE = 'America/New_York'

const read = async (db: Db, query: SQL) => rowsOf(await db.execute(query))

/** Gross, refunded and fee per currency for `from`..`to` (the zone's days), from the orders. */
async function directCount(db: Db, from: string, to: string) {
	const [gross, refunded, fee] = await Promise.all([
		read(
			db,
			sql`SELECT currency::text AS currency, count(*)::int AS orders, sum(amount_minor)::int AS amount
				FROM orders WHERE status IN ('paid', 'refunded') AND paid_at IS NOT NULL
					AND (paid_at AT TIME ZONE ${ZONE})::date BETWEEN ${from} AND ${to}
				GROUP BY 1 ORDER BY 1`,
		),
		read(
			db,
			// Each refund on its own day, partial or the rest (0032, docs/decisions/123).
			sql`SELECT o.currency::text AS currency, count(*)::int AS orders,
					sum(r.amount_minor)::int AS amount
				FROM refunds AS r JOIN orders AS o ON o.id = r.order_id
				WHERE (r.created_at AT TIME ZONE ${ZONE})::date BETWEEN ${from} AND ${to}
				GROUP BY 1 ORDER BY 1`,
		),
		read(
			db,
			sql`SELECT provider_fee_currency::text AS currency, sum(provider_fee_minor)::int AS amount
				FROM orders WHERE status IN ('paid', 'refunded') AND provider_fee_minor IS NOT NULL
					AND (paid_at AT TIME ZONE ${ZONE})::date BETWEEN ${from} AND ${to}
				GROUP BY 1 ORDER BY 1`,
		),
	])
	const currencies = [...new Set([...gross, ...refunded, ...fee].map((r) => String(r.currency)))]
	const of = (rows: Record<string, unknown>[], currency: string) =>
		rows.find((row) => row.currency === currency)
	return currencies.sort().map((currency) => {
		const g = of(gross, currency)
		const r = of(refunded, currency)
		const f = of(fee, currency)
		return {
			currency,
			paidOrders: Number(g?.orders ?? 0),
			grossMinor: Number(g?.amount ?? 0),
			refundedOrders: Number(r?.orders ?? 0),
			refundedMinor: Number(r?.amount ?? 0),
			netMinor: Number(g?.amount ?? 0) - Number(r?.amount ?? 0),
			feeMinor: f ? Number(f.amount) : null,
		}
	})
}

const totalsOf = async (db: Db, from: string, to: string) =>
	(await readMoney(db, { from, to })).totals.map(({ key: _key, label: _label, ...line }) => line)

describe.each(databaseBackends)('money on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
		expect(await dateRollupsIn(database.db, ZONE)).toBe(true)
	})
	afterAll(async () => {
		await cleanup?.()
	})

	test("a refund counts on the day refunded and leaves the day paid's gross alone, in the owner's days", async () => {
		const db = database.db
		// New York is UTC-4 in June: 02:00 UTC on 2 June is still 1 June there.
		await db.execute(sql`INSERT INTO orders (id, item_code, quantity, status, region, amount_minor,
				currency, created_at, paid_at) VALUES
			('m-paid-1', ${COURSE}, 1, 'paid', 'GLOBAL', 10000, 'EUR', '2026-06-02T01:00:00Z', '2026-06-02T02:00:00Z'),
			('m-paid-2', ${COURSE}, 2, 'paid', 'GLOBAL', 20000, 'EUR', '2026-06-02T14:00:00Z', '2026-06-02T14:05:00Z'),
			('m-pass', ${PASS}, 1, 'paid', 'GLOBAL', 5000, 'USD', '2026-06-02T15:00:00Z', '2026-06-02T15:01:00Z'),
			('m-pending', ${COURSE}, 1, 'pending', 'GLOBAL', 10000, 'EUR', '2026-06-02T15:00:00Z', NULL)`)
		// Refunded two days later (New York's 4 June), through the statement a refund runs.
		await db.execute(sql`UPDATE orders SET status = 'refunded',
				refunded_at = '2026-06-04T16:00:00Z' WHERE id = 'm-paid-2'`)
		// And a fee reported for one payment after it was paid.
		await db.execute(sql`UPDATE orders SET provider_fee_minor = 175, provider_fee_currency = 'EUR'
			WHERE id = 'm-paid-1'`)

		expect(await totalsOf(db, '2026-06-01', '2026-06-01')).toEqual([
			{
				currency: 'EUR',
				paidOrders: 1,
				grossMinor: 10000,
				refundedOrders: 0,
				refundedMinor: 0,
				netMinor: 10000,
				feeMinor: 175,
			},
		])
		expect(await totalsOf(db, '2026-06-02', '2026-06-02')).toEqual(
			await directCount(db, '2026-06-02', '2026-06-02'),
		)
		expect((await totalsOf(db, '2026-06-02', '2026-06-02'))[0]).toMatchObject({
			currency: 'EUR',
			grossMinor: 20000,
			refundedMinor: 0,
		})
		expect(await totalsOf(db, '2026-06-04', '2026-06-04')).toEqual([
			{
				currency: 'EUR',
				paidOrders: 0,
				grossMinor: 0,
				refundedOrders: 1,
				refundedMinor: 20000,
				netMinor: -20000,
				feeMinor: null,
			},
		])
		for (const [from, to] of [
			['2026-06-01', '2026-06-30'],
			['2026-06-01', '2026-06-03'],
			['2026-06-03', '2026-06-05'],
		] as const) {
			expect(await totalsOf(db, from, to)).toEqual(await directCount(db, from, to))
		}
	})

	test('per product and per region name the product and region, each per currency', async () => {
		const figures = await readMoney(database.db, { from: '2026-06-01', to: '2026-06-30' })
		expect(
			figures.byProduct.map((line) => [line.key, line.currency, line.grossMinor, line.netMinor]),
		).toEqual(
			[
				[PASS, 'USD', 5000, 5000],
				[COURSE, 'EUR', 30000, 10000],
			].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
		)
		expect(figures.byProduct.every((line) => line.label !== line.key)).toBe(true)
		expect(figures.byRegion.map((line) => [line.label, line.currency, line.grossMinor])).toEqual([
			['GLOBAL', 'EUR', 30000],
			['GLOBAL', 'USD', 5000],
		])
	})

	test('two partial refunds of one order on two days each count on their day; then the rest on its own', async () => {
		const db = database.db
		await db.execute(sql`INSERT INTO orders (id, item_code, quantity, status, region, amount_minor,
				currency, created_at, paid_at) VALUES
			('m-partial', ${COURSE}, 3, 'paid', 'GLOBAL', 30000, 'EUR', '2026-07-01T12:00:00Z',
				'2026-07-01T12:00:00Z')`)
		// As refundPart writes them: the refund's row and the order's sum, in one transaction each.
		for (const [id, amount, at] of [
			['m-partial.amount.a', 2500, '2026-07-02T12:00:00Z'],
			['m-partial.amount.b', 4000, '2026-07-05T12:00:00Z'],
		] as const) {
			await db.transaction(async (tx) => {
				await tx.execute(sql`INSERT INTO refunds (id, order_id, amount_minor, item_code, region,
						currency, created_at) VALUES (${id}, 'm-partial', ${amount}, ${COURSE}, 'GLOBAL', 'EUR', ${at})`)
				await tx.execute(sql`UPDATE orders SET refunded_minor = refunded_minor + ${amount}
					WHERE id = 'm-partial'`)
			})
		}
		const day = async (date: string) => (await totalsOf(db, date, date))[0]
		expect(await day('2026-07-01')).toMatchObject({
			grossMinor: 30000,
			refundedMinor: 0,
			netMinor: 30000,
		})
		expect(await day('2026-07-02')).toMatchObject({
			grossMinor: 0,
			refundedOrders: 1,
			refundedMinor: 2500,
			netMinor: -2500,
		})
		expect(await day('2026-07-05')).toMatchObject({ refundedOrders: 1, refundedMinor: 4000 })
		const july = await totalsOf(db, '2026-07-01', '2026-07-31')
		expect(july).toEqual(await directCount(db, '2026-07-01', '2026-07-31'))
		expect(july[0]).toMatchObject({ grossMinor: 30000, refundedMinor: 6500, netMinor: 23500 })

		// Then refunded in full on 9 July: only what is left lands on that day, never counted twice.
		await db.execute(sql`UPDATE orders SET status = 'refunded', refunded_at = '2026-07-09T12:00:00Z'
			WHERE id = 'm-partial'`)
		expect(await day('2026-07-09')).toMatchObject({ refundedOrders: 1, refundedMinor: 23500 })
		expect(await day('2026-07-02')).toMatchObject({ refundedMinor: 2500 })
		const after = await totalsOf(db, '2026-07-01', '2026-07-31')
		expect(after[0]).toMatchObject({ grossMinor: 30000, refundedMinor: 30000, netMinor: 0 })
		expect(after).toEqual(await directCount(db, '2026-07-01', '2026-07-31'))
		const [order] = await read(db, sql`SELECT refunded_minor FROM orders WHERE id = 'm-partial'`)
		expect(Number(order?.refunded_minor)).toBe(30000)

		// The rebuild counts the same, each refund on its day.
		await db.execute(sql`SELECT rebuild_overview_rollups()`)
		expect(await totalsOf(db, '2026-07-01', '2026-07-31')).toEqual(after)
		expect(await day('2026-07-02')).toMatchObject({ refundedMinor: 2500 })
		expect(await day('2026-07-05')).toMatchObject({ refundedMinor: 4000 })
		expect(await day('2026-07-09')).toMatchObject({ refundedMinor: 23500 })
	})

	test('an order refunded with the triggers off gets its refund from the rebuild, on the day refunded', async () => {
		const db = database.db
		await db.execute(sql`INSERT INTO orders (id, item_code, quantity, status, region, amount_minor,
				currency, created_at, paid_at) VALUES
			('m-quiet', ${PASS}, 1, 'paid', 'GLOBAL', 7000, 'USD', '2026-07-10T12:00:00Z',
				'2026-07-10T12:00:00Z')`)
		await db.transaction(async (tx) => {
			await tx.execute(sql`SET LOCAL session_replication_role = replica`)
			await tx.execute(sql`UPDATE orders SET status = 'refunded', refunded_at = '2026-07-12T12:00:00Z'
				WHERE id = 'm-quiet'`)
		})
		expect((await totalsOf(db, '2026-07-12', '2026-07-12'))[0]).toBeUndefined()
		await db.execute(sql`SELECT rebuild_overview_rollups()`)
		expect((await totalsOf(db, '2026-07-12', '2026-07-12'))[0]).toMatchObject({
			currency: 'USD',
			refundedOrders: 1,
			refundedMinor: 7000,
		})
		const [order] = await read(db, sql`SELECT refunded_minor FROM orders WHERE id = 'm-quiet'`)
		expect(Number(order?.refunded_minor)).toBe(7000)
	})

	test('the rebuild and a change of zone count the same movements again', async () => {
		const db = database.db
		await db.execute(sql`SELECT rebuild_overview_rollups()`)
		expect(await totalsOf(db, '2026-06-01', '2026-07-31')).toEqual(
			await directCount(db, '2026-06-01', '2026-07-31'),
		)
		expect(await dateRollupsIn(db, 'UTC')).toBe(true)
		// In UTC the first payment is on 2 June with the others.
		expect((await totalsOf(db, '2026-06-02', '2026-06-02'))[0]?.grossMinor).toBe(30000)
		expect(await dateRollupsIn(db, ZONE)).toBe(true)
	})

	test('the CSV has a line per total, product and region, in major units, with the fee note', async () => {
		const range = { from: '2026-06-01', to: '2026-06-30' }
		const figures = await readMoney(database.db, range)
		const { header, rows } = moneyCsvRows(figures, range, 'no fee (test mode)')
		expect(header).toContain('provider fee')
		expect(rows[0]).toEqual([
			'2026-06-01',
			'2026-06-30',
			'total',
			'All',
			'EUR',
			2,
			300,
			1,
			200,
			100,
			1.75,
			98.25,
		])
		expect(rows.find((row) => row[4] === 'USD' && row[2] === 'total')?.[10]).toBe(
			'no fee (test mode)',
		)
	})
})
