/**
 * The receipt e-mail (docs/decisions/030), sent once per paid order, whatever the provider,
 * through the e-mail integration (SMTP, or the outbox table and a log line by default).
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import { eventsOf } from '~/content/site-content.server'
import { getDb } from '~/db/client.server'
import { catalogItems, orders, passes } from '~/db/schema.server'
import { sendEmail, templates } from '~/integrations/email/index.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { calendarAttachment, emailEvent, eventKindOf } from '../calendar.server'

/** Sends the receipt of a paid order unless it went already; the claim on the row makes it once. */
export async function sendReceipt(orderId: string): Promise<boolean> {
	const db = await getDb()
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
		.select({ name: catalogItems.name, type: catalogItems.type })
		.from(catalogItems)
		.where(eq(catalogItems.code, order.itemCode))
	const passIds = await db
		.select({ id: passes.id })
		.from(passes)
		.where(eq(passes.orderId, order.id))
		.orderBy(passes.createdAt, passes.id)
	const siteUrl = getConfig().SITE_URL
	const provider = getPaymentProvider()
	// What the order is for, with its calendar file (docs/decisions/086, 089): a seat, the course
	// release; a pass, the day. Links need the site's address, like the pass links.
	const [event] = siteUrl ? eventsOf(eventKindOf(item?.type ?? '')) : []
	const content = await templates.receipt({
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
		event: event && siteUrl ? emailEvent(event, siteUrl) : undefined,
		siteUrl,
		testMode: order.provider === provider.id && provider.testMode,
	})
	await sendEmail({
		to: order.email,
		...content,
		attachments: event && siteUrl ? [calendarAttachment(event, siteUrl)] : [],
	})
	return true
}
