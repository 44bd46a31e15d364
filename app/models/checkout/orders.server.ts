/**
 * The owner's orders (docs/decisions/083): the list with its filters, one order with everything
 * about it, and the rows of the CSV export — all newest first, paged by key.
 */

import { and, asc, desc, eq, gte, inArray, like, lt, type SQL, sql } from 'drizzle-orm'
import { ownerTimeZone } from '~/content/owner-zone.server'
import type { Db } from '~/db/client.server'
import {
	afterSortedCursor,
	cursorTime,
	decodeSortedCursor,
	everyRow,
	type ListSort,
	type SortColumn,
	sortedOrder,
	sortedPageOf,
} from '~/db/cursor.server'
import {
	catalogItems,
	orders,
	passes,
	paymentEvents,
	pricingRegions,
	refundedPasses,
	refunds,
} from '~/db/schema.server'
import { ownerAuditLog } from '~/db/schema-admin.server'
import { outbox } from '~/db/schema-leads.server'
import { couponNote } from '~/domain/coupon-note'
import { deliveryState } from '~/domain/delivery'
import { dayBounds, type OrderFilters } from '~/models/lists/filters.server'

const ORDERS_PAGE_SIZE = 50

/** `value%` for LIKE, with the user's own % and _ taken literally. */
export const prefixPattern = (value: string) =>
	`${value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`

function orderConditions(filters: OrderFilters): SQL | undefined {
	const { start, end } = dayBounds(filters, ownerTimeZone())
	return and(
		filters.status ? eq(orders.status, filters.status) : undefined,
		filters.product ? eq(orders.itemCode, filters.product) : undefined,
		filters.region ? eq(orders.region, filters.region) : undefined,
		filters.partner ? eq(orders.affiliate, filters.partner) : undefined,
		filters.coupon ? eq(orders.couponCode, filters.coupon) : undefined,
		filters.email ? like(orders.email, prefixPattern(filters.email)) : undefined,
		start ? gte(orders.createdAt, start) : undefined,
		end ? lt(orders.createdAt, end) : undefined,
	)
}

const orderRow = {
	id: orders.id,
	createdAt: orders.createdAt,
	status: orders.status,
	itemCode: orders.itemCode,
	quantity: orders.quantity,
	region: orders.region,
	amountMinor: orders.amountMinor,
	currency: orders.currency,
	email: orders.email,
	customerName: orders.customerName,
	couponCode: orders.couponCode,
	affiliate: orders.affiliate,
	provider: orders.provider,
	paymentIntentId: orders.paymentIntentId,
	paidAt: orders.paidAt,
	refundedAt: orders.refundedAt,
	/** Partial refunds and the full one together (decision 123). */
	refundedMinor: orders.refundedMinor,
	/** The seats or passes given back, by every refund of the order (decision 150). */
	refundedQuantity: sql<number>`(SELECT coalesce(sum(r.quantity), 0)::int FROM refunds AS r WHERE r.order_id = "orders"."id")`,
	/** When the last refund of any kind was made: a partial one leaves `refunded_at` empty. */
	lastRefundAt:
		sql<Date | null>`(SELECT max(r.created_at) FROM refunds AS r WHERE r.order_id = "orders"."id")`.mapWith(
			refunds.createdAt,
		),
	cursorAt: cursorTime(orders.createdAt),
}

/**
 * The columns the orders list sorts by (docs/decisions/111), each with an index on
 * (column, id): created (0007) and amount (0018). Amounts compare in minor units whatever the
 * currency.
 */
export const ORDER_SORTS = {
	created: { kind: 'time', first: 'desc' },
	amount: { kind: 'integer', first: 'desc' },
} as const satisfies Record<string, SortColumn>
export type OrderSortColumn = keyof typeof ORDER_SORTS
export const DEFAULT_ORDER_SORT: ListSort<OrderSortColumn> = {
	column: 'created',
	direction: 'desc',
}

const orderSortColumns = { created: orders.createdAt, amount: orders.amountMinor }

