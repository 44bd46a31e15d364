/**
 * Checkout recovery (docs/decisions/122): a buyer who gave their address on the checkout page and
 * agreed to one reminder (the box on the sandbox page; Stripe's promotional consent in Stripe
 * mode), and whose checkout then ended unpaid, gets one e-mail with a link to the product's page
 * to start again. Their seats are not held: the page says what is left. Never a second one for
 * the checkout, never when they bought the product since, never after they cancelled, never to
 * an address that unsubscribed (the reminder is list mail, `sendListEmail`).
 */
import { and, eq, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import type { Tx } from '~/db/query.server'
import { catalogItems, orders } from '~/db/schema.server'
import { foldEmail } from '~/domain/email-address'
import { orderTemplates } from '~/integrations/email/index.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { enqueue } from '~/jobs/queue.server'
import { type JobDefinition, PermanentJobError } from '~/jobs/run.server'
import { eventKindOf, eventPagePath } from '~/models/events/calendar.server'
import { sendListEmail } from '~/models/preferences/preferences.server'
import { siteOrigin } from '~/site-origin.server'
import { localePath } from '~/utils/i18n'
import { orderKindOf } from './notices.server'

const RECOVERY_JOB = 'checkout.recover'

type Order = typeof orders.$inferSelect

/**
 * What the checkout page's box says, each time the buyer submits it: their address when ticked
 * (a reminder if the checkout ends unpaid), none when not. Only while the checkout is pending.
 */
export async function rememberForRecovery(
	db: Db,
	orderId: string,
	email: string | null,
): Promise<void> {
	await db
		.update(orders)
		.set({ recoveryEmail: (email && foldEmail(email)) || null })
		.where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
}

/** The buyer cancelled the checkout themselves: no reminder, whatever they agreed to before. */
export async function forgoRecovery(db: Db, orderId: string): Promise<void> {
	await db
		.update(orders)
		.set({ recoverySentAt: sql`now()` })
		.where(and(eq(orders.id, orderId), isNull(orders.recoverySentAt)))
}

/**
 * In the transaction that ends a pending checkout unpaid: when the buyer agreed to a reminder
 * (on our page, or the provider reports their consent and address with the expiry), it is
 * queued, once per order. Nothing when they cancelled (`recovery_sent_at` is set then).
 */
export async function scheduleRecovery(
	tx: Tx,
	order: Order,
	reported: string | null,
): Promise<void> {
	const email = reported ?? order.recoveryEmail
	if (!email || order.recoverySentAt) return
	if (email !== order.recoveryEmail)
		await tx.update(orders).set({ recoveryEmail: email }).where(eq(orders.id, order.id))
	await enqueue(tx, RECOVERY_JOB, { orderId: order.id }, { dedupeKey: `recover:${order.id}` })
}

/**
 * Writes the reminder, once: the claim on `recovery_sent_at` and the outbox row commit together.
 * A buyer who paid for the same product since (any checkout of theirs, by address) gets none,
 * nor an address that had one (or cancelled a checkout) in the last day; the claim stays, so none
 * ever goes for this checkout.
 */
async function sendRecovery(db: Db, orderId: string): Promise<void> {
	await db.transaction(async (tx) => {
		const [order] = await tx
			.update(orders)
			.set({ recoverySentAt: sql`now()` })
			.where(
				and(
					eq(orders.id, orderId),
					eq(orders.status, 'expired'),
					isNull(orders.recoverySentAt),
					isNotNull(orders.recoveryEmail),
				),
			)
			.returning()
		if (!order?.recoveryEmail) return
		const [bought] = await tx
			.select({ id: orders.id })
			.from(orders)
			.where(
				and(
					eq(orders.itemCode, order.itemCode),
					sql`lower(${orders.email}) = ${order.recoveryEmail}`,
					sql`${orders.status} IN ('paid', 'refunded')`,
					gte(orders.createdAt, order.createdAt),
				),
			)
			.limit(1)
		if (bought) return
		// One reminder a day per address, however many checkouts name it: anyone can type anyone's
		// address on a checkout page, and this must not become a way to flood an inbox.
		const [recent] = await tx
			.select({ id: orders.id })
			.from(orders)
			.where(
				and(
					eq(orders.recoveryEmail, order.recoveryEmail),
					ne(orders.id, order.id),
					gte(orders.recoverySentAt, sql`now() - interval '1 day'`),
				),
			)
			.limit(1)
		if (recent) return
		const [item] = await tx
			.select({ name: catalogItems.name, type: catalogItems.type })
			.from(catalogItems)
			.where(eq(catalogItems.code, order.itemCode))
		const origin = siteOrigin()
		const provider = getPaymentProvider()
		await sendListEmail(tx, {
			to: order.recoveryEmail,
			origin,
			render: (unsubscribe) =>
				// In the buyer's language, its link to the page in it (decision 174).
				orderTemplates(order.locale).checkoutRecovery({
					itemName: item?.name ?? order.itemCode,
					kind: orderKindOf(item?.type ?? ''),
					quantity: order.quantity,
					url: `${origin}${localePath(eventPagePath({ kind: eventKindOf(item?.type ?? '') }), order.locale)}`,
					testMode: order.provider === provider.id && provider.testMode,
					unsubscribe,
				}),
		})
	})
}

/** The queue's definition of the reminder's job on `db`. */
export function recoveryJob(db: Db): JobDefinition {
	return {
		kind: RECOVERY_JOB,
		run: async (payload) => {
			if (typeof payload.orderId !== 'string') throw new PermanentJobError('the job names no order')
			await sendRecovery(db, payload.orderId)
		},
	}
}
