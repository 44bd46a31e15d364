/**
 * Launch day at a glance (issue 27 item 1, docs/decisions/121): today, in the owner's time zone,
 * and the last hour. Today from the daily roll-ups (decision 095, dated in the owner's zone),
 * the last hour from indexed ranges of the orders, leads and outbox (an hour of a launch is a few
 * thousand rows at most), the queue from its index of waiting jobs. Nothing scans a table.
 *
 * - Orders, seats, revenue: orders paid in the period (by when they were paid, refunded ones
 *   left out, as the overview's revenue), revenue per currency.
 * - Checkouts started vs paid: orders created in the period, and how many of those were paid.
 * - Sign-ups: leads first made in the period.
 * - E-mail failures: messages the outbox gave up on in the period (decision 076).
 * - Queue depth: jobs due now and not yet done (waiting or running), and the oldest one's wait.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { overviewSettings } from '~/db/schema-overview.server'
import type { LaunchDay, Period } from '~/domain/launch-day'
import { dayInZone } from '~/domain/time'
import { queueFigures } from '~/models/checkout/index.server'

const num = (value: unknown) => Number(value ?? 0)

/** The zone the roll-ups' days are dated in (set at boot from OWNER_TIME_ZONE). */
export async function rollupTimeZone(db: Db): Promise<string> {
	const [row] = await db
		.select({ zone: overviewSettings.timeZone })
		.from(overviewSettings)
		.where(eq(overviewSettings.id, true))
	return row?.zone ?? 'UTC'
}

function revenueOf(rows: Record<string, unknown>[]) {
	return rows
		.filter((row) => num(row.orders) !== 0)
		.map((row) => ({ currency: String(row.currency), amountMinor: num(row.amount) }))
		.sort((a, b) => a.currency.localeCompare(b.currency))
}

function periodOf(
	paid: Record<string, unknown>[],
	created: Record<string, unknown> | undefined,
	signups: unknown,
	failures: unknown,
): Period {
	return {
		orders: paid.reduce((sum, row) => sum + num(row.orders), 0),
		seats: paid.reduce((sum, row) => sum + num(row.seats), 0),
		revenue: revenueOf(paid),
		signups: num(signups),
		checkoutsStarted: num(created?.started),
		checkoutsPaid: num(created?.paid),
		emailFailures: num(failures),
	}
}

/**
 * Today and the last hour as of `now` (a parameter, so a test can stand at any moment; the
 * database's clock is not read), in the zone the roll-ups are dated in (`zone`, when the caller
 * already read it).
 */
export async function getLaunchDay(db: Db, now = new Date(), zone?: string): Promise<LaunchDay> {
	const timeZone = zone ?? (await rollupTimeZone(db))
	const today = dayInZone(now, timeZone)
	const at = now.toISOString()
	const hourAgo = new Date(now.getTime() - 3_600_000).toISOString()
	// Midnight of today in the zone, as an instant (DST-correct: the database's zone rules).
	const midnight = sql`(${today}::date::timestamp AT TIME ZONE ${timeZone})`
	const [
		paidToday,
		createdToday,
		signupsToday,
		failedToday,
		paidHour,
		createdHour,
		signupsHour,
		failedHour,
		queue,
		checkoutQueue,
	] = await Promise.all([
		db.execute(sql`SELECT currency, sum(orders)::bigint AS orders, sum(quantity)::bigint AS seats,
				sum(amount_minor)::bigint AS amount
			FROM overview_paid_daily WHERE day = ${today}::date GROUP BY currency`),
		db.execute(sql`SELECT coalesce(sum(orders), 0)::bigint AS started,
				coalesce(sum(orders) FILTER (WHERE was_paid), 0)::bigint AS paid
			FROM overview_orders_daily WHERE day = ${today}::date`),
		db.execute(sql`SELECT coalesce(sum(signups), 0)::bigint AS count
			FROM overview_signups_daily WHERE day = ${today}::date`),
		db.execute(sql`SELECT count(*)::bigint AS count FROM outbox
			WHERE failed_at >= ${midnight} AND failed_at <= ${at}::timestamptz`),
		db.execute(sql`SELECT currency, count(*)::bigint AS orders, sum(quantity)::bigint AS seats,
				sum(amount_minor - refunded_minor)::bigint AS amount
			FROM orders
			WHERE paid_at > ${hourAgo}::timestamptz AND paid_at <= ${at}::timestamptz AND status = 'paid'
			GROUP BY currency`),
		db.execute(sql`SELECT count(*)::bigint AS started, count(paid_at)::bigint AS paid FROM orders
			WHERE created_at > ${hourAgo}::timestamptz AND created_at <= ${at}::timestamptz`),
		db.execute(sql`SELECT count(*)::bigint AS count FROM leads
			WHERE created_at > ${hourAgo}::timestamptz AND created_at <= ${at}::timestamptz`),
		db.execute(sql`SELECT count(*)::bigint AS count FROM outbox
			WHERE failed_at > ${hourAgo}::timestamptz AND failed_at <= ${at}::timestamptz`),
		db.execute(sql`SELECT count(*) FILTER (WHERE status = 'queued')::bigint AS due,
				count(*) FILTER (WHERE status = 'running')::bigint AS running,
				coalesce(extract(epoch FROM ${at}::timestamptz - min(run_at)), 0)::bigint AS oldest
			FROM jobs WHERE status IN ('queued', 'running') AND run_at <= ${at}::timestamptz`),
		queueFigures(db),
	])
	const [queueRow] = rowsOf(queue)
	return {
		at,
		timeZone,
		today,
		todayFigures: periodOf(
			rowsOf(paidToday),
			rowsOf(createdToday)[0],
			rowsOf(signupsToday)[0]?.count,
			rowsOf(failedToday)[0]?.count,
		),
		lastHour: periodOf(
			rowsOf(paidHour),
			rowsOf(createdHour)[0],
			rowsOf(signupsHour)[0]?.count,
			rowsOf(failedHour)[0]?.count,
		),
		queue: {
			due: num(queueRow?.due),
			running: num(queueRow?.running),
			oldestWaitSeconds: Math.max(0, num(queueRow?.oldest)),
		},
		checkoutQueue,
	}
}
