/**
 * Stripe's objects in the provider-neutral form the checkout confirms (docs/decisions/030, 032):
 * a webhook event we act on, or what a session stands for when payment verification asks.
 */
import type Stripe from 'stripe'
import { type CompletedSession, completedDetails } from './stripe-billing.server'
import type { PaymentCharge, PaymentEvent } from './types'

function paymentIntentId(value: string | { id: string } | null | undefined): string | null {
	if (!value) return null
	return typeof value === 'string' ? value : value.id
}

/** What a completed session charged, for the checkout to match against its order. */
function chargeOf(
	session: Pick<Stripe.Checkout.Session, 'amount_total' | 'currency' | 'mode'>,
	addedTaxMinor = 0,
): PaymentCharge {
	return {
		amountMinor: session.amount_total ?? null,
		currency: session.currency ?? null,
		mode: session.mode ?? null,
		...(addedTaxMinor > 0 ? { addedTaxMinor } : {}),
	}
}

/** A completed session's event fields beyond the payment: the buyer's billing, the tax. */
function completionOf(
	session: CompletedSession & Pick<Stripe.Checkout.Session, 'currency' | 'mode'>,
) {
	const details = completedDetails(session)
	return {
		charge: chargeOf(session, details.addedTaxMinor),
		...(details.billing ? { billing: details.billing } : {}),
		...(details.tax ? { tax: details.tax } : {}),
	}
}

/**
 * The address a buyer who left Stripe's page unpaid gave there, when they also agreed to
 * promotional e-mail (`consent_collection`, decision 122): one reminder may go to it.
 */
function recoveryEmailOf(
	session: Partial<Pick<Stripe.Checkout.Session, 'consent' | 'customer_details'>>,
): string | null {
	if (session.consent?.promotions !== 'opt_in') return null
	return session.customer_details?.email ?? null
}

/**
 * Whether a delayed payment's money will not come: its payment intent went back to needing a
 * payment method (the bank refused the debit) or was cancelled (docs/decisions/164).
 */
function delayedPaymentFailed(intent: Stripe.Checkout.Session['payment_intent']): boolean {
	if (!intent || typeof intent === 'string') return false
	return intent.status === 'requires_payment_method' || intent.status === 'canceled'
}

/**
 * Payment verification: what a session stands for now; null while it is open. A completed
 * session still unpaid is a delayed payment: on its way, or failed when its payment intent
 * (expanded by the look-up) says the money will not come (docs/decisions/164).
 */
export function sessionEvent(
	session: Pick<
		Stripe.Checkout.Session,
		| 'id'
		| 'status'
		| 'payment_status'
		| 'customer_details'
		| 'payment_intent'
		| 'metadata'
		| 'amount_total'
		| 'currency'
		| 'mode'
	> &
		Partial<
			Pick<
				Stripe.Checkout.Session,
				'amount_subtotal' | 'total_details' | 'automatic_tax' | 'consent'
			>
		>,
): PaymentEvent | null {
	const base = {
		provider: 'stripe' as const,
		orderId: session.metadata?.order_id ?? null,
		sessionId: session.id,
	}
	if (session.status === 'complete') {
		const type =
			session.payment_status !== 'unpaid'
				? ('completed' as const)
				: delayedPaymentFailed(session.payment_intent)
					? ('failed' as const)
					: ('delayed' as const)
		return {
			...base,
			id: `verify:${session.id}:${type}`,
			type,
			paymentIntentId: paymentIntentId(session.payment_intent),
			email: session.customer_details?.email ?? null,
			name: session.customer_details?.name ?? null,
			...completionOf(session),
		}
	}
	if (session.status === 'expired')
		return {
			...base,
			id: `verify:${session.id}:expired`,
			type: 'expired',
			paymentIntentId: null,
			email: null,
			name: null,
			recoveryEmail: recoveryEmailOf(session),
		}
	return null
}

/** The provider-neutral event for a Stripe event we act on; null for the rest. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
	const base = { id: event.id, provider: 'stripe' as const }
	switch (event.type) {
		case 'checkout.session.completed':
		case 'checkout.session.async_payment_succeeded': {
			const session = event.data.object as Stripe.Checkout.Session
			// Delayed payment methods complete the session before the money arrives (164).
			const delayed = session.payment_status === 'unpaid'
			// An unpaid session in a succeeded event is no payment: nothing to act on.
			if (delayed && event.type === 'checkout.session.async_payment_succeeded') return null
			return {
				...base,
				type: delayed ? 'delayed' : 'completed',
				orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
				madeForOrder: session.metadata?.order_id ?? null,
				sessionId: session.id,
				paymentIntentId: paymentIntentId(session.payment_intent),
				email: session.customer_details?.email ?? null,
				name: session.customer_details?.name ?? null,
				...completionOf(session),
			}
		}
		case 'checkout.session.expired':
		case 'checkout.session.async_payment_failed': {
			const session = event.data.object as Stripe.Checkout.Session
			return {
				...base,
				// The delayed payment's money will not come: the order fails, its seats go back (164).
				type: event.type === 'checkout.session.expired' ? 'expired' : 'failed',
				orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
				sessionId: session.id,
				paymentIntentId: null,
				email: null,
				name: null,
				...(event.type === 'checkout.session.expired'
					? { recoveryEmail: recoveryEmailOf(session) }
					: {}),
			}
		}
		case 'charge.refunded': {
			const charge = event.data.object as Stripe.Charge
			// A partial refund leaves the order paid.
			if (!charge.refunded) return null
			return {
				...base,
				type: 'refunded',
				orderId: charge.metadata?.order_id ?? null,
				sessionId: null,
				paymentIntentId: paymentIntentId(charge.payment_intent),
				email: null,
				name: null,
			}
		}
		default:
			return null
	}
}