/** One page of orders matching `filters` in the `sort` order, after the cursor `after`. */
export async function listOrders(
	db: Db,
	filters: OrderFilters,
	after: string | null,
	limit = ORDERS_PAGE_SIZE,
	sort: ListSort<OrderSortColumn> = DEFAULT_ORDER_SORT,
) {
	const { kind } = ORDER_SORTS[sort.column]
	const column = orderSortColumns[sort.column]
	const cursor = decodeSortedCursor(after, sort, kind)
	const rows = await db
		.select(orderRow)
		.from(orders)
		.where(and(orderConditions(filters), afterSortedCursor(cursor, sort, kind, column, orders.id)))
		.orderBy(...sortedOrder(sort, column, orders.id))
		.limit(limit + 1)
	return sortedPageOf(rows, limit, sort, (row) => ({
		value: sort.column === 'amount' ? String(row.amountMinor) : row.cursorAt,
		id: row.id,
	}))
}

/** What the filter form offers: the catalogue's items and the pricing regions. */
export async function orderFilterOptions(db: Db) {
	const [items, regions] = await Promise.all([
		db
			.select({ code: catalogItems.code, name: catalogItems.name, type: catalogItems.type })
			.from(catalogItems)
			.orderBy(catalogItems.sortOrder, catalogItems.code),
		db.select({ name: pricingRegions.name }).from(pricingRegions).orderBy(pricingRegions.level),
	])
	return { items, regions: regions.map((region) => region.name) }
}

/** One order with its item, payment, attribution, passes, e-mails and owner actions, or null. */
export async function getOrderDetail(db: Db, id: string) {
	if (id.length > 64) return null
	const [order] = await db
		.select({
			order: orders,
			itemName: catalogItems.name,
			itemType: catalogItems.type,
		})
		.from(orders)
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(eq(orders.id, id))
	if (!order) return null
	const [orderPasses, orderRefunds, refunded] = await Promise.all([
		db.select().from(passes).where(eq(passes.orderId, id)).orderBy(passes.createdAt, passes.id),
		db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(asc(refunds.createdAt)),
		db
			.select()
			.from(refundedPasses)
			.where(eq(refundedPasses.orderId, id))
			.orderBy(refundedPasses.createdAt, refundedPasses.id),
	])
	// The messages about the order: to its buyer, and to whoever holds or was sent one of its
	// passes, those refunded included (they were told of the refund).
	const addresses = [
		...new Set(
			[
				order.order.email,
				...[...orderPasses, ...refunded].flatMap((pass) => [pass.holderEmail, pass.sentTo]),
			].filter((address): address is string => Boolean(address)),
		),
	]
	const [events, emails, actions] = await Promise.all([
		db
			.select()
			.from(paymentEvents)
			.where(eq(paymentEvents.orderId, id))
			.orderBy(paymentEvents.receivedAt),
		addresses.length > 0
			? db
					.select({
						id: outbox.id,
						to: outbox.toAddress,
						subject: outbox.subject,
						createdAt: outbox.createdAt,
						sentAt: outbox.sentAt,
						failedAt: outbox.failedAt,
						transport: outbox.transport,
						outcomeUnknownAt: outbox.outcomeUnknownAt,
					})
					.from(outbox)
					.where(inArray(outbox.toAddress, addresses))
					.orderBy(desc(outbox.createdAt), desc(outbox.id))
					.limit(20)
			: Promise.resolve([]),
		db
			.select()
			.from(ownerAuditLog)
			.where(eq(ownerAuditLog.target, `order:${id}`))
			.orderBy(desc(ownerAuditLog.at))
			.limit(50),
	])
	return {
		...order,
		// How its coupon was applied, as its receipt and invoice say it (docs/decisions/158); the
		// quantity as bought, before any seat refunded on its own.
		discountNote: couponNote({
			...order.order,
			itemType: order.itemType,
			quantity: order.order.quantity + refunded.length,
		}),
		passes: orderPasses,
		refunds: orderRefunds,
		refundedPasses: refunded,
		events,
		emails: emails.map((email) => ({
			...email,
			state: deliveryState(email),
			outcomeUnknown: email.outcomeUnknownAt !== null,
		})),
		actions,
	}
}

/** Rows of the export, in batches of `batch`, newest first (never the whole table). */
export function orderExportRows(db: Db, filters: OrderFilters, batch = 1000) {
	return everyRow((after) => listOrders(db, filters, after, batch))
}
