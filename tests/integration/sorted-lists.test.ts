/**
 * The owner's lists sorted by a column, paged by key (docs/decisions/111): paging through a
 * sort, either way, gives every row once in that order, ties on the column broken by id; a
 * cursor made under another sort, or tampered with, is page 1. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set (the row comparisons and the new indexes, migration 0018).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import type { ListSort } from '~/db/cursor.server'
import { prepareDatabase } from '~/db/prepare.server'
import { orders } from '~/db/schema.server'
import { leads } from '~/db/schema-leads.server'
import { listOrders, type OrderSortColumn } from '~/models/checkout/orders.server'
import { type LeadSortColumn, listLeads } from '~/models/leads/owner-list.server'
import { databaseBackends } from '../support/databases'
import { leaveInProcess, useInProcess } from '../support/in-process'

// Equal amounts, equal times and addresses with a `|` or a `%` in them: ties and
// characters a cursor must carry.
const AMOUNTS = [500, 24_900, 500, 9_900, 24_900, 100, 500, 75_000, 9_900, 100]
const EMAILS = ['b@example.com', 'a|b@example.com', 'a%b@example.com', 'a@example.com', 'z@x.io']

async function pageThrough<T extends { id: string | number }>(
	list: (after: string | null) => Promise<{ rows: T[]; next: string | null }>,
) {
	const seen: T[] = []
	let after: string | null = null
	for (let page = 0; page < 50; page++) {
		const result: { rows: T[]; next: string | null } = await list(after)
		seen.push(...result.rows)
		if (!result.next) return seen
		after = result.next
	}
	throw new Error('The pages never ended')
}

describe.each(databaseBackends)('sorted lists on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
		const base = Date.parse('2026-11-20T10:00:00Z')
		await database.db.insert(orders).values(
			AMOUNTS.map((amountMinor, index) => ({
				id: `order_${String(index).padStart(2, '0')}-x`,
				itemCode: 'ai-driven-dev-preorder',
				quantity: 1,
				status: 'paid' as const,
				region: 'GLOBAL',
				amountMinor,
				currency: 'USD',
				// Pairs of orders share a time to the microsecond.
				createdAt: new Date(base + Math.floor(index / 2) * 60_000),
			})),
		)
		await database.db.insert(leads).values(
			EMAILS.flatMap((email, index) =>
				(['course', 'workshop'] as const).map((list) => ({
					email,
					list,
					createdAt: new Date(base + index * 1_000),
				})),
			),
		)
	}, 60_000)
	afterAll(async () => cleanup?.())
	afterEach(() => leaveInProcess())

	const orderSorts: ListSort<OrderSortColumn>[] = [
		{ column: 'amount', direction: 'desc' },
		{ column: 'amount', direction: 'asc' },
		{ column: 'created', direction: 'desc' },
		{ column: 'created', direction: 'asc' },
	]

	test.each(orderSorts)(
		'orders by $column $direction: every row once, in order, three at a time',
		async (sort) => {
			const everything = await listOrders(database.db, {}, null, 100, sort)
			const paged = await pageThrough((after) => listOrders(database.db, {}, after, 3, sort))
			expect(paged.map((row) => row.id)).toEqual(everything.rows.map((row) => row.id))
			expect(new Set(paged.map((row) => row.id)).size).toBe(AMOUNTS.length)
			const key = (row: (typeof paged)[number]) =>
				sort.column === 'amount' ? row.amountMinor : row.createdAt.getTime()
			for (let index = 1; index < paged.length; index++) {
				const [before, after] = [paged[index - 1]!, paged[index]!]
				const order =
					key(before) === key(after) ? before.id.localeCompare(after.id) : key(before) - key(after)
				if (sort.direction === 'desc') expect(order).toBeGreaterThan(0)
				else expect(order).toBeLessThan(0)
			}
		},
	)

	const leadSorts: ListSort<LeadSortColumn>[] = [
		{ column: 'email', direction: 'asc' },
		{ column: 'email', direction: 'desc' },
		{ column: 'created', direction: 'desc' },
	]

	test.each(leadSorts)(
		'leads by $column $direction: every row once, in order, three at a time',
		async (sort) => {
			const everything = await listLeads(database.db, {}, null, 100, sort)
			const paged = await pageThrough((after) => listLeads(database.db, {}, after, 3, sort))
			expect(paged.map((row) => row.id)).toEqual(everything.rows.map((row) => row.id))
			expect(paged).toHaveLength(EMAILS.length * 2)
		},
	)

	test('a cursor made under another sort, or tampered with, is page 1, never an error', async () => {
		const amount: ListSort<OrderSortColumn> = { column: 'amount', direction: 'desc' }
		const created: ListSort<OrderSortColumn> = { column: 'created', direction: 'desc' }
		const firstByCreated = await listOrders(database.db, {}, null, 3, created)
		const firstByAmount = await listOrders(database.db, {}, null, 3, amount)
		// The created-order cursor handed to the amount sort, and the other way round.
		expect((await listOrders(database.db, {}, firstByCreated.next, 3, amount)).rows).toEqual(
			firstByAmount.rows,
		)
		expect((await listOrders(database.db, {}, firstByAmount.next, 3, created)).rows).toEqual(
			firstByCreated.rows,
		)
		const forged = (text: string) => Buffer.from(text, 'utf8').toString('base64url')
		for (const after of [
			'garbage',
			forged('amount.desc|1e99|order_00-x'),
			forged('amount.desc|500|order 00'),
			forged('amount.desc|%E0%A4%A|order_00-x'),
			forged('created.desc|2026-13-45 00:00:00+00|order_00-x'),
			forged('amount.sideways|500|order_00-x'),
		])
			expect((await listOrders(database.db, {}, after, 3, amount)).rows, after).toEqual(
				firstByAmount.rows,
			)
		const byEmail: ListSort<LeadSortColumn> = { column: 'email', direction: 'asc' }
		const firstLeads = await listLeads(database.db, {}, null, 3, byEmail)
		expect(
			(await listLeads(database.db, {}, forged(`email.asc|a%00b|1`), 3, byEmail)).rows,
		).toEqual(firstLeads.rows)
	})

	test("the From and To filters are the owner's days: a day east of UTC holds what was the day before in UTC", async () => {
		// The orders and leads were made between 10:00 and 10:05 UTC on 20 November: on Kiritimati
		// (UTC+14), just after midnight on the 21st.
		const ofDay = async (day: string) => ({
			orders: (await listOrders(database.db, { from: day, to: day }, null, 100)).rows.length,
			leads: (await listLeads(database.db, { from: day, to: day }, null, 100)).rows.length,
		})
		useInProcess({ OWNER_TIME_ZONE: 'UTC' })
		expect(await ofDay('2026-11-20')).toEqual({
			orders: AMOUNTS.length,
			leads: EMAILS.length * 2,
		})
		expect(await ofDay('2026-11-21')).toEqual({ orders: 0, leads: 0 })
		useInProcess({ OWNER_TIME_ZONE: 'Pacific/Kiritimati' })
		expect(await ofDay('2026-11-20')).toEqual({ orders: 0, leads: 0 })
		expect(await ofDay('2026-11-21')).toEqual({
			orders: AMOUNTS.length,
			leads: EMAILS.length * 2,
		})
	})
})
