import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { findLatestPaidOrderHashId } from './paid-order.server'

describe('findLatestPaidOrderHashId', () => {
	let database: Database

	beforeAll(async () => {
		database = await openDatabase({})
		await prepareDatabase(database)
	})
	afterAll(() => database?.close())

	const insertOrder = (id: string, status: string, email: string, paidAt: string | null) =>
		database.withExclusiveSession((session) =>
			session.query(
				`INSERT INTO orders (id, item_code, quantity, status, region, amount_minor, currency, paid_at, email)
				 SELECT $1, code, 1, $2, 'GLOBAL', 100, 'USD', $3::timestamptz, $4
				 FROM catalog_items ORDER BY code LIMIT 1`,
				[id, status, paidAt, email],
			),
		)

	test('the latest paid order for the address, ignoring case and unpaid orders', async () => {
		await insertOrder('ord_old', 'paid', 'ada@example.com', '2025-01-02T00:00:00Z')
		await insertOrder('ord_new', 'paid', 'Ada@Example.com', '2025-03-01T00:00:00Z')
		await insertOrder('ord_pending', 'pending', 'ada@example.com', null)
		await insertOrder('ord_refunded', 'refunded', 'ada@example.com', '2025-04-01T00:00:00Z')
		await insertOrder('ord_other', 'paid', 'grace@example.com', '2025-05-01T00:00:00Z')

		expect(await findLatestPaidOrderHashId(database.db, ' ADA@example.com ')).toBe('ord_new')
		expect(await findLatestPaidOrderHashId(database.db, 'nobody@example.com')).toBeNull()
		expect(await findLatestPaidOrderHashId(database.db, '')).toBeNull()
	})
})
