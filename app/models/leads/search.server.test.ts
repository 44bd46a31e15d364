import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { databaseBackends } from '../../../tests/support/databases'
import { findAnyone, SEARCH_LIMIT, searchStatements } from './search.server'

const ORDER_ID = 'Ord3r_id-AAAAAAAAAAAAA'
const PASS_ID = 'Pa55_id-BBBBBBBBBBBBBB'

describe.each(databaseBackends)(
	'findAnyone on $name: one box for an id, an e-mail or a name',
	(backend) => {
		let database: Database
		let cleanup: () => Promise<void>
		const run = (text: string, params: unknown[] = []) =>
			database.withExclusiveSession((session) => session.query(text, params))

		beforeAll(async () => {
			;({ database, cleanup } = await backend.open())
			await prepareDatabase(database)
			await run(
				`INSERT INTO orders (id, item_code, quantity, status, region, amount_minor, currency, email, customer_name)
			 VALUES ($1, 'ai-driven-development-day-pass', 2, 'paid', 'GLOBAL', 100, 'USD', 'ada@example.com', 'Ada Lovelace'),
			        ('Other_order_CCCCCCCCCC', 'ai-driven-dev-preorder', 1, 'paid', 'GLOBAL', 100, 'USD', 'grace@example.org', 'Grace Hopper'),
			        ('Pending_order_DDDDDDDD', 'ai-driven-dev-preorder', 1, 'pending', 'GLOBAL', 100, 'USD', NULL, NULL)`,
				[ORDER_ID],
			)
			await run(
				`INSERT INTO orders (id, item_code, quantity, status, region, amount_minor, currency, email, customer_name, billing)
			 VALUES ('Company_order_EEEEEEEEE', 'ai-driven-dev-preorder', 5, 'paid', 'GLOBAL', 100, 'USD', 'buyer@quantum.example', 'buyer@quantum.example', $1::jsonb)`,
				[
					JSON.stringify({
						company: 'Quantum Widgets GmbH',
						address: null,
						country: 'DE',
						vatNumber: null,
					}),
				],
			)
			await run(
				`INSERT INTO passes (id, order_id, item_code, holder_name, holder_email)
			 VALUES ($1, $2, 'ai-driven-development-day-pass', 'Charles Babbage', 'charles@example.net')`,
				[PASS_ID, ORDER_ID],
			)
			await run(
				`INSERT INTO leads (email, list, first_name, last_name)
			 VALUES ('ada@example.com', 'workshop', 'Ada', 'Lovelace'),
			        ('alan@example.com', 'course', 'Alan', 'Turing'),
			        ('under_score@example.com', 'workshop', NULL, NULL),
			        ('underxscore@example.com', 'workshop', NULL, NULL)`,
			)
			await run(
				`INSERT INTO outbox (to_address, from_address, subject, text_body, transport)
			 VALUES ('newholder@example.com', 'site@example.com', 'Your pass', 'x', 'outbox')`,
			)
		})
		afterAll(() => cleanup?.())

		const emails = async (text: string) =>
			(await findAnyone(database.db, text)).people.map((person) => person.email)

		test('an exact order id finds the order, and its buyer', async () => {
			const found = await findAnyone(database.db, ORDER_ID)
			expect(found.orders).toEqual([
				expect.objectContaining({ id: ORDER_ID, status: 'paid', email: 'ada@example.com' }),
			])
			expect(found.passes).toEqual([])
		})

		test('an exact pass id finds the pass and its order; ids are case-sensitive', async () => {
			const found = await findAnyone(database.db, PASS_ID)
			expect(found.passes).toEqual([
				expect.objectContaining({
					id: PASS_ID,
					orderId: ORDER_ID,
					holderEmail: 'charles@example.net',
				}),
			])
			expect((await findAnyone(database.db, PASS_ID.toLowerCase())).passes).toEqual([])
		})

		test('an order without an e-mail is still found by its id', async () => {
			const found = await findAnyone(database.db, 'Pending_order_DDDDDDDD')
			expect(found.orders).toEqual([expect.objectContaining({ email: null, status: 'pending' })])
		})

		test('the start of an e-mail address, in any case, finds each person once with where they were found', async () => {
			const found = await findAnyone(database.db, 'ADA@Exam')
			expect(found.people).toEqual([
				{ email: 'ada@example.com', names: ['Ada Lovelace'], foundIn: ['orders', 'sign-ups'] },
			])
			expect(await emails('charles@')).toEqual(['charles@example.net'])
			expect(await emails('newholder')).toEqual(['newholder@example.com'])
		})

		test('the start of a first name, a last name or a full name, in any case', async () => {
			expect(await emails('ada')).toEqual(['ada@example.com'])
			expect(await emails('lovel')).toEqual(['ada@example.com'])
			expect(await emails('ADA LOVE')).toEqual(['ada@example.com'])
			expect(await emails('turing')).toEqual(['alan@example.com'])
			expect(await emails('grace h')).toEqual(['grace@example.org'])
			expect(await emails('babb')).toEqual(['charles@example.net'])
			expect(await emails('a')).toEqual(['ada@example.com', 'alan@example.com'])
		})

		test('the start of a company name a buyer gave at checkout, in any case, finds its buyer, named by the company', async () => {
			for (const text of ['quant', 'QUANTUM WID', 'Quantum Widgets GmbH'])
				expect((await findAnyone(database.db, text)).people, text).toEqual([
					{ email: 'buyer@quantum.example', names: ['Quantum Widgets GmbH'], foundIn: ['orders'] },
				])
			expect(await emails('widgets')).toEqual([])
		})

		test('% and _ are taken literally, not as wildcards', async () => {
			expect(await emails('under_')).toEqual(['under_score@example.com'])
			expect(await emails('%')).toEqual([])
			expect(await emails('_')).toEqual([])
		})

		test('a text that is neither an address (a space) nor a name (an @) finds nothing, without failing', async () => {
			expect(await findAnyone(database.db, 'ada @example.com')).toEqual({
				orders: [],
				passes: [],
				people: [],
				more: false,
			})
		})

		test('nothing found is an empty answer', async () => {
			expect(await findAnyone(database.db, 'nobody-here')).toEqual({
				orders: [],
				passes: [],
				people: [],
				more: false,
			})
		})

		test(`at most ${SEARCH_LIMIT} people, and it says there are more`, async () => {
			await run(
				`INSERT INTO leads (email, list, first_name)
			 SELECT 'many' || g || '@example.com', 'workshop', 'Many' FROM generate_series(1, $1::int) g`,
				[SEARCH_LIMIT + 5],
			)
			const found = await findAnyone(database.db, 'many')
			expect(found.people).toHaveLength(SEARCH_LIMIT)
			expect(found.more).toBe(true)
		})

		test('every statement can be answered from an index, never by reading a whole table', async () => {
			for (const text of [ORDER_ID, 'ada@exa', 'ada', 'ada love', 'quantum wid']) {
				const plans: string[] = []
				await database.db.execute(sql`SET enable_seqscan = off`)
				try {
					for (const statement of searchStatements(database.db, text)) {
						const rows = (await database.db.execute(sql`EXPLAIN ${statement}`)) as unknown as {
							rows: { 'QUERY PLAN': string }[]
						}
						plans.push(rows.rows.map((row) => row['QUERY PLAN']).join('\n'))
					}
				} finally {
					await database.db.execute(sql`SET enable_seqscan = on`)
				}
				expect(plans.length).toBeGreaterThan(0)
				for (const plan of plans) expect(plan, text).not.toMatch(/Seq Scan/)
			}
		})
	},
)
