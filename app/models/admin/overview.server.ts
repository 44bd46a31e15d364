/**
 * The overview of the sale for a date range (docs/decisions/083, 084): revenue by product,
 * region and day (per currency: amounts in different currencies are never added up), seats
 * sold / held / left, passes issued / claimed, the funnel, sign-ups per list per day, partners
 * and coupons. Each figure is one aggregate over an indexed range; nothing reads a whole table.
 *
 * The funnel counts what the database records: sign-ups (leads), checkouts started (orders
 * created) and paid. Page views go to the analytics services (SPEC §7), not to our database,
 * so the landing-page step is the sign-ups, not visits.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/models/checkout/query.server'
import { countSeats, seatPools } from '~/models/checkout/reserve.server'
import { cachedRead } from '~/models/read-cache.server'

export type DateRange = { from: string; to: string }

/** The last 30 days, today included (UTC). */
export function defaultRange(now = new Date()): DateRange {
	const to = now.toISOString().slice(0, 10)
	const start = new Date(`${to}T00:00:00Z`)
	start.setUTCDate(start.getUTCDate() - 29)
	return { from: start.toISOString().slice(0, 10), to }
}

/** Every day of the range, as YYYY-MM-DD (at most 366: longer ranges are refused upstream). */
export function daysOf(range: DateRange): string[] {
	const days: string[] = []
	const day = new Date(`${range.from}T00:00:00Z`)
	const end = new Date(`${range.to}T00:00:00Z`)
	while (day <= end && days.length < 400) {
		days.push(day.toISOString().slice(0, 10))
		day.setUTCDate(day.getUTCDate() + 1)
	}
	return days
}

const num = (value: unknown) => Number(value ?? 0)
const str = (value: unknown) => String(value ?? '')

/** Sums `value` of `rows` by `key`, in first-seen order. */
function sumBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number[]) {
	const sums = new Map<string, { row: T; totals: number[] }>()
	for (const row of rows) {
		const entry = sums.get(key(row))
		const values = value(row)
		if (entry) entry.totals = entry.totals.map((total, i) => total + (values[i] ?? 0))
		else sums.set(key(row), { row, totals: values })
	}
	return [...sums.values()]
}

/**
 * Three scans, each grouped as finely as the page needs and summed up here: the paid orders of
 * the range (by day, product, region, currency, partner), the orders created in it (by status,
 * coupon, currency) and the sign-ups (by list, day, partner). Days are grouped as dates and
 * printed once per group: formatting every row (to_char) cost more than the rest together.
 */
