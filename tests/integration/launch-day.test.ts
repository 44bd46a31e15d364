/**
 * Launch day at a glance (issue 27 item 1, docs/decisions/121): today in the owner's time zone
 * and the last hour, the overview's days dated in that zone, and the passes' roll-up against a
 * direct count. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database, Db } from '~/db/client.server'
import { dateRollupsIn, prepareDatabase } from '~/db/prepare.server'
import { rowsOf } from '~/db/query.server'
import {
	claimPass,
	createCheckout,
	recordSandboxPayment,
	refundCheckout,
} from '~/models/checkout/index.server'
import { sessionHeadCounts } from '~/models/events/sessions.server'
import { getLaunchDay } from '~/models/figures/launch-day.server'
import { getOverview } from '~/models/figures/overview.server'
import { databaseBackends } from '../support/databases'

const COURSE = 'ai-driven-dev-preorder'
const PASS = 'ai-driven-development-day-pass'

const read = async (db: Db, query: SQL) => rowsOf(await db.execute(query))

/** Passes issued and claimed of paid orders, counted from the passes themselves. */
async function directPassCount(db: Db) {
	const [row] = await read(
		db,
		sql`SELECT count(*)::int AS issued, count(p.claimed_at)::int AS claimed
			FROM passes p JOIN orders o ON o.id = p.order_id WHERE o.status = 'paid'`,
	)
	return { issued: Number(row?.issued), claimed: Number(row?.claimed) }
}

async function rolledUpPassCount(db: Db) {
	const [row] = await read(
		db,
		sql`SELECT coalesce(sum(issued), 0)::int AS issued, coalesce(sum(claimed), 0)::int AS claimed
			FROM overview_pass_counts`,
	)
	return { issued: Number(row?.issued), claimed: Number(row?.claimed) }
}

