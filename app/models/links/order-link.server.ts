/**
 * The buyer's page of an order, signed (docs/decisions/118, 127): each seat's or pass's link and
 * who claimed it, on any device. It never expires, like the receipt and its seat links; the
 * receipt, the course's access e-mail and the seat reminders link it (decision 156).
 */
import { getConfig } from '~/config.server'
import { createLinkToken } from './signed-token.server'

export function signedOrderUrl(siteUrl: string, orderId: string): string {
	const key = createLinkToken(
		{ purpose: 'order', subject: orderId, expiresAt: 'never' },
		getConfig().SESSION_SECRET,
	)
	return `${siteUrl}/checkout/${orderId}/thank-you?key=${encodeURIComponent(key)}`
}
