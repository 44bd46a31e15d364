/**
 * The upgrade credit's line on an order's papers (docs/decisions/165): the payment page, the
 * receipt and the invoice say it alike. Here, under the invoices, so that the checkout (which
 * issues invoices) and the invoice both reach it.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { rowsOf } from '~/db/query.server'
import { upgradeCreditLabel } from '~/domain/upgrade-credit'

/**
 * An order's credit as its papers show it (the payment page, the receipt, the invoice): the line's
 * words, naming the pass's product even once the pass was refunded; null without a credit.
 */
export async function creditLineOf(
	db: Db,
	order: { creditPassId: string | null; creditMinor: number },
): Promise<{ label: string; amountMinor: number } | null> {
	if (!order.creditPassId || order.creditMinor === 0) return null
	const result = await db.execute(
		sql`SELECT name FROM catalog_items WHERE code = coalesce(
			(SELECT item_code FROM passes WHERE id = ${order.creditPassId}),
			(SELECT item_code FROM refunded_passes WHERE id = ${order.creditPassId}))`,
	)
	const name = String(rowsOf(result)[0]?.name ?? 'day pass')
	return { label: upgradeCreditLabel(name), amountMinor: order.creditMinor }
}
