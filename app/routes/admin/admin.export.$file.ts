/**
 * /admin/export/{orders,passes,leads}.csv: the owner's exports (docs/decisions/083), with the
 * same filters (query string) as the lists. Streamed: rows are read from the database in keyset
 * batches as the client takes them, never the whole table at once; every cell is made safe for
 * spreadsheets (domain/csv.ts). Each export is written in the audit log: it is personal
 * data leaving the site.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { type CsvValue, csvStream } from '~/domain/csv'
import { toMajorUnits } from '~/domain/pricing'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { orderExportRows } from '~/models/checkout/orders.server'
import { passExportRows } from '~/models/checkout/passes-export.server'
import { leadExportRows } from '~/models/leads/owner-list.server'
import {
	leadFiltersSchema,
	orderFiltersSchema,
	parseFilters,
	passFiltersSchema,
} from '~/models/lists/filters.server'
import { pathNotFound } from '~/utils/responses'

type Export = { header: string[]; rows: AsyncIterable<CsvValue[]> }

async function* mapRows<T>(rows: AsyncIterable<T>, toCells: (row: T) => CsvValue[]) {
	for await (const row of rows) yield toCells(row)
}

const EXPORTS = {
	'orders.csv': async (params: URLSearchParams) => {
		const filters = parseFilters(orderFiltersSchema, params)
		if (!filters.ok) return filters
		const rows = orderExportRows(await getDb(), filters.value)
		return {
			ok: true as const,
			export: {
				header: [
					'order_id',
					'created_at',
					'status',
					'product',
					'quantity',
					'region',
					'amount',
					'currency',
					'email',
					'customer_name',
					'coupon',
					'partner',
					'provider',
					'payment_id',
					'paid_at',
					'refunded_at',
					'refunded_amount',
					'refunded_quantity',
				],
				rows: mapRows(rows, (order) => [
					order.id,
					order.createdAt,
					order.status,
					order.itemCode,
					order.quantity,
					order.region,
					toMajorUnits(order.amountMinor, order.currency),
					order.currency,
					order.email,
					order.customerName,
					order.couponCode,
					order.affiliate,
					order.provider,
					order.paymentIntentId,
					order.paidAt,
					// The last refund of any kind: a partial one leaves the order's own empty.
					order.refundedAt ?? order.lastRefundAt,
					toMajorUnits(order.refundedMinor, order.currency),
					order.refundedQuantity,
				]),
			} satisfies Export,
		}
	},
	'passes.csv': async (params: URLSearchParams) => {
		const filters = parseFilters(passFiltersSchema, params)
		if (!filters.ok) return filters
		const rows = passExportRows(await getDb(), filters.value)
		return {
			ok: true as const,
			export: {
				header: [
					'pass_id',
					'created_at',
					'order_id',
					'order_status',
					'product',
					'buyer_email',
					'holder_name',
					'holder_email',
					'claimed_at',
					'refunded_at',
				],
				rows: mapRows(rows, (pass) => [
					pass.id,
					pass.createdAt,
					pass.orderId,
					pass.orderStatus,
					pass.itemCode,
					pass.buyerEmail,
					pass.holderName,
					pass.holderEmail,
					pass.claimedAt,
					pass.refundedAt,
				]),
			} satisfies Export,
		}
	},
	'leads.csv': async (params: URLSearchParams) => {
		const filters = parseFilters(leadFiltersSchema, params)
		if (!filters.ok) return filters
		const rows = leadExportRows(await getDb(), filters.value)
		return {
			ok: true as const,
			export: {
				header: [
					'lead_id',
					'created_at',
					'list',
					'email',
					'first_name',
					'last_name',
					'confirmed_at',
					'partner',
					'referral_url',
					'attribution',
					'workshop_session',
				],
				rows: mapRows(rows, (lead) => [
					lead.id,
					lead.createdAt,
					lead.list,
					lead.email,
					lead.firstName,
					lead.lastName,
					lead.confirmedAt,
					lead.partnerKey,
					lead.referralUrl,
					JSON.stringify(lead.attribution),
					lead.workshopSession,
				]),
			} satisfies Export,
		}
	},
}

const isExportName = (value: string | undefined): value is keyof typeof EXPORTS =>
	value !== undefined && Object.hasOwn(EXPORTS, value)

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	const url = new URL(request.url)
	const file = params.file
	if (!isExportName(file)) throw pathNotFound(url.pathname)
	const result = await EXPORTS[file](url.searchParams)
	if (!result.ok) {
		const problems = Object.entries(result.errors).map(([field, message]) => `${field}: ${message}`)
		return new Response(`Bad Request: ${problems.join('; ')}\n`, {
			status: 400,
			headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
		})
	}
	await recordOwnerAction(await getDb(), {
		actor: owner.name,
		action: 'export',
		target: `export:${file}`,
		after: { filters: Object.fromEntries(url.searchParams) },
	})
	const day = new Date().toISOString().slice(0, 10)
	return new Response(csvStream(result.export.header, result.export.rows), {
		headers: {
			...ADMIN_HEADERS,
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${file.replace('.csv', '')}-${day}.csv"`,
		},
	})
}

export function action(args: ActionFunctionArgs) {
	return ownerOnlyAction(args)
}
