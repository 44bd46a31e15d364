import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/db/client.server'
import { prepareDatabase } from '~/db/prepare.server'
import { databaseBackends } from '../../../tests/support/databases'
import { getPerson } from './person.server'

const COURSE = 'ai-driven-dev-preorder'
const DAY = 'ai-driven-development-day-pass'

describe.each(databaseBackends)(
	"a person's page on $name: everything about one address",
	(backend) => {
		let database: Database
		let cleanup: () => Promise<void>
		const run = (text: string, params: unknown[] = []) =>
			database.withExclusiveSession((session) => session.query(text, params))

		beforeAll(async () => {
			;({ database, cleanup } = await backend.open())
			await prepareDatabase(database)
			await run(
				`INSERT INTO orders (id, item_code, quantity, status, region, amount_minor, currency, email, customer_name, created_at)
			 VALUES ('course_paid_AAAAAAAAAAA', $1, 2, 'paid', 'GLOBAL', 20000, 'USD', 'ada@example.com', 'Ada Lovelace', '2026-01-02T00:00:00Z'),
			        ('course_refunded_AAAAAAA', $1, 1, 'refunded', 'GLOBAL', 10000, 'USD', 'ada@example.com', 'Ada Lovelace', '2026-01-03T00:00:00Z'),
			        ('day_paid_AAAAAAAAAAAAAA', $2, 2, 'paid', 'GLOBAL', 5000, 'USD', 'ada@example.com', 'Ada Lovelace', '2026-01-04T00:00:00Z'),
			        ('someone_else_AAAAAAAAAA', $1, 1, 'paid', 'GLOBAL', 10000, 'USD', 'bob@example.com', 'Bob', '2026-01-05T00:00:00Z')`,
				[COURSE, DAY],
			)
			await run(
				`INSERT INTO passes (id, order_id, item_code, holder_name, holder_email, claimed_at)
			 VALUES ('pass_own_AAAAAAAAAAAAA', 'day_paid_AAAAAAAAAAAAAA', $1, 'Ada Lovelace', 'ada@example.com', now()),
			        ('pass_team_AAAAAAAAAAAA', 'day_paid_AAAAAAAAAAAAAA', $1, NULL, NULL, NULL),
			        ('pass_gift_AAAAAAAAAAAA', 'someone_else_AAAAAAAAAA', $1, 'Ada L', 'ada@example.com', now())`,
				[DAY],
			)
			await run(
				`INSERT INTO leads (email, list, first_name, last_name, confirmed_at)
			 VALUES ('ada@example.com', 'workshop', 'Ada', 'Lovelace', now()),
			        ('ada@example.com', 'course', 'Ada', NULL, NULL),
			        ('bob@example.com', 'workshop', 'Bob', NULL, NULL)`,
			)
			await run(
				`INSERT INTO outbox (id, to_address, from_address, subject, text_body, transport, sent_at, failed_at, last_error, attempts)
			 VALUES (901, 'ada@example.com', 'site@example.com', 'Your receipt', 'x', 'smtp', now(), NULL, NULL, 1),
			        (902, 'ada@example.com', 'site@example.com', 'Welcome', 'x', 'smtp', NULL, now(), '550 no', 1),
			        (903, 'bob@example.com', 'site@example.com', 'Bob''s', 'x', 'smtp', now(), NULL, NULL, 1)`,
			)
			await run(
				`INSERT INTO owner_audit_log (actor, action, target, before, after)
			 VALUES ('mona (GitHub #1)', 'refund', 'order:course_refunded_AAAAAAA', '{"status":"paid"}', '{"status":"refunded"}'),
			        ('mona (GitHub #1)', 'retry-email', 'email:902', '{"state":"failed"}', '{"state":"queued"}'),
			        ('mona (GitHub #1)', 'refund', 'order:someone_else_AAAAAAAAAA', NULL, NULL)`,
			)
		})
		afterAll(() => cleanup?.())

		test('their orders, newest first, with item names; nobody else’s', async () => {
			const person = await getPerson(database.db, 'ada@example.com')
			expect(person?.orders.map((order) => [order.id, order.status, order.itemName])).toEqual([
				['day_paid_AAAAAAAAAAAAAA', 'paid', 'AI Driven Development Day pass'],
				['course_refunded_AAAAAAA', 'refunded', expect.any(String)],
				['course_paid_AAAAAAAAAAA', 'paid', expect.any(String)],
			])
		})

		test('seats held: the course seats of their paid orders, refunded ones not counted', async () => {
			expect((await getPerson(database.db, 'ada@example.com'))?.seatsHeld).toBe(2)
		})

		test('passes they bought and passes they hold, each once', async () => {
			const person = await getPerson(database.db, 'ada@example.com')
			expect(person?.passes.map((pass) => [pass.id, pass.bought, pass.held]).sort()).toEqual([
				['pass_gift_AAAAAAAAAAAA', false, true],
				['pass_own_AAAAAAAAAAAAA', true, true],
				['pass_team_AAAAAAAAAAAA', true, false],
			])
		})

		test('their sign-ups with names and confirmation', async () => {
			const person = await getPerson(database.db, 'ada@example.com')
			expect(person?.names).toEqual(['Ada Lovelace', 'Ada L', 'Ada'])
			expect(person?.signUps.map((lead) => [lead.list, lead.confirmedAt !== null]).sort()).toEqual([
				['course', false],
				['workshop', true],
			])
		})

		test('the e-mails sent to them with their delivery state', async () => {
			const person = await getPerson(database.db, 'ada@example.com')
			expect(person?.emails.map((email) => [email.id, email.subject, email.state]).sort()).toEqual([
				[901, 'Your receipt', 'delivered'],
				[902, 'Welcome', 'failed'],
			])
		})

		test('the audit lines about their orders and e-mails', async () => {
			const person = await getPerson(database.db, 'ada@example.com')
			expect(person?.audit.map((line) => line.target).sort()).toEqual([
				'email:902',
				'order:course_refunded_AAAAAAA',
			])
		})

		test('the address is matched in any case; an address nothing knows is null', async () => {
			expect((await getPerson(database.db, ' ADA@example.com'))?.email).toBe('ada@example.com')
			expect(await getPerson(database.db, 'nobody@example.com')).toBeNull()
		})
	},
)
