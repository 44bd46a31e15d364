/** An outbox message's delivery state and how the dashboard names it (browser-safe). */
export type DeliveryState = 'delivered' | 'outbox-only' | 'not-delivered'

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
	delivered: 'sent over SMTP',
	'outbox-only': 'kept in the outbox (no SMTP_URL)',
	'not-delivered': 'not delivered',
}
