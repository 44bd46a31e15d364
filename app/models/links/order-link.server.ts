/**
 * The buyer's own order page (docs/decisions/118, 127): `/checkout/<id>/thank-you` with a signed
 * `order` key, which shows who claimed which seat or pass and each link still to hand out, on any
 * device. It never expires, like the receipt that first carried it; the course's access e-mail and
 * the hand-out reminders link it too (decisions 155, 156).
 */
import { getConfig } from '~/config.server'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { localePath } from '~/utils/i18n'
import { createLinkToken } from './signed-token.server'

/** The order page's link, on its German twin for a German order (docs/decisions/176). */
export function orderPageUrl(
	origin: string,
	orderId: string,
	locale: Locale = DEFAULT_LOCALE,
): string {
	const key = createLinkToken(
		{ purpose: 'order', subject: orderId, expiresAt: 'never' },
		getConfig().SESSION_SECRET,
	)
	return `${origin}${localePath(`/checkout/${orderId}/thank-you`, locale)}?key=${encodeURIComponent(key)}`
}
