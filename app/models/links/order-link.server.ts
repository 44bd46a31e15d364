/**
 * The buyer's own order page (docs/decisions/118, 127): `/checkout/<id>/thank-you` with a signed
 * `order` key, which shows who claimed which seat or pass and each link still to hand out, on any
 * device. It never expires, like the receipt that first carried it; the course's access e-mail and
 * the hand-out reminders link it too (decisions 155, 156).
 */
import { getConfig } from '~/config.server'
import { createLinkToken } from './signed-token.server'

export function orderPageUrl(origin: string, orderId: string): string {
	const key = createLinkToken(
		{ purpose: 'order', subject: orderId, expiresAt: 'never' },
		getConfig().SESSION_SECRET,
	)
	return `${origin}/checkout/${orderId}/thank-you?key=${encodeURIComponent(key)}`
}
