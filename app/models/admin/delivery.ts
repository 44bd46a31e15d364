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
