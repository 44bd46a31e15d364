/**
 * The overview of the sale for a date range of the owner's days (docs/decisions/083, 084,
 * 121): revenue by product,
 * region and day (per currency: amounts in different currencies are never added up), seats
 * sold / held / left, passes issued / claimed, the funnel, sign-ups per list per day, partners
 * and coupons. The sales and sign-up figures come from daily roll-ups the database keeps
 * (docs/decisions/095); nothing reads a whole table for them.
 *
 * The funnel counts what the database records: sign-ups (leads), checkouts started (orders
 * created) and paid. Page views go to the analytics services (SPEC §7), not to our database,
 * so the landing-page step is the sign-ups, not visits.
 */
import { between, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { cachedRead } from '~/db/read-cache.server'
import {
	overviewOrdersDaily,
	overviewPaidDaily,
	overviewPassCounts,
	overviewSignupsDaily,
} from '~/db/schema-overview.server'
import { type DateRange, daysOf } from '~/domain/date-range'
import { seatFigures } from '~/models/checkout/seat-figures.server'

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

/** '' in a roll-up's key is no partner or coupon (a primary key has no NULL). */
const noneAsNull = (column: AnyPgColumn) => sql<string | null>`nullif(${column}, '')`
const total = (column: AnyPgColumn) => sql<number>`sum(${column})`.mapWith(Number)
/**
 * A group is there when it counts something: one whose orders were all refunded sums to zero
 * in the roll-ups, where a scan of the orders would not find it at all.
 */
const counts = (column: AnyPgColumn) => sql`sum(${column}) > 0`

/**
 * The range's figures, summed by the database from the daily roll-ups (docs/decisions/095),
 * each grouped as one table or chart of the page needs it: paid orders by product, region, day
 * and partner (each per currency); orders created by status, coupon and currency; sign-ups by
 * list and day, and by partner. A year of 100,000 orders and 200,000 sign-ups is some 17,000
 * roll-up rows summed by the database and about 2,000 sent here (a row per list and day, most of
 * them), instead of every order and sign-up: sending rows out of PGlite is what costs. Each
 * figure equals the same sum over the orders and leads themselves
 * (tests/integration/overview-rollups.test.ts).
 */
export async function readOverviewFigures(db: Db, range: DateRange) {
	const paid = overviewPaidDaily
	const created = overviewOrdersDaily
	const signups = overviewSignupsDaily
	// One pass over the range's paid rows for the four groupings (decision 121): GROUPING SETS,
	// each output row marked by which set it belongs to, instead of four scans of the same rows.
	const [paidRows, createdByStatus, signupRows] = await Promise.all([
		db.execute(sql`SELECT ${paid.itemCode} AS item, ${paid.region} AS region,
				${paid.day}::text AS day, ${paid.affiliate} AS partner, ${paid.currency} AS currency,
				CASE WHEN GROUPING(${paid.itemCode}) = 0 THEN 'product'
					WHEN GROUPING(${paid.region}) = 0 THEN 'region'
					WHEN GROUPING(${paid.day}) = 0 THEN 'day' ELSE 'partner' END AS grouped_by,
				sum(${paid.orders})::bigint AS orders, sum(${paid.quantity})::bigint AS quantity,
				sum(${paid.amountMinor})::bigint AS amount
			FROM ${paid}
			WHERE ${between(paid.day, range.from, range.to)}
			GROUP BY GROUPING SETS ((${paid.itemCode}, ${paid.currency}),
				(${paid.region}, ${paid.currency}), (${paid.day}, ${paid.currency}),
				(${paid.affiliate}, ${paid.currency}))
			HAVING ${counts(paid.orders)}`),
		db
			.select({
				status: created.status,
				wasPaid: created.wasPaid,
				coupon: noneAsNull(created.couponCode),
				currency: created.currency,
				orders: total(created.orders),
				discountMinor: total(created.discountMinor),
			})
			.from(created)
			.where(between(created.day, range.from, range.to))
			.groupBy(created.status, created.wasPaid, created.couponCode, created.currency)
			.having(counts(created.orders))
			.orderBy(created.status, created.wasPaid, created.couponCode, created.currency),
		db.execute(sql`SELECT ${signups.list} AS list, ${signups.day}::text AS day,
				${signups.partnerKey} AS partner, GROUPING(${signups.list}) = 0 AS by_list,
				sum(${signups.signups})::bigint AS count
			FROM ${signups}
			WHERE ${between(signups.day, range.from, range.to)}
			GROUP BY GROUPING SETS ((${signups.list}, ${signups.day}), (${signups.partnerKey}))
			HAVING ${counts(signups.signups)}`),
	])
	const rows = rowsOf(paidRows)
	const groupedBy = (name: string) => rows.filter((row) => row.grouped_by === name)
	const byText =
		<T>(key: (row: T) => string) =>
		(a: T, b: T) =>
			key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0
	const paidByProduct = groupedBy('product')
		.map((row) => ({
			item: str(row.item),
			currency: str(row.currency),
			orders: num(row.orders),
			quantity: num(row.quantity),
			amountMinor: num(row.amount),
		}))
		.sort(byText((row) => `${row.item}\u0000${row.currency}`))
	const paidByRegion = groupedBy('region')
		.map((row) => ({
			region: str(row.region),
			currency: str(row.currency),
			orders: num(row.orders),
			amountMinor: num(row.amount),
		}))
		.sort(byText((row) => `${row.region}\u0000${row.currency}`))
	const paidByDay = groupedBy('day').map((row) => ({
		day: str(row.day),
		currency: str(row.currency),
		amountMinor: num(row.amount),
	}))
	const paidByPartner = groupedBy('partner')
		.filter((row) => str(row.partner) !== '')
		.map((row) => ({
			partner: str(row.partner),
			currency: str(row.currency),
			orders: num(row.orders),
			amountMinor: num(row.amount),
		}))
		.sort(byText((row) => `${row.partner}\u0000${row.currency}`))
	const signupGroups = rowsOf(signupRows)
	const signupsByListDay = signupGroups
		.filter((row) => row.by_list === true)
		.map((row) => ({ list: str(row.list), day: str(row.day), count: num(row.count) }))
	const signupsByPartner = signupGroups
		.filter((row) => row.by_list !== true && str(row.partner) !== '')
		.map((row) => ({ partner: str(row.partner), count: num(row.count) }))
	return {
		paidByProduct,
		paidByRegion,
		paidByDay,
		paidByPartner,
		createdByStatus,
		signupsByListDay,
		signupsByPartner,
	}
}

/**
 * The overview of the range: its figures from the daily roll-ups, laid out for each table and
 * chart (every day of the range present, zero where nothing happened), with the seats and
 * passes as they are now (the course's seats shared by link apart: docs/decisions/118).
 */
export async function getOverview(db: Db, range: DateRange) {
	const [figures, passRows, items, seats] = await Promise.all([
		readOverviewFigures(db, range),
		// The passes' roll-up (decision 121): a row per item and shard, not every pass joined to its
		// order; a course's seat links apart from day passes (decision 118).
		db.execute(sql`SELECT coalesce(sum(r.issued) FILTER (WHERE i.type = 'pass'), 0)::int AS issued,
				coalesce(sum(r.claimed) FILTER (WHERE i.type = 'pass'), 0)::int AS claimed,
				coalesce(sum(r.issued) FILTER (WHERE i.type = 'course'), 0)::int AS seat_links,
				coalesce(sum(r.claimed) FILTER (WHERE i.type = 'course'), 0)::int AS seats_claimed
				FROM ${overviewPassCounts} r JOIN catalog_items i ON i.code = r.item_code`),
		db.execute(sql`SELECT code, name FROM catalog_items`),
		// The counters the site itself shows, through the same short read cache (dropped at once
		// when this process records a sale or a refund): each pool is a scan of every paid order.
		cachedRead('admin:seats', () => seatFigures(db)),
	])
	const names = new Map(rowsOf(items).map((row) => [str(row.code), str(row.name)]))
	const days = daysOf(range)
	const byAmount = (a: { amountMinor: number }, b: { amountMinor: number }) =>
		b.amountMinor - a.amountMinor
	const created = figures.createdByStatus

	const revenueByDay = [...new Set(figures.paidByDay.map((row) => row.currency))]
		.sort()
		.map((currency) => {
			const amounts = new Map(
				figures.paidByDay
					.filter((row) => row.currency === currency)
					.map((row) => [row.day, row.amountMinor]),
			)
			return { currency, days: days.map((day) => ({ day, amountMinor: amounts.get(day) ?? 0 })) }
		})
	const signupsByList = [...new Set(figures.signupsByListDay.map((row) => row.list))]
		.sort()
		.map((list) => {
			const counts = new Map(
				figures.signupsByListDay
					.filter((row) => row.list === list)
					.map((row) => [row.day, row.count]),
			)
			const perDay = days.map((day) => ({ day, count: counts.get(day) ?? 0 }))
			return { list, total: perDay.reduce((sum, day) => sum + day.count, 0), days: perDay }
		})
	const partnerKeys = new Set([
		...figures.signupsByPartner.map((row) => row.partner),
		...figures.paidByPartner.map((row) => row.partner),
	])
	const count = (rows: readonly { orders: number }[]) =>
		rows.reduce((sum, row) => sum + row.orders, 0)
	return {
		range,
		revenueByProduct: figures.paidByProduct
			.map((row) => ({
				key: row.item,
				name: names.get(row.item) ?? row.item,
				currency: row.currency,
				orders: row.orders,
				quantity: row.quantity,
				amountMinor: row.amountMinor,
			}))
			.sort(byAmount),
		revenueByRegion: figures.paidByRegion
			.map((row) => ({
				key: row.region,
				currency: row.currency,
				orders: row.orders,
				amountMinor: row.amountMinor,
			}))
			.sort(byAmount),
		revenueByDay,
		seats,
		passes: {
			issued: num(rowsOf(passRows)[0]?.issued),
			claimed: num(rowsOf(passRows)[0]?.claimed),
			seatLinks: num(rowsOf(passRows)[0]?.seat_links),
			seatsClaimed: num(rowsOf(passRows)[0]?.seats_claimed),
		},
		funnel: {
			signups: figures.signupsByListDay.reduce((sum, row) => sum + row.count, 0),
			checkouts: count(created),
			paid: count(created.filter((row) => row.wasPaid)),
			refunded: count(created.filter((row) => row.status === 'refunded')),
		},
		signupsByList,
		partners: [...partnerKeys].sort().map((key) => ({
			key,
			signups: figures.signupsByPartner.find((row) => row.partner === key)?.count ?? 0,
			sales: figures.paidByPartner
				.filter((row) => row.partner === key)
				.map(({ currency, orders, amountMinor }) => ({ currency, orders, amountMinor })),
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
