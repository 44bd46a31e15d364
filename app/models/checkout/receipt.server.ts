/**
 * The receipt e-mail (docs/decisions/030), once per paid order, whatever the provider: written
 * to the outbox with its delivery queued (docs/decisions/075) right after the payment's commit,
 * once the invoice it attaches is numbered, or by the settle job the payment's transaction
 * queued if the server stopped first (settle.server.ts, docs/decisions/115), so a paid order
 * always has its receipt and the payment never waits for the mail server. The owner can send it
 * again from the dashboard (docs/decisions/080).
 */

import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { eventsOf } from '~/content/site-content.server'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, passes, refunds } from '~/db/schema.server'
import { gifts } from '~/db/schema-gifts.server'
import { invoices } from '~/db/schema-invoices.server'
import { couponNote } from '~/domain/coupon-note'
import { courseIsOpen } from '~/domain/course-status'
import { formatDay } from '~/domain/dates'
import { orderTemplates, sendEmail, sendEmailOnClaim } from '~/integrations/email/index.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { getCourseStatus } from '~/models/course/course.server'
import { calendarAttachment, emailEvent, eventKindOf } from '~/models/events/calendar.server'
import { giftChangeUrl } from '~/models/gifts/gifts.server'
import { orderPageUrl } from '~/models/links/order-link.server'
import { siteOrigin } from '~/site-origin.server'
import { localePath } from '~/utils/i18n'
import { invoiceAttachment } from '../invoices/attachment.server'
import { invoicePath } from '../invoices/query.server'
import { creditLineOf } from '../invoices/upgrade-credit-line.server'
import { orderKindOf } from './notices.server'

/**
 * Queues the receipt of a paid order unless it went already; the claim on the row makes it once.
 * Runs after the payment's commit, once the caller numbered its invoice outside any transaction
 * (settle.server.ts, decision 115). The claim and the outbox row (and its delivery job, with
 * SMTP) are one statement (`sendEmailOnClaim`): both or neither, and no transaction held open
 * across round trips while the server renders other receipts (issue 35 item 3, decision 181).
 * The e-mail and the invoice's PDF are made before it: rendering takes CPU time, and a connection
 * held meanwhile kept other payments waiting for the pool past its timeout (decision 162).
 */
export async function sendReceipt(db: Db, orderId: string): Promise<boolean> {
	const unsent = and(
		eq(orders.id, orderId),
		eq(orders.status, 'paid'),
		isNull(orders.receiptSentAt),
		isNotNull(orders.email),
	)
	const [order] = await db.select().from(orders).where(unsent)
	if (!order?.email) return false
	const email = await receiptEmail(db, order, order.email)
	const claim = db
		.update(orders)
		.set({ receiptSentAt: sql`now()` })
		.where(unsent)
		.returning({ id: orders.id })
	return (await sendEmailOnClaim(db, claim.getSQL(), email)) !== null
}

/**
 * Sends the receipt of a paid order again, at the owner's request (the dashboard's "Resend
 * receipt"): the buyer lost it, or it bounced. False when the order is not paid or has no address.
 * The caller numbers the order's invoice first, outside its transaction (numberOrderDocuments).
 */
export async function resendReceipt(db: Db, orderId: string): Promise<boolean> {
	const [order] = await db
		.select()
		.from(orders)
		.where(and(eq(orders.id, orderId), eq(orders.status, 'paid'), isNotNull(orders.email)))
	if (!order?.email) return false
	await sendEmail(db, await receiptEmail(db, order, order.email))
	return true
}

/**
 * What a receipt shows besides the order, in one statement where it was six (issue 35 item 3):
 * its item, its passes in the order issued, its partial refunds (docs/decisions/123: what was
 * paid, for how many seats or passes, then what was refunded and the net), its invoice, its gift.
 */