export async function getOverview(db: Db, range: DateRange) {
	const start = `${range.from}T00:00:00Z`
	const end = new Date(`${range.to}T00:00:00Z`)
	end.setUTCDate(end.getUTCDate() + 1)
	const endIso = end.toISOString()
	const [paidRows, createdRows, leadRows, passRows, items, seats] = await Promise.all([
		db.execute(sql`SELECT day::text AS day, item_code, region, currency, affiliate, orders, quantity, amount
			FROM (SELECT (o.paid_at AT TIME ZONE 'UTC')::date AS day, o.item_code, o.region, o.currency, o.affiliate,
					count(*)::int AS orders, sum(o.quantity)::int AS quantity, sum(o.amount_minor)::bigint AS amount
				FROM orders o
				WHERE o.status = 'paid' AND o.paid_at >= ${start}::timestamptz AND o.paid_at < ${endIso}::timestamptz
				GROUP BY 1, 2, 3, 4, 5) AS paid`),
		db.execute(sql`SELECT o.status, o.paid_at IS NOT NULL AS was_paid, o.coupon_code, o.currency,
				count(*)::int AS orders, coalesce(sum(o.discount_minor), 0)::bigint AS discount
			FROM orders o
			WHERE o.created_at >= ${start}::timestamptz AND o.created_at < ${endIso}::timestamptz
			GROUP BY 1, 2, 3, 4`),
		db.execute(sql`SELECT list, day::text AS day, partner_key, count
			FROM (SELECT l.list, (l.created_at AT TIME ZONE 'UTC')::date AS day, l.partner_key, count(*)::int AS count
				FROM leads l
				WHERE l.created_at >= ${start}::timestamptz AND l.created_at < ${endIso}::timestamptz
				GROUP BY 1, 2, 3) AS signups`),
		db.execute(sql`SELECT count(*)::int AS issued, count(p.claimed_at)::int AS claimed
			FROM passes p JOIN orders o ON o.id = p.order_id WHERE o.status = 'paid'`),
		db.execute(sql`SELECT code, name FROM catalog_items`),
		// The counters the site itself shows, through the same short read cache (dropped at once
		// when this process records a sale or a refund): each pool is a scan of every paid order.
		cachedRead('admin:seats', () => seatFigures(db)),
	])
	const paid = rowsOf(paidRows).map((row) => ({
		day: str(row.day),
		item: str(row.item_code),
		region: str(row.region),
		currency: str(row.currency),
		partner: row.affiliate === null ? null : str(row.affiliate),
		orders: num(row.orders),
		quantity: num(row.quantity),
		amountMinor: num(row.amount),
	}))
	const created = rowsOf(createdRows).map((row) => ({
		status: str(row.status),
		wasPaid: row.was_paid === true,
		coupon: row.coupon_code === null ? null : str(row.coupon_code),
		currency: str(row.currency),
		orders: num(row.orders),
		discountMinor: num(row.discount),
	}))
	const signups = rowsOf(leadRows).map((row) => ({
		list: str(row.list),
		day: str(row.day),
		partner: row.partner_key === null ? null : str(row.partner_key),
		count: num(row.count),
	}))
	const names = new Map(rowsOf(items).map((row) => [str(row.code), str(row.name)]))
	const days = daysOf(range)
	const byAmount = (a: { amountMinor: number }, b: { amountMinor: number }) =>
		b.amountMinor - a.amountMinor

	const revenueByDay = [...new Set(paid.map((row) => row.currency))].sort().map((currency) => {
		const amounts = new Map(
			sumBy(
				paid.filter((row) => row.currency === currency),
				(row) => row.day,
				(row) => [row.amountMinor],
			).map(({ row, totals }) => [row.day, totals[0] ?? 0]),
		)
		return { currency, days: days.map((day) => ({ day, amountMinor: amounts.get(day) ?? 0 })) }
	})
	const signupsByList = [...new Set(signups.map((row) => row.list))].sort().map((list) => {
		const counts = new Map(
			sumBy(
				signups.filter((row) => row.list === list),
				(row) => row.day,
				(row) => [row.count],
			).map(({ row, totals }) => [row.day, totals[0] ?? 0]),
		)
		const perDay = days.map((day) => ({ day, count: counts.get(day) ?? 0 }))
		return { list, total: perDay.reduce((sum, day) => sum + day.count, 0), days: perDay }
	})
	const partnerKeys = new Set([
		...signups.flatMap((row) => (row.partner ? [row.partner] : [])),
		...paid.flatMap((row) => (row.partner ? [row.partner] : [])),
	])
	const count = (rows: readonly { orders: number }[]) =>
		rows.reduce((sum, row) => sum + row.orders, 0)
	return {
		range,
		revenueByProduct: sumBy(
			paid,
			(row) => `${row.item}|${row.currency}`,
			(row) => [row.orders, row.quantity, row.amountMinor],
		)
			.map(({ row, totals: [orders = 0, quantity = 0, amountMinor = 0] }) => ({
				key: row.item,
				name: names.get(row.item) ?? row.item,
				currency: row.currency,
				orders,
				quantity,
				amountMinor,
			}))
			.sort(byAmount),
		revenueByRegion: sumBy(
			paid,
			(row) => `${row.region}|${row.currency}`,
			(row) => [row.orders, row.amountMinor],
		)
			.map(({ row, totals: [orders = 0, amountMinor = 0] }) => ({
				key: row.region,
				currency: row.currency,
				orders,
				amountMinor,
			}))
			.sort(byAmount),
		revenueByDay,
		seats,
		passes: {
			issued: num(rowsOf(passRows)[0]?.issued),
			claimed: num(rowsOf(passRows)[0]?.claimed),
		},
		funnel: {
			signups: signups.reduce((sum, row) => sum + row.count, 0),
			checkouts: count(created),
			paid: count(created.filter((row) => row.wasPaid)),
			refunded: count(created.filter((row) => row.status === 'refunded')),
		},
		signupsByList,
		partners: [...partnerKeys].sort().map((key) => ({
			key,
			signups: signups
				.filter((row) => row.partner === key)
				.reduce((sum, row) => sum + row.count, 0),
			sales: sumBy(
				paid.filter((row) => row.partner === key),
				(row) => row.currency,
				(row) => [row.orders, row.amountMinor],
			).map(({ row, totals: [orders = 0, amountMinor = 0] }) => ({
				currency: row.currency,
				orders,
				amountMinor,
			})),
		})),
		coupons: sumBy(
			created.filter((row) => row.coupon !== null),
			(row) => `${row.coupon}|${row.currency}`,
			(row) =>
				row.status === 'paid' ? [row.orders, row.orders, row.discountMinor] : [row.orders, 0, 0],
		)
			.map(({ row, totals: [started = 0, paidOrders = 0, discountMinor = 0] }) => ({
				key: row.coupon ?? '',
				currency: row.currency,
				started,
				paid: paidOrders,
				discountMinor,
			}))
			.sort((a, b) => b.paid - a.paid),
	}
}

/** Sold, held (unpaid checkouts not expired) and left, per capacity pool (decision 031). */
async function seatFigures(db: Db) {
	const items = await db.execute(
		sql`SELECT code, name, course_slug, capacity FROM catalog_items WHERE active AND (course_slug IS NOT NULL OR capacity IS NOT NULL) ORDER BY sort_order, code`,
	)
	const pools = new Map<string, { label: string; pool: ReturnType<typeof seatPools>[number] }>()
	for (const row of rowsOf(items)) {
		const item = {
			code: str(row.code),
			courseSlug: row.course_slug === null ? null : str(row.course_slug),
			capacity: row.capacity === null ? null : num(row.capacity),
		}
		const [coursePool, itemPool] = item.courseSlug
			? seatPools(item)
			: [undefined, ...seatPools(item)]
		if (coursePool && item.courseSlug)
			pools.set(`course:${item.courseSlug}`, {
				label: `Course ${item.courseSlug}`,
				pool: coursePool,
			})
		if (itemPool) pools.set(`item:${item.code}`, { label: str(row.name), pool: itemPool })
	}
	return Promise.all(
		[...pools.values()].map(async ({ label, pool }) => {
			const counts = await countSeats(db, pool, null)
			const held = counts.held - counts.paid
			return {
				label,
				capacity: pool.capacity,
				sold: counts.paid,
				held,
				left: Math.max(0, pool.capacity - counts.held),
			}
		}),
	)
}
