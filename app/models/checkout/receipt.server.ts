/**
 * The receipt e-mail (docs/decisions/030), once per paid order, whatever the provider: written
 * to the outbox with its delivery queued in the transaction that records the payment
 * (docs/decisions/075), so a paid order always has its receipt and the payment never waits for
 * the mail server.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { sendEmail, templates } from '~/integrations/email/index.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import type { Tx } from './query.server'

/** Queues the receipt of a paid order unless it went already; the claim on the row makes it once. */
export async function sendReceipt(db: Tx, orderId: string): Promise<boolean> {
	const [order] = await db
		.update(orders)
		.set({ receiptSentAt: sql`now()` })
		.where(
			and(
				eq(orders.id, orderId),
				eq(orders.status, 'paid'),
				isNull(orders.receiptSentAt),
				isNotNull(orders.email),
			),
		)
		.returning()
	if (!order?.email) return false
	const [item] = await db
		.select({ name: catalogItems.name })
		.from(catalogItems)
		.where(eq(catalogItems.code, order.itemCode))
	const passIds = await db
		.select({ id: passes.id })
		.from(passes)
		.where(eq(passes.orderId, order.id))
		.orderBy(passes.createdAt, passes.id)
	const siteUrl = getConfig().SITE_URL
	const provider = getPaymentProvider()
	const content = templates.receipt({
		orderId: order.id,
		customerName: order.customerName,
		currency: order.currency,
		lines: [
			{
				name: item?.name ?? order.itemCode,
				quantity: order.quantity,
				unitAmountMinor: order.unitAmountMinor,
			},
		],
		discountMinor: order.discountMinor,
		totalMinor: order.amountMinor,
		paidAt: order.paidAt ?? new Date(),
		orderUrl: siteUrl ? `${siteUrl}/checkout/${order.id}/thank-you` : undefined,
		passUrls: siteUrl ? passIds.map((pass) => `${siteUrl}/pass/${pass.id}`) : undefined,
		testMode: order.provider === provider.id && provider.testMode,
	})
	await sendEmail({ to: order.email, ...content }, { db })
	return true
}