async function receiptFacts(db: Db, orderId: string) {
	const [facts] = await db
		.select({
			item: { name: catalogItems.name, type: catalogItems.type },
			passIds: sql<
				string[]
			>`coalesce((SELECT json_agg(${passes.id} ORDER BY ${passes.createdAt}, ${passes.id})
				FROM ${passes} WHERE ${passes.orderId} = ${orders.id}), '[]'::json)`,
			refundedMinor: sql<number>`(SELECT coalesce(sum(${refunds.amountMinor}), 0)::int
				FROM ${refunds} WHERE ${refunds.orderId} = ${orders.id})`,
			refundedSeats: sql<number>`(SELECT coalesce(sum(${refunds.quantity}), 0)::int
				FROM ${refunds} WHERE ${refunds.orderId} = ${orders.id})`,
			invoice: invoices,
			gift: gifts,
		})
		.from(orders)
		.leftJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'invoice')))
		.leftJoin(gifts, eq(gifts.orderId, orders.id))
		.where(eq(orders.id, orderId))
	return facts
}

/** The receipt of `order` to `to`, rendered with its attachments, ready for the outbox. */
async function receiptEmail(db: Db, order: typeof orders.$inferSelect, to: string) {
	const facts = await receiptFacts(db, order.id)
	const item = facts?.item ?? null
	const passIds = facts?.passIds ?? []
	const refundedSeats = Number(facts?.refundedSeats ?? 0)
	// Numbered by the caller, outside its transaction; never sent with an unnumbered one.
	const invoice = facts?.invoice?.number != null ? facts.invoice : null
	const gift = facts?.gift ?? null
	// SITE_URL, or the address the server listens on (docs/decisions/113): a receipt always carries
	// the order's link, each pass link and the calendar file the thank-you page says are coming.
	const siteUrl = siteOrigin()
	const provider = getPaymentProvider()
	// What the order is for, with its calendar file (docs/decisions/086, 089): a seat, the course
	// release; a pass, the day.
	// Paid once the course is open: access now, no opening date (docs/decisions/156).
	const courseOpen = item?.type === 'course' && courseIsOpen(await getCourseStatus(db))
	const [event] = courseOpen ? [] : eventsOf(eventKindOf(item?.type ?? ''))
	// In the language the order was started in (decision 174).
	const { locale } = order
	const content = await orderTemplates(locale).receipt({
		orderId: order.id,
		customerName: order.customerName,
		currency: order.currency,
		lines: [
			{
				name: item?.name ?? order.itemCode,
				quantity: order.quantity + refundedSeats,
				unitAmountMinor: order.unitAmountMinor,
			},
		],
		discountMinor: order.discountMinor,
		discountNote: couponNote({
			...order,
			itemType: item?.type ?? '',
			quantity: order.quantity + refundedSeats,
		}),
		credit: await creditLineOf(db, order),
		totalMinor: order.amountMinor,
		paidAt: order.paidAt ?? new Date(),
		// Signed (docs/decisions/118, 127): the buyer's view, with who claimed which seat, on any
		// device; it never expires, like the receipt and its seat links.
		orderUrl: orderPageUrl(siteUrl, order.id, locale),
		addedTaxMinor: order.tax && !order.tax.pricesIncludeTax ? order.tax.taxMinor : undefined,
		invoice: invoice
			? {
					number: invoice.data.number,
					url: `${siteUrl}${localePath(invoicePath(invoice.id), locale)}`,
				}
			: undefined,
		passUrls: passIds.map((id) => `${siteUrl}${localePath(`/pass/${id}`, locale)}`),
		event: event ? emailEvent(event, siteUrl, locale) : undefined,
		kind: orderKindOf(item?.type ?? ''),
		siteUrl,
		testMode: order.provider === provider.id && provider.testMode,
		refunded: { amountMinor: Number(facts?.refundedMinor ?? 0), quantity: refundedSeats },
		courseOpen,
		gift: gift
			? {
					recipientName: gift.recipientName,
					recipientEmail: gift.recipientEmail,
					message: gift.message,
					deliverOn: formatDay(gift.deliverOn, locale),
					changeUrl: giftChangeUrl(siteUrl, order.id),
				}
			: undefined,
	})
	return {
		to,
		...content,
		attachments: [
			...(event ? [calendarAttachment(event, siteUrl, undefined, locale)] : []),
			...(invoice ? [await invoiceAttachment(invoice)] : []),
		],
	}
}
