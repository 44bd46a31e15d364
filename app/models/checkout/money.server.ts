/**
 * Money as an accountant reads it (issue 27 item 4, docs/decisions/124): for a range of the
 * owner's days, per currency, gross (paid, by the day paid), refunded (by the day refunded),
 * net (gross − refunded) and the payment provider's fee (by the day paid, where the provider
 * reports one); the same per product and per region. Summed by the database from the
 * `money_daily` roll-up (0031), never from the orders themselves; amounts in different
 * currencies are never added up.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { catalogItems } from '~/db/schema.server'
import { moneyDaily } from '~/db/schema-overview.server'
import type { CsvValue } from '~/domain/csv'
import type { DateRange } from '~/domain/date-range'
import { toMajorUnits } from '~/domain/pricing'
import { getPaymentProvider } from '~/integrations/payments/index.server'

export type MoneyLine = {
	/** What the line is of: '' for the totals, else a product's code or a region's name. */
	key: string
	/** A product's name, a region's name, or 'All' for the totals. */
	label: string
	currency: string
	paidOrders: number
	grossMinor: number
	/** Refunds, partial or the rest of an order, each counted on its day (docs/decisions/123). */
	refundedOrders: number
	refundedMinor: number
	netMinor: number
	/** The provider's fee in this currency; null where no payment of the line reported one. */
	feeMinor: number | null
}

export type MoneyFigures = {
	totals: MoneyLine[]
	byProduct: MoneyLine[]
	byRegion: MoneyLine[]
}

type Group = 'total' | 'product' | 'region'

/** The range's movements summed per currency, per product and per region, in one pass. */
export async function readMoney(db: Db, range: DateRange): Promise<MoneyFigures> {
	const m = moneyDaily
	const rows = rowsOf(
		await db.execute(sql`SELECT
				CASE WHEN GROUPING(${m.itemCode}) = 0 THEN 'product'
					WHEN GROUPING(${m.region}) = 0 THEN 'region' ELSE 'total' END AS grouped_by,
				coalesce(${m.itemCode}, ${m.region}, '') AS key,
				CASE WHEN GROUPING(${m.itemCode}) = 0 THEN coalesce(min(${catalogItems.name}), ${m.itemCode})
					ELSE coalesce(${m.region}, 'All') END AS label,
				${m.currency} AS currency,
				sum(${m.orders}) FILTER (WHERE ${m.kind} = 'gross')::bigint AS paid_orders,
				sum(${m.amountMinor}) FILTER (WHERE ${m.kind} = 'gross')::bigint AS gross,
				sum(${m.orders}) FILTER (WHERE ${m.kind} = 'refunded')::bigint AS refunded_orders,
				sum(${m.amountMinor}) FILTER (WHERE ${m.kind} = 'refunded')::bigint AS refunded,
				sum(${m.amountMinor}) FILTER (WHERE ${m.kind} = 'fee')::bigint AS fee,
				count(*) FILTER (WHERE ${m.kind} = 'fee' AND ${m.orders} <> 0) AS fee_rows
			FROM ${m} LEFT JOIN ${catalogItems} ON ${catalogItems.code} = ${m.itemCode}
			WHERE ${m.day} BETWEEN ${range.from} AND ${range.to}
			GROUP BY GROUPING SETS ((${m.currency}), (${m.itemCode}, ${m.currency}),
				(${m.region}, ${m.currency}))
			HAVING sum(abs(${m.orders})) > 0
			ORDER BY 1, 2, 4`),
	)
	const lines = rows
		.map((row) => {
			const gross = Number(row.gross ?? 0)
			const refunded = Number(row.refunded ?? 0)
			return {
				group: String(row.grouped_by) as Group,
				line: {
					key: String(row.key ?? ''),
					label: String(row.label ?? ''),
					currency: String(row.currency),
					paidOrders: Number(row.paid_orders ?? 0),
					grossMinor: gross,
					refundedOrders: Number(row.refunded_orders ?? 0),
					refundedMinor: refunded,
					netMinor: gross - refunded,
					feeMinor: Number(row.fee_rows ?? 0) > 0 ? Number(row.fee ?? 0) : null,
				} satisfies MoneyLine,
			}
		})
		// A group whose movements all cancelled out (a row fallen to 0) is not a line.
		.filter(
			({ line }) =>
				line.paidOrders !== 0 || line.refundedOrders !== 0 || (line.feeMinor ?? 0) !== 0,
		)
	const of = (group: Group) => lines.filter((entry) => entry.group === group).map((e) => e.line)
	return { totals: of('total'), byProduct: of('product'), byRegion: of('region') }
}

/** The CSV's header and rows: one line per total, product and region, amounts in major units. */
export function moneyCsvRows(figures: MoneyFigures, range: DateRange, feeNote: string | null) {
	const major = (minor: number, currency: string) => toMajorUnits(minor, currency)
	const header = [
		'from',
		'to',
		'group',
		'name',
		'currency',
		'paid orders',
		'gross',
		'refunds',
		'refunded',
		'net',
		'provider fee',
		'net after fee',
	]
	const row =
		(group: string) =>
		(line: MoneyLine): CsvValue[] => [
			range.from,
			range.to,
			group,
			line.label,
			line.currency,
			line.paidOrders,
			major(line.grossMinor, line.currency),
			line.refundedOrders,
			major(line.refundedMinor, line.currency),
			major(line.netMinor, line.currency),
			line.feeMinor == null ? (feeNote ?? '') : major(line.feeMinor, line.currency),
			major(line.netMinor - (line.feeMinor ?? 0), line.currency),
		]
	return {
		header,
		rows: [
			...figures.totals.map(row('total')),
			...figures.byProduct.map(row('product')),
			...figures.byRegion.map(row('region')),
		],
	}
}

/**
 * What a fee cell says where no fee was recorded: the sandbox takes none ("no fee (test
 * mode)"); with a provider that reports fees, null (the page then says "not reported yet").
 */
export function moneyFeeNote(): string | null {
	return getPaymentProvider().readFee ? null : 'no fee (test mode)'
}
