/**
 * Payment providers behind one interface (docs/decisions/030): Stripe Checkout when
 * STRIPE_SECRET_KEY is set, else the embedded sandbox. The checkout model only ever talks to
 * this interface; completed, expired and refunded payments come back as PaymentEvents, from a
 * verified Stripe webhook or from the sandbox's own page, and go through the same function.
 */
import { getConfig, paymentProviderName } from '~/config.server'
import { createSandboxProvider } from './sandbox.server'
import { createStripeProvider } from './stripe.server'

export type CheckoutSessionInput = {
	orderId: string
	itemName: string
	itemDescription: string
	unitAmountMinor: number
	quantity: number
	/** What the buyer pays in total, after any coupon. */
	totalMinor: number
	currency: string
	/** Where the provider sends the buyer after paying, and when they give up. */
	successUrl: string
	cancelUrl: string
	/** The seat reservation's end: the session must not be payable after it. */
	expiresAt: Date
	origin: string
}

export type CheckoutSession = { sessionId: string; link: string }

/** What the provider knows about a session (payment verification). */
export type SessionState =
	| { state: 'open' }
	| { state: 'paid'; email: string | null; name: string | null; paymentIntentId: string | null }
	| { state: 'expired' }

/** A payment event in the provider-neutral form the checkout model applies. */
export type PaymentEvent = {
	/** Unique per event: a second delivery with this id changes nothing. */
	id: string
	provider: 'stripe' | 'sandbox'
	type: 'completed' | 'expired' | 'refunded'
	/** Our order id when the event names it, else found through the session or payment. */
	orderId: string | null
	sessionId: string | null
	paymentIntentId: string | null
	email: string | null
	name: string | null
}

export type PaymentProvider = {
	name: 'stripe' | 'sandbox'
	createSession(input: CheckoutSessionInput): Promise<CheckoutSession>
	getSessionState(sessionId: string): Promise<SessionState>
	/** Ends an open session so it can no longer be paid (the buyer cancelled). */
	expireSession(sessionId: string): Promise<void>
}

export class PaymentProviderError extends Error {
	name = 'PaymentProviderError'
}

let provider: PaymentProvider | undefined

export function getPaymentProvider(): PaymentProvider {
	if (!provider) {
		const config = getConfig()
		provider =
			paymentProviderName(config) === 'stripe'
				? createStripeProvider(config)
				: createSandboxProvider()
	}
	return provider
}
