/**
 * Telling people what happened to an order (docs/decisions/113): a refund e-mails the buyer and
 * each holder of a claimed pass; a claim e-mails the holder the event and its calendar file. Each
 * message is written in the transaction of the change it reports (docs/decisions/101), so it
 * goes once: the change happens once (a claim on a row, a status moved once).
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { eventsOf } from '~/content/site-content.server'
import type { Tx } from '~/db/query.server'
import { catalogItems, orders, passes, refunds } from '~/db/schema.server'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { orderTemplates, sendEmail } from '~/integrations/email/index.server'
import type { EmailMessage } from '~/integrations/email/send.server'
import type { OrderKind } from '~/integrations/email/templates'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { log } from '~/log.server'
import { emailEvent, eventKindOf } from '~/models/events/calendar.server'
import { registrantCalendar } from '~/models/events/join-link.server'
import { localePath } from '~/utils/i18n'
import { restRefundId } from '../invoices/credit-note.server'
import { creditNoteUrlOf } from '../invoices/query.server'

/** A course order buys seats; a pass order passes for the day event (calendar.server.ts). */
export const orderKindOf = (itemType: string): OrderKind =>
	eventKindOf(itemType) === 'day' ? 'day' : 'course'

/**
 * Queues the refund's messages unless they went already: the buyer's (claimed once through
 * `refund_notice_sent_at`, which a late payment's notice also claims) and, with it, one to each
 * holder of a claimed pass of the order whose address is not the buyer's. False when the notice
 * went already or the order has no address.
 */
export async function sendRefundNotices(tx: Tx, orderId: string): Promise<boolean> {
	const [order] = await tx
		.update(orders)
		.set({ refundNoticeSentAt: sql`now()` })
		.where(and(eq(orders.id, orderId), isNull(orders.refundNoticeSentAt)))
		.returning()
	if (!order) return false
	// The order's last refund (0032's trigger wrote it with the status): what is left of it.
	const [last] = await tx
		.select({ amountMinor: refunds.amountMinor })
		.from(refunds)
		.where(eq(refunds.id, restRefundId(orderId)))
	const rest = last?.amountMinor ?? order.amountMinor
	const [item] = await tx
		.select({ name: catalogItems.name, type: catalogItems.type })
		.from(catalogItems)
		.where(eq(catalogItems.code, order.itemCode))
	const kind = orderKindOf(item?.type ?? '')
	const itemName = item?.name ?? order.itemCode
	const provider = getPaymentProvider()
	const messages: EmailMessage[] = []
	if (order.email)
		messages.push({
			to: order.email,
			// In the buyer's language (decision 174).
			...(await orderTemplates(order.locale).refundNotice({
				orderId,
				customerName: order.customerName,
				itemName,
				kind,
				quantity: order.quantity,
				currency: order.currency,
				// What comes back now: the rest, after any partial refunds (docs/decisions/123).
				totalMinor: rest,
				refundedBeforeMinor: order.amountMinor - rest,
				testMode: order.provider === provider.id && provider.testMode,
				// Issued in this transaction, before the notice (confirm.server.ts).
				creditNoteUrl: await creditNoteUrlOf(tx, restRefundId(orderId)),
			})),
		})
	const holders = await tx
		.select({ name: passes.holderName, email: passes.holderEmail, locale: passes.locale })
		.from(passes)
		.where(and(eq(passes.orderId, orderId), isNotNull(passes.holderEmail)))
		.orderBy(passes.createdAt, passes.id)
	const told = new Set([order.email])
	for (const holder of holders) {
		if (!holder.email || told.has(holder.email)) continue
		told.add(holder.email)
		messages.push({
			to: holder.email,
			// In the language the pass was claimed in (decision 177).
			...(await orderTemplates(holder.locale).passRefunded({
				holderName: holder.name,
				itemName,
				kind,
			})),
		})
	}
	for (const message of messages) await sendEmail(tx, message)
	// A provider that never gave the buyer's address (and no claimed pass): the owner should know.
	if (messages.length === 0)
		log.warn(`Order ${orderId} is refunded with nobody to tell: no address`)
	return messages.length > 0
}

/** What a claimed pass's message needs to know of it. */
export type ClaimedPass = {
	id: string
	itemName: string
	itemType: string
	holderName: string
	holderEmail: string
}

/**
 * The message to the holder of a pass just claimed: what it is for, the date and the event's
 * calendar file (with the holder's signed joining link: docs/decisions/089, 116). Rendered before
 * the claim's transaction, so no lock is held while a template renders (docs/decisions/101).
 */
export async function passClaimedMessage(
	pass: ClaimedPass,
	origin: string,
	courseOpen = false,
	/** The language of the page it was claimed on (decision 174). */
	locale: Locale = DEFAULT_LOCALE,
): Promise<EmailMessage> {
	// A seat claimed once the course is open: its access comes now, no opening date (decision 156).
	const [event] = courseOpen ? [] : eventsOf(eventKindOf(pass.itemType))
	const content = await orderTemplates(locale).passClaimed({
		holderName: pass.holderName,
		itemName: pass.itemName,
		kind: orderKindOf(pass.itemType),
		passUrl: `${origin}${localePath(`/pass/${pass.id}/thank-you`, locale)}`,
		event: event ? emailEvent(event, origin, locale) : undefined,
		siteUrl: origin,
		courseOpen,
	})
	return {
		to: pass.holderEmail,
		...content,
		attachments: event ? [registrantCalendar(event, pass.holderEmail, origin, 'pass', locale)] : [],
	}
}
