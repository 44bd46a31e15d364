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

export async function getOverview(db: Db, range: DateRange) {
	const start = `${range.from}T00:00:00Z`
	const end = new Date(`${range.to}T00:00:00Z`)
	end.setUTCDate(end.getUTCDate() + 1)
	const endIso = end.toISOString()
	const paidInRange = sql`o.status = 'paid' AND o.paid_at >= ${start}::timestamptz AND o.paid_at < ${endIso}::timestamptz`
	const createdInRange = sql`o.created_at >= ${start}::timestamptz AND o.created_at < ${endIso}::timestamptz`
	const leadsInRange = sql`l.created_at >= ${start}::timestamptz AND l.created_at < ${endIso}::timestamptz`

	const [byProduct, byRegion, byDay, funnel, signups, partnerLeads, partnerSales, coupons, passes] =
		await Promise.all([
			db.execute(sql`SELECT o.item_code AS key, c.name AS name, o.currency, count(*)::int AS orders,
					sum(o.quantity)::int AS quantity, sum(o.amount_minor)::bigint AS amount
				FROM orders o JOIN catalog_items c ON c.code = o.item_code
				WHERE ${paidInRange} GROUP BY o.item_code, c.name, o.currency ORDER BY amount DESC`),
			db.execute(sql`SELECT o.region AS key, o.currency, count(*)::int AS orders, sum(o.amount_minor)::bigint AS amount
				FROM orders o WHERE ${paidInRange} GROUP BY o.region, o.currency ORDER BY amount DESC`),
			db.execute(sql`SELECT to_char(o.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, o.currency,
					sum(o.amount_minor)::bigint AS amount
				FROM orders o WHERE ${paidInRange} GROUP BY 1, 2`),
			db.execute(sql`SELECT count(*)::int AS started,
					count(*) FILTER (WHERE o.paid_at IS NOT NULL)::int AS paid,
					count(*) FILTER (WHERE o.status = 'refunded')::int AS refunded
				FROM orders o WHERE ${createdInRange}`),
			db.execute(sql`SELECT l.list, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS count
				FROM leads l WHERE ${leadsInRange} GROUP BY 1, 2`),
			db.execute(sql`SELECT l.partner_key AS key, count(*)::int AS count
				FROM leads l WHERE ${leadsInRange} AND l.partner_key IS NOT NULL GROUP BY 1`),
			db.execute(sql`SELECT o.affiliate AS key, o.currency, count(*)::int AS orders, sum(o.amount_minor)::bigint AS amount
				FROM orders o WHERE ${paidInRange} AND o.affiliate IS NOT NULL GROUP BY 1, 2`),
			db.execute(sql`SELECT o.coupon_code AS key, o.currency, count(*)::int AS started,
					count(*) FILTER (WHERE o.status = 'paid')::int AS paid,
					coalesce(sum(o.discount_minor) FILTER (WHERE o.status = 'paid'), 0)::bigint AS discount
				FROM orders o WHERE ${createdInRange} AND o.coupon_code IS NOT NULL GROUP BY 1, 2 ORDER BY paid DESC`),
			db.execute(sql`SELECT count(*)::int AS issued, count(p.claimed_at)::int AS claimed
				FROM passes p JOIN orders o ON o.id = p.order_id WHERE o.status = 'paid'`),
		])

	const days = daysOf(range)
	const currencies = [...new Set(rowsOf(byDay).map((row) => str(row.currency)))].sort()
	const revenueByDay = currencies.map((currency) => {
		const amounts = new Map(
			rowsOf(byDay)
				.filter((row) => row.currency === currency)
				.map((row) => [str(row.day), num(row.amount)]),
		)
		return { currency, days: days.map((day) => ({ day, amountMinor: amounts.get(day) ?? 0 })) }
	})
	const lists = [...new Set(rowsOf(signups).map((row) => str(row.list)))].sort()
	const signupsByList = lists.map((list) => {
		const counts = new Map(
			rowsOf(signups)
				.filter((row) => row.list === list)
				.map((row) => [str(row.day), num(row.count)]),
		)
		const perDay = days.map((day) => ({ day, count: counts.get(day) ?? 0 }))
		return { list, total: perDay.reduce((sum, day) => sum + day.count, 0), days: perDay }
	})
	const funnelRow = rowsOf(funnel)[0] ?? {}
	const passRow = rowsOf(passes)[0] ?? {}
	const partnerKeys = new Set([
		...rowsOf(partnerLeads).map((row) => str(row.key)),
		...rowsOf(partnerSales).map((row) => str(row.key)),
	])
	return {
		range,
		revenueByProduct: rowsOf(byProduct).map((row) => ({
			key: str(row.key),
			name: str(row.name),
			currency: str(row.currency),
			orders: num(row.orders),
			quantity: num(row.quantity),
			amountMinor: num(row.amount),
		})),
		revenueByRegion: rowsOf(byRegion).map((row) => ({
			key: str(row.key),
			currency: str(row.currency),
			orders: num(row.orders),
			amountMinor: num(row.amount),
		})),
		revenueByDay,
		seats: await seatFigures(db),
		passes: { issued: num(passRow.issued), claimed: num(passRow.claimed) },
		funnel: {
			signups: signupsByList.reduce((sum, list) => sum + list.total, 0),
			checkouts: num(funnelRow.started),
			paid: num(funnelRow.paid),
			refunded: num(funnelRow.refunded),
		},
		signupsByList,
		partners: [...partnerKeys].sort().map((key) => ({
			key,
			signups: num(rowsOf(partnerLeads).find((row) => row.key === key)?.count),
			sales: rowsOf(partnerSales)
				.filter((row) => row.key === key)
				.map((row) => ({
					currency: str(row.currency),
					orders: num(row.orders),
					amountMinor: num(row.amount),
				})),
		})),
		coupons: rowsOf(coupons).map((row) => ({
			key: str(row.key),
			currency: str(row.currency),
			started: num(row.started),
			paid: num(row.paid),
			discountMinor: num(row.discount),
		})),
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
