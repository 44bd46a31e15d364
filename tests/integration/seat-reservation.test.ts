/**
 * The seat reservation in the database (0016_reserve_seats.sql, docs/decisions/107): the hold
 * policy it applies is the one `holdAllowance` states, and a refused order leaves nothing behind.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getConfig } from '~/config.server'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { holdAllowance } from '~/domain/checkout-rules'
import { countOf, PASS } from '~/domain/words'
import { insertOrderHoldingSeats } from '~/models/checkout/reserve.server'
import { databaseBackends } from '../support/databases'

describe.each(databaseBackends)('seat reservation in the database ($name)', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>
	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
	}, 120_000)
	afterAll(() => cleanup?.())

	test('hold_allowance is holdAllowance, at every edge', async () => {
		const cases: [number, number, number, number][] = []
		for (const capacity of [0, 1, 3, 10, 500])
			for (const paid of [0, 1, 2, 9, 10, 11, 499, 500, 600])
				for (const perBuyer of [1, 2, 10])
					for (const sharePercent of [0, 1, 10, 33, 100])
						cases.push([capacity, paid, perBuyer, sharePercent])
		const values = sql.join(
			cases.map(([c, p, b, s]) => sql`(${c}::int, ${p}::int, ${b}::int, ${s}::int)`),
			sql`, `,
		)
		const result = (await database.db.execute(
			sql`SELECT hold_allowance(c, p, b, s) AS allowance FROM (VALUES ${values}) AS t(c, p, b, s)`,
		)) as unknown as { rows: { allowance: number }[] }
		const fromSql = result.rows.map((row) => Number(row.allowance))
		const fromRules = cases.map(([capacity, paid, perBuyer, sharePercent]) =>
			holdAllowance({ capacity, paid, perBuyer, sharePercent }),
		)
		expect(fromSql).toEqual(fromRules)
	})

	test('an order that does not fit is refused and not written; one that fits is', async () => {
		const result = (await database.db.execute(
			sql`SELECT code, course_slug FROM catalog_items WHERE course_slug IS NOT NULL LIMIT 1`,
		)) as unknown as { rows: { code: string; course_slug: string }[] }
		const { code, course_slug: courseSlug } = result.rows[0]!
		const item = { code, courseSlug, capacity: null, type: 'course' }
		const order = (id: string, quantity: number) => ({
			id,
			itemCode: code,
			quantity,
			status: 'pending' as const,
			region: 'GLOBAL',
			amountMinor: 100 * quantity,
			unitAmountMinor: 100,
			currency: 'usd',
			provider: 'sandbox',
			holdKey: null,
			expiresAt: sql`now() + interval '30 minutes'`,
		})
		const count = async () =>
			Number(
				(
					(await database.db.execute(sql`SELECT count(*)::int AS n FROM orders`)) as unknown as {
						rows: { n: number }[]
					}
				).rows[0]!.n,
			)
		const slots = getConfig().COURSE_SLOTS
		await expect(
			insertOrderHoldingSeats(database.db, order('too-many', slots + 1), item),
		).rejects.toMatchObject({ status: 409, code: 'sold-out' })
		expect(await count()).toBe(0)
		await insertOrderHoldingSeats(database.db, order('fits', slots), item)
		await expect(
			insertOrderHoldingSeats(database.db, order('one-more', 1), item),
		).rejects.toMatchObject({ code: 'sold-out' })
		expect(await count()).toBe(1)
	})

	test('a buyer over the hold allowance is told it in the product’s own unit, counted right', async () => {
		// The day's passes, limited to 50 here (a capacity the owner may set) so holds count.
		const capacity = 50
		const result = (await database.db.execute(
			sql`UPDATE catalog_items SET capacity = ${capacity} WHERE type = 'pass' RETURNING code`,
		)) as unknown as { rows: { code: string }[] }
		const { code } = result.rows[0]!
		const config = getConfig()
		const allowance = holdAllowance({
			capacity,
			paid: 0,
			perBuyer: config.CHECKOUT_HOLD_SEATS_PER_BUYER,
			sharePercent: config.CHECKOUT_HOLD_SHARE_PERCENT,
		})
		expect(allowance + 1).toBeLessThanOrEqual(capacity)
		const refused = insertOrderHoldingSeats(
			database.db,
			{
				id: 'over-allowance',
				itemCode: code,
				quantity: allowance + 1,
				status: 'pending' as const,
				region: 'GLOBAL',
				amountMinor: 100 * (allowance + 1),
				unitAmountMinor: 100,
				currency: 'usd',
				holdKey: 'one-buyer',
				expiresAt: sql`now() + interval '30 minutes'`,
			},
			{ code, courseSlug: null, capacity, type: 'pass' },
		)
		await expect(refused).rejects.toMatchObject({
			status: 409,
			code: 'per-buyer',
			message: `at most ${countOf(allowance, PASS)} can be held per buyer right now; please choose fewer`,
		})
	})
})
