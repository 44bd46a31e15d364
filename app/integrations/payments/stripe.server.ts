/**
 * Stripe Checkout through the official SDK. STRIPE_API_URL points the SDK elsewhere (a fake
 * Stripe on loopback in the tests) through its host / port / protocol options.
 */
import Stripe from 'stripe'
import type { Config } from '~/config.server'
import { type PaymentEvent, type PaymentProvider, PaymentProviderError } from './provider.server'

export function createStripeClient(
	config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'STRIPE_TIMEOUT_MS'>,
): Stripe {
	if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set')
	const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null
	return new Stripe(config.STRIPE_SECRET_KEY, {
		timeout: config.STRIPE_TIMEOUT_MS,
		maxNetworkRetries: 1,
		telemetry: false,
		...(api
			? {
					host: api.hostname,
					port: api.port || (api.protocol === 'https:' ? 443 : 80),
					protocol: api.protocol.replace(':', '') as 'http' | 'https',
				}
			: {}),
	})
}

export function createStripeProvider(
	config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'STRIPE_TIMEOUT_MS'>,
): PaymentProvider {
	const stripe = createStripeClient(config)
	return {
		name: 'stripe',
		async createSession(input) {
			try {
				const currency = input.currency.toLowerCase()
				const discounted = input.totalMinor !== input.unitAmountMinor * input.quantity
				// A coupon is applied by our pricing, so Stripe charges exactly our total: one line
				// for the whole order then, since a unit price may not divide evenly.
				const lineItem = discounted
					? {
							quantity: 1,
							price_data: {
								currency,
								unit_amount: input.totalMinor,
								product_data: { name: `${input.itemName} × ${input.quantity} (coupon applied)` },
							},
						}
					: {
							quantity: input.quantity,
							price_data: {
								currency,
								unit_amount: input.unitAmountMinor,
								product_data: {
									name: input.itemName,
									...(input.itemDescription ? { description: input.itemDescription } : {}),
								},
							},
						}
				const session = await stripe.checkout.sessions.create(
					{
						mode: 'payment',
						line_items: [lineItem],
						client_reference_id: input.orderId,
						metadata: { order_id: input.orderId },
						payment_intent_data: { metadata: { order_id: input.orderId } },
						success_url: input.successUrl,
						cancel_url: input.cancelUrl,
						expires_at: Math.floor(input.expiresAt.getTime() / 1000),
					},
					{ idempotencyKey: `checkout-${input.orderId}` },
				)
				if (!session.url) throw new PaymentProviderError('Stripe returned no checkout URL')
				return { sessionId: session.id, link: session.url }
			} catch (error) {
				if (error instanceof PaymentProviderError) throw error
				throw new PaymentProviderError(`Stripe: ${(error as Error).message}`)
			}
		},
		async expireSession(sessionId) {
			try {
				await stripe.checkout.sessions.expire(sessionId)
			} catch (error) {
				throw new PaymentProviderError(`Stripe: ${(error as Error).message}`)
			}
		},
		async getSessionState(sessionId) {
			try {
				const session = await stripe.checkout.sessions.retrieve(sessionId)
				return sessionState(session)
			} catch (error) {
				throw new PaymentProviderError(`Stripe: ${(error as Error).message}`)
			}
		},
	}
}

function paymentIntentId(value: string | { id: string } | null | undefined): string | null {
	if (!value) return null
	return typeof value === 'string' ? value : value.id
}

export function sessionState(
	session: Pick<
		Stripe.Checkout.Session,
		'status' | 'payment_status' | 'customer_details' | 'payment_intent'
	>,
) {
	if (session.status === 'complete' && session.payment_status !== 'unpaid')
		return {
			state: 'paid' as const,
			email: session.customer_details?.email ?? null,
			name: session.customer_details?.name ?? null,
			paymentIntentId: paymentIntentId(session.payment_intent),
		}
	if (session.status === 'expired') return { state: 'expired' as const }
	return { state: 'open' as const }
}

/**
 * The event in a webhook delivery, verified against STRIPE_WEBHOOK_SECRET on the raw body;
 * throws on a bad or missing signature.
 */
export function verifyStripeWebhook(
	rawBody: string,
	signature: string | null,
	secret: string,
): Stripe.Event {
	if (!signature) throw new Error('Missing Stripe-Signature header')
	// constructEvent is static in effect: no key or network needed to verify.
	return Stripe.webhooks.constructEvent(rawBody, signature, secret)
}

/** The provider-neutral event for a Stripe event we act on; null for the rest. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
	const base = { id: event.id, provider: 'stripe' as const }
	switch (event.type) {
		case 'checkout.session.completed':
		case 'checkout.session.async_payment_succeeded': {
			const session = event.data.object as Stripe.Checkout.Session
			// Delayed payment methods complete the session before the money arrives.
			if (session.payment_status === 'unpaid') return null
			return {
				...base,
				type: 'completed',
				orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
				sessionId: session.id,
				paymentIntentId: paymentIntentId(session.payment_intent),
				email: session.customer_details?.email ?? null,
				name: session.customer_details?.name ?? null,
			}
		}
		case 'checkout.session.expired':
		case 'checkout.session.async_payment_failed': {
			const session = event.data.object as Stripe.Checkout.Session
			return {
				...base,
				type: 'expired',
				orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
				sessionId: session.id,
				paymentIntentId: null,
				email: null,
				name: null,
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
