/**
 * An outbox message's delivery state and how the dashboard names it (browser-safe). The states
 * follow the delivery job (docs/decisions/075, 076): queued until the mail server takes it or
 * refuses it for good.
 */
export type DeliveryState = 'delivered' | 'outbox-only' | 'queued' | 'failed'

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
	delivered: 'sent over SMTP',
	'outbox-only': 'kept in the outbox (no SMTP_URL)',
	queued: 'queued, retrying',
	failed: 'failed',
}

/** The outbox columns a message's delivery state is read from (docs/decisions/075, 076). */
export type DeliveryColumns = {
	transport: string
	sentAt: Date | string | null
	failedAt: Date | string | null
}

/**
 * Where a message is: delivered only once the mail server accepted it (`sent_at` of an SMTP
 * row); without SMTP_URL the outbox row is all there is, which is not a delivery.
 */
export function deliveryState(row: DeliveryColumns): DeliveryState {
	if (row.transport === 'outbox') return 'outbox-only'
	if (row.sentAt) return 'delivered'
	return row.failedAt ? 'failed' : 'queued'
}

/**
 * How an order's page names the state of a message about the order (docs/decisions/113): the
 * owner reads "delivered" only when the mail server accepted it.
 */
export const ORDER_EMAIL_LABELS: Record<DeliveryState, string> = {
	delivered: 'delivered',
	'outbox-only': 'kept in the outbox (no SMTP_URL): not delivered',
	queued: 'not delivered yet: queued, retrying',
	failed: 'not delivered: failed',
}

/** The states the E-mail page filters on: the ones that need the owner's eye. */
export const UNDELIVERED_STATES = ['queued', 'failed'] as const satisfies readonly DeliveryState[]

/**
 * What the owner is told about a message one of whose attempts handed the whole message over and
 * got no answer (docs/decisions/101): the server may have accepted it, so the retry that followed
 * may be a second copy, recognisable by its Message-ID.
 */
export function outcomeUnknownNote(state: DeliveryState): string {
	return state === 'delivered'
		? 'Outcome of an earlier attempt unknown: it may have arrived twice, with the same Message-ID.'
		: 'Outcome of an attempt unknown: it may have arrived; retries carry the same Message-ID.'
}
