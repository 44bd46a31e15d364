/**
 * The page a waiting-list offer's signed link opens (docs/decisions/120): what is held, until
 * when, and the way to pay for it. Paying goes through the checkout's own steps: the offer's
 * order gets its provider session here, and the confirm step records the payment.
 */
import { eq, sql } from 'drizzle-orm'
import { getConfig } from '~/config.server'
import type { Db } from '~/db/client.server'
import { catalogItems, orders, waitlistEntries } from '~/db/schema.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { openProviderSession } from '~/models/checkout/create.server'
import { CheckoutError } from '~/models/checkout/errors'
import { waitToSend } from '~/models/checkout/queue.server'
import { verifyLinkToken } from '~/models/links/signed-token.server'
import { lockPools } from './offers.server'

export type OfferView = {
	/** open: the seats are held and can be paid for; bought: paid; ended: the offer passed on. */
	state: 'open' | 'bought' | 'ended'
	itemName: string
	quantity: number
	totalMinor: number
	currency: string
	endsAt: Date
}

async function findOffer(db: Db, orderId: string) {
	const [row] = await db
		.select({
			order: orders,
			item: catalogItems,
			open: sql<boolean>`${orders.status} = 'pending' AND ${orders.expiresAt} > now()`,
		})
		.from(waitlistEntries)
		.innerJoin(orders, eq(orders.id, waitlistEntries.offerOrderId))
		.innerJoin(catalogItems, eq(catalogItems.code, orders.itemCode))
		.where(eq(waitlistEntries.offerOrderId, orderId))
	return row ?? null
}

/** The offer the order `orderId` is, or null when it is none. */
export async function getOffer(db: Db, orderId: string): Promise<OfferView | null> {
	const found = await findOffer(db, orderId)
	if (!found) return null
	const { order, item, open } = found
	return {
		state: order.status === 'paid' ? 'bought' : open ? 'open' : 'ended',
		itemName: item.name,
		quantity: order.quantity,
		totalMinor: order.amountMinor,
		currency: order.currency,
		endsAt: order.expiresAt,
	}
}

/**
 * The hosted payment page for an open offer. Its seats are held by the offer's order already;
 * a payment page needs at least CHECKOUT_RESERVATION_MINUTES, so an offer about to end is
 * extended to that, under the seat locks and only while it still holds its seats (by the
 * database's clock), so no seat another checkout counted as free is taken back. Asking twice
 * gives the same page. Throws a CheckoutError (410) when the offer has ended or was bought.
 */
export async function checkoutOffer(
	db: Db,
	orderId: string,
	origin: string,
): Promise<{ orderId: string; link: string }> {
	const found = await findOffer(db, orderId)
	if (!found?.open) throw new CheckoutError(410, 'this waiting-list offer has ended', 'offer-ended')
	if (found.order.link) return { orderId, link: found.order.link }
	if (found.order.link === '')
		throw new CheckoutError(409, 'your payment page is being opened: try again in a moment', 'busy')
	const config = getConfig()
	const provider = getPaymentProvider()
	const minutes = config.CHECKOUT_RESERVATION_MINUTES + provider.reservationGraceMinutes
	const held = await db.transaction(async (tx) => {
		await lockPools(tx, [found.item])
		const [row] = await tx
			.update(orders)
			.set({
				expiresAt: sql`greatest(${orders.expiresAt}, clock_timestamp() + make_interval(mins => ${minutes}))`,
				provider: provider.id,
				// Claimed: a second click meanwhile does not open a second payment page.
				link: '',
				updatedAt: sql`now()`,
			})
			.where(
				sql`${orders.id} = ${orderId} AND ${orders.status} = 'pending'
					AND ${orders.expiresAt} > clock_timestamp() AND ${orders.link} IS NULL`,
			)
			.returning({ expiresAt: orders.expiresAt })
		return row ?? null
	})
	if (!held) {
		const again = await findOffer(db, orderId)
		if (again?.open && again.order.link) return { orderId, link: again.order.link }
		if (again?.open && again.order.link === '')
			throw new CheckoutError(
				409,
				'your payment page is being opened: try again in a moment',
				'busy',
			)
		throw new CheckoutError(410, 'this waiting-list offer has ended', 'offer-ended')
	}
	// Within the provider's pace, as every queued checkout's page (docs/decisions/161).
	await waitToSend(db, provider.id)
	const { link } = await openProviderSession(
		db,
		{
			id: orderId,
			item: {
				...found.item,
				amountMinor: found.order.unitAmountMinor,
				currency: found.order.currency,
			},
			quantity: found.order.quantity,
			totalMinor: found.order.amountMinor,
			origin,
			// The page closes before the hold ends (the provider's grace), as a checkout's does.
			sessionEndsAt: new Date(held.expiresAt.getTime() - provider.reservationGraceMinutes * 60_000),
			// Paid under the address it was offered to, nobody else's (decision 152).
			email: found.order.email,
			locale: found.order.locale,
		},
		'keep-order',
	)
	return { orderId, link }
}

/**
 * The offer order an offer's link names (its signed token, decision 127), and whether the link
 * is past the hold it offered; null when we did not sign it.
 */
function readOfferLink(token: string | undefined): { orderId: string; expired: boolean } | null {
	const link = verifyLinkToken(token, 'waitlist-offer', getConfig().SESSION_SECRET)
	if (link.ok) return { orderId: link.subject, expired: false }
	return link.reason === 'expired' ? { orderId: link.subject, expired: true } : null
}

/**
 * The offer a link opens, or null when it opens none. A link does not outlive its offer: past
 * the hold it offered, an offer still open (a payment page begun extends the hold) shows ended.
 */
export async function getOfferByLink(db: Db, token: string | undefined): Promise<OfferView | null> {
	const link = readOfferLink(token)
	const offer = link && (await getOffer(db, link.orderId))
	if (!link || !offer) return null
	return link.expired && offer.state === 'open' ? { ...offer, state: 'ended' } : offer
}

/**
 * The payment page of the offer a link opens (checkoutOffer); null when the link is not ours.
 * A link past the hold it offered pays for nothing: a CheckoutError (410), as an ended offer.
 */
export async function checkoutOfferByLink(
	db: Db,
	token: string | undefined,
	origin: string,
): Promise<{ orderId: string; link: string } | null> {
	const link = readOfferLink(token)
	if (!link) return null
	if (link.expired) throw new CheckoutError(410, 'this waiting-list offer has ended', 'offer-ended')
	return checkoutOffer(db, link.orderId, origin)
}