/** Paid orders' amounts per day as the roll-ups hold them, and as a recount in `zone` gives. */
async function paidDaysBothWays(db: Db, zone: string) {
	const rolled = await read(
		db,
		sql`SELECT day::text AS day, sum(amount_minor)::bigint AS amount FROM overview_paid_daily
			GROUP BY 1 HAVING sum(orders) <> 0 ORDER BY 1`,
	)
	const recount = await read(
		db,
		sql`SELECT (paid_at AT TIME ZONE ${zone})::date::text AS day, sum(amount_minor)::bigint AS amount
			FROM orders WHERE status = 'paid' AND paid_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
	)
	const plain = (rows: Record<string, unknown>[]) =>
		rows.map((row) => ({ day: String(row.day), amount: Number(row.amount) }))
	return { rolled: plain(rolled), recount: plain(recount) }
}

describe.each(databaseBackends)('launch day at a glance on $name', (backend) => {
	let database: Database
	let cleanup: () => Promise<void>

	beforeAll(async () => {
		;({ database, cleanup } = await backend.open())
		await prepareDatabase(database)
	})
	afterAll(async () => {
		await cleanup?.()
	})

	test("today is the owner's day and the last hour reaches back across their midnight (India, UTC+05:30)", async () => {
		const db = database.db
		expect(await dateRollupsIn(db, 'Asia/Kolkata')).toBe(true)
		// 00:20 on 10 June in Kolkata; its midnight was 18:30 UTC on 9 June.
		const now = new Date('2026-06-09T18:50:00Z')
		const order = (
			id: string,
			item: string,
			quantity: number,
			status: string,
			amount: number,
			currency: string,
			created: string,
			paid: string | null,
		) =>
			sql`(${id}, ${item}, ${quantity}, ${status}, 'GLOBAL', ${amount}, ${currency},
				${`2026-06-09T${created}:00Z`}::timestamptz,
				${paid ? `2026-06-09T${paid}:00Z` : null}::timestamptz, 0)`
		await db.execute(sql`INSERT INTO orders (id, item_code, quantity, status, region, amount_minor,
				currency, created_at, paid_at, discount_minor) VALUES
			${order('yesterday-in-hour', COURSE, 2, 'paid', 20_000, 'EUR', '18:20', '18:25')},
			${order('today-paid', COURSE, 1, 'paid', 10_000, 'EUR', '18:35', '18:40')},
			${order('today-pending', COURSE, 1, 'pending', 10_000, 'EUR', '18:45', null)},
			${order('started-before-hour', PASS, 3, 'paid', 5_000, 'USD', '17:40', '18:45')},
			${order('today-refunded', COURSE, 1, 'refunded', 10_000, 'EUR', '18:36', '18:37')},
			${order('yesterday-earlier', COURSE, 1, 'paid', 10_000, 'EUR', '12:00', '12:05')}`)
		await db.execute(sql`INSERT INTO leads (email, list, created_at) VALUES
			('before-midnight@example.com', 'workshop', '2026-06-09T18:10:00Z'),
			('after-midnight@example.com', 'course', '2026-06-09T18:31:00Z'),
			('hours-ago@example.com', 'workshop', '2026-06-09T17:00:00Z')`)
		const mail = (failed: string) =>
			sql`('x@example.com', 'site@example.com', 'Hello', 'Hello', 'smtp',
				${`2026-06-09T${failed}:00Z`}::timestamptz)`
		await db.execute(sql`INSERT INTO outbox (to_address, from_address, subject, text_body,
				transport, failed_at) VALUES ${mail('18:29')}, ${mail('18:32')}, ${mail('16:00')}`)
		await db.execute(sql`INSERT INTO jobs (kind, status, run_at) VALUES
			('glance-test', 'queued', '2026-06-09T18:40:00Z'),
			('glance-test', 'queued', '2026-06-09T18:48:00Z'),
			('glance-test', 'running', '2026-06-09T18:49:00Z'),
			('glance-test', 'queued', '2026-06-09T19:30:00Z'),
			('glance-test', 'done', '2026-06-09T18:00:00Z')`)

		const glance = await getLaunchDay(db, now)
		expect(glance.timeZone).toBe('Asia/Kolkata')
		expect(glance.today).toBe('2026-06-10')
		expect(glance.todayFigures).toEqual({
			orders: 2,
			seats: 4,
			revenue: [
				{ currency: 'EUR', amountMinor: 10_000 },
				{ currency: 'USD', amountMinor: 5_000 },
			],
			signups: 1,
			checkoutsStarted: 3,
			checkoutsPaid: 2,
			emailFailures: 1,
		})
		expect(glance.lastHour).toEqual({
			orders: 3,
			seats: 6,
			revenue: [
				{ currency: 'EUR', amountMinor: 30_000 },
				{ currency: 'USD', amountMinor: 5_000 },
			],
			signups: 2,
			checkoutsStarted: 4,
			checkoutsPaid: 3,
			emailFailures: 2,
		})
		expect(glance.queue).toEqual({ due: 2, running: 1, oldestWaitSeconds: 600 })

		// Ten minutes before midnight in Kolkata: today is 9 June, and holds the earlier payments.
		const before = await getLaunchDay(db, new Date('2026-06-09T18:20:00Z'))
		expect(before.today).toBe('2026-06-09')
		expect(before.todayFigures.revenue).toEqual([{ currency: 'EUR', amountMinor: 30_000 }])
		expect(before.todayFigures.signups).toBe(2)

		// The overview's days are Kolkata's days too.
		const overview = await getOverview(db, { from: '2026-06-09', to: '2026-06-10' })
		expect(overview.revenueByDay.find((chart) => chart.currency === 'EUR')?.days).toEqual([
			{ day: '2026-06-09', amountMinor: 30_000 },
			{ day: '2026-06-10', amountMinor: 10_000 },
		])
		expect(overview.funnel).toEqual({ signups: 3, checkouts: 6, paid: 5, refunded: 1 })
	})

	test('a new owner time zone dates every roll-up again; the same zone again changes nothing', async () => {
		const db = database.db
		expect(await dateRollupsIn(db, 'America/New_York')).toBe(true)
		expect(await dateRollupsIn(db, 'America/New_York')).toBe(false)
		const { rolled, recount } = await paidDaysBothWays(db, 'America/New_York')
		expect(rolled.length).toBeGreaterThan(0)
		expect(rolled).toEqual(recount)
		// 18:25 UTC on 9 June is 14:25 in New York: every payment of the test above is on 9 June.
		expect(rolled).toEqual([{ day: '2026-06-09', amount: 45_000 }])
		// A payment written now is dated in the new zone by the trigger.
		await db.execute(
			sql`UPDATE orders SET paid_at = '2026-06-10T03:59:00Z' WHERE id = 'today-paid'`,
		)
		expect(await paidDaysBothWays(db, 'America/New_York')).toEqual({
			rolled: [{ day: '2026-06-09', amount: 45_000 }],
			recount: [{ day: '2026-06-09', amount: 45_000 }],
		})
		await db.execute(
			sql`UPDATE orders SET paid_at = '2026-06-10T04:00:00Z' WHERE id = 'today-paid'`,
		)
		const moved = await paidDaysBothWays(db, 'America/New_York')
		expect(moved.rolled).toEqual(moved.recount)
		expect(moved.rolled).toEqual([
			{ day: '2026-06-09', amount: 35_000 },
			{ day: '2026-06-10', amount: 10_000 },
		])
		await expect(dateRollupsIn(db, 'Nowhere/Atlantis')).rejects.toThrow()
		expect(await dateRollupsIn(db, 'America/New_York')).toBe(false)
	})

	test('the passes roll-up agrees with a direct count after orders, payments, claims, refunds and hand edits', async () => {
		const db = database.db
		const origin = 'http://site.test'
		const checkout = (quantity: number) =>
			createCheckout(db, { code: PASS, quantity, region: 'TIER1', origin })
		const pay = (id: string) =>
			recordSandboxPayment(db, id, { email: `${id.toLowerCase()}@x.test` })
		const passIdsOf = async (orderId: string) =>
			(await read(db, sql`SELECT id FROM passes WHERE order_id = ${orderId} ORDER BY id`)).map(
				(row) => String(row.id),
			)
		const expectAgreement = async () => {
			const direct = await directPassCount(db)
			expect(await rolledUpPassCount(db)).toEqual(direct)
			const overview = await getOverview(db, { from: '2026-06-09', to: '2026-06-10' })
			// Day passes only here: no course seat links.
			expect(overview.passes).toEqual({ ...direct, seatLinks: 0, seatsClaimed: 0 })
			return direct
		}

		await expectAgreement()
		const team = await checkout(3)
		expect(await expectAgreement()).toEqual({ issued: 0, claimed: 0 })
		await pay(team.id)
		expect(await expectAgreement()).toEqual({ issued: 3, claimed: 0 })
		const [first, second] = await passIdsOf(team.id)
		expect(await claimPass(db, first!, { name: 'Ada Lovelace', email: 'ada@x.test' }, origin)).toBe(
			'claimed',
		)
		expect(await expectAgreement()).toEqual({ issued: 3, claimed: 1 })

		const solo = await checkout(1)
		await pay(solo.id)
		const [soloPass] = await passIdsOf(solo.id)
		await claimPass(db, soloPass!, { name: 'Grace Hopper', email: 'grace@x.test' }, origin)
		expect(await expectAgreement()).toEqual({ issued: 4, claimed: 2 })

		// A refund takes the order's passes, claimed or not, out of the count.
		await refundCheckout(db, team.id)
		expect(await expectAgreement()).toEqual({ issued: 1, claimed: 1 })

		// By hand: a pass moved to another paid order, a claim undone, a pass deleted, the
		// refunded order paid again; and a change rolled back.
		const other = await checkout(2)
		await pay(other.id)
		expect(await expectAgreement()).toEqual({ issued: 3, claimed: 1 })
		await db.execute(sql`UPDATE passes SET order_id = ${other.id} WHERE id = ${second!}`)
		expect(await expectAgreement()).toEqual({ issued: 4, claimed: 1 })
		await db.execute(sql`UPDATE passes SET claimed_at = NULL WHERE id = ${soloPass!}`)
		await db.execute(sql`DELETE FROM passes WHERE id = ${second!}`)
		expect(await expectAgreement()).toEqual({ issued: 3, claimed: 0 })
		await db.execute(sql`UPDATE orders SET status = 'paid' WHERE id = ${team.id}`)
		expect(await expectAgreement()).toEqual({ issued: 5, claimed: 1 })
		await expect(
			db.transaction(async (tx) => {
				await tx.execute(sql`UPDATE orders SET status = 'refunded' WHERE id = ${other.id}`)
				throw new Error('changed my mind')
			}),
		).rejects.toThrow('changed my mind')
		expect(await expectAgreement()).toEqual({ issued: 5, claimed: 1 })

		// The rebuild counts the same.
		await db.execute(sql`SELECT rebuild_overview_rollups()`)
		expect(await expectAgreement()).toEqual({ issued: 5, claimed: 1 })
	})

	test("the workshop sessions' head counts come from a roll-up that agrees with a direct count", async () => {
		const db = database.db
		const direct = async () =>
			Object.fromEntries(
				(
					await read(
						db,
						sql`SELECT coalesce(workshop_session, 'none') AS session, count(*)::int AS count
							FROM leads WHERE list = 'workshop' GROUP BY 1`,
					)
				).map((row) => [String(row.session), Number(row.count)]),
			)
		const shown = async () =>
			Object.fromEntries(
				(await sessionHeadCounts(db))
					.filter((row) => row.count > 0)
					.map((row) => [row.id ?? 'none', row.count]),
			)
		await db.execute(sql`INSERT INTO leads (email, list, workshop_session) VALUES
			('s1@example.com', 'workshop', 'workshop-a'), ('s2@example.com', 'workshop', 'workshop-a'),
			('s3@example.com', 'workshop', 'workshop-b'), ('s4@example.com', 'workshop', NULL),
			('s5@example.com', 'course', NULL)`)
		expect(await shown()).toEqual(await direct())
		expect((await shown())['workshop-a']).toBe(2)
		await db.execute(
			sql`UPDATE leads SET workshop_session = 'workshop-b' WHERE email = 's1@example.com'`,
		)
		await db.execute(sql`DELETE FROM leads WHERE email = 's3@example.com'`)
		expect(await shown()).toEqual(await direct())
		expect((await shown())['workshop-b']).toBe(1)
		await db.execute(sql`SELECT rebuild_overview_rollups()`)
		expect(await shown()).toEqual(await direct())
	})
})
