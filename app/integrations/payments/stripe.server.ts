/**
 * Stripe Checkout through the official SDK (docs/decisions/030, 032): hosted sessions, signed
 * webhooks, session look-up and expiry, refunds. STRIPE_API_URL points the SDK elsewhere (a fake
 * Stripe on loopback in the tests) through its host / port / protocol options.
 */
import Stripe from 'stripe'
import type { Config } from '~/config.server'
import { sessionEvent, toPaymentEvent } from './stripe-events.server'
import {
	type CheckoutSessionInput,
	type PaymentProvider,
	PaymentProviderBusyError,
	PaymentProviderError,
} from './types'

function createStripeClient(
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

type StripeConfig = Pick<
	Config,
	'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'STRIPE_TIMEOUT_MS' | 'STRIPE_WEBHOOK_SECRET'
> &
	Partial<Pick<Config, 'PRICES_INCLUDE_TAX' | 'STRIPE_AUTOMATIC_TAX' | 'STRIPE_RECOVERY_CONSENT'>>

/**
 * How the session handles tax (docs/decisions/115), and whether it asks for consent to a
 * reminder should the buyer leave unpaid (122).
 */
type SessionSettings = {
	automaticTax: boolean
	pricesIncludeTax: boolean
	recoveryConsent: boolean
}

/**
 * How long one call may keep retrying Stripe's rate limit (docs/decisions/134): a few seconds, and
 * never longer than a single call may take (STRIPE_TIMEOUT_MS), so a buyer waits no longer than
 * they would for one slow answer.
 */
const RATE_LIMIT_BUDGET_MS = 4_000
/** The first backoff after a 429 without Retry-After; doubled each time, up to the cap. */
const FIRST_BACKOFF_MS = 100
const MAX_BACKOFF_MS = 1_000
/** What the buyer is told to wait when Stripe did not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 2

type StripeFailure = { statusCode?: unknown; headers?: Record<string, unknown> }

/** Stripe's Retry-After in milliseconds when it sent one (whole seconds, RFC 9110), else null. */
function retryAfterMs(error: StripeFailure): number | null {
	const value = Number(error.headers?.['retry-after'])
	return Number.isFinite(value) && value >= 0 ? value * 1000 : null
}

/**
 * The wait before try number `attempt + 1`: what Stripe asked for, else an exponential backoff;
 * with jitter either way, so buyers refused together do not all come back in the same instant.
 */
export function rateLimitDelayMs(attempt: number, askedMs: number | null, random = Math.random) {
	if (askedMs !== null) return askedMs + random() * FIRST_BACKOFF_MS
	const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt)
	return ceiling / 2 + (random() * ceiling) / 2
}

/**
 * Runs a call to Stripe. A 429 (its rate limit; the SDK retries one only when Stripe sends
 * Stripe-Should-Retry) is tried again after a backoff while `budgetMs` lasts, with the call's
 * same idempotency key, then becomes a PaymentProviderBusyError (the caller answers 503 with
 * Retry-After); any other failure a PaymentProviderError (502).
 */
async function callStripe<T>(call: () => Promise<T>, budgetMs: number): Promise<T> {
	const deadline = Date.now() + budgetMs
	for (let attempt = 0; ; attempt++) {
		try {
			return await call()
		} catch (error) {
			if (error instanceof PaymentProviderError) throw error
			const message = `Stripe: ${(error as Error).message}`
			if ((error as StripeFailure).statusCode !== 429) throw new PaymentProviderError(message)
			const asked = retryAfterMs(error as StripeFailure)
			const wait = rateLimitDelayMs(attempt, asked)
			if (Date.now() + wait > deadline)
				throw new PaymentProviderBusyError(
					message,
					asked === null ? DEFAULT_RETRY_AFTER_SECONDS : Math.max(1, Math.ceil(asked / 1000)),
				)
			await new Promise((resolve) => setTimeout(resolve, wait))
		}
	}
}

export function createStripeProvider(config: StripeConfig): PaymentProvider {
	const stripe = createStripeClient(config)
	const webhookSecret = config.STRIPE_WEBHOOK_SECRET
	const retryBudgetMs = Math.min(config.STRIPE_TIMEOUT_MS, RATE_LIMIT_BUDGET_MS)
	const call = <T>(fn: () => Promise<T>) => callStripe(fn, retryBudgetMs)
	const settings: SessionSettings = {
		automaticTax: config.STRIPE_AUTOMATIC_TAX === '1',
		pricesIncludeTax: config.PRICES_INCLUDE_TAX !== '0',
		recoveryConsent: config.STRIPE_RECOVERY_CONSENT === '1',
	}
	return {
		id: 'stripe',
		reservationGraceMinutes: 2,
		testMode: false,
		createSession: (input) =>
			call(async () => {
				const session = await stripe.checkout.sessions.create(sessionParams(input, settings), {
					idempotencyKey: `checkout-${input.orderId}`,
				})
				if (!session.url) throw new PaymentProviderError('Stripe returned no checkout URL')
				return { sessionId: session.id, link: session.url }
			}),
		// Without a webhook secret (config requires one with a key) the endpoint does not exist.
		...(webhookSecret
			? {
					verifyEvent: (rawBody: string, signature: string | null) =>
						toPaymentEvent(verifyStripeWebhook(rawBody, signature, webhookSecret)),
				}
			: {}),
		lookUpSession: (sessionId) =>
			call(async () =>
				// The payment intent says whether a delayed payment failed (docs/decisions/164).
				sessionEvent(
					await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }),
				),
			),
		expireSession: (sessionId) =>
			call(async () => {
				await stripe.checkout.sessions.expire(sessionId)
			}),
		// The fee is on the charge's balance transaction, once Stripe has settled the charge.
		readFee: (paymentIntentId) =>
			call(async () => {
				const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
					expand: ['latest_charge.balance_transaction'],
				})
				const charge = intent.latest_charge
				const balance = charge && typeof charge !== 'string' ? charge.balance_transaction : null
				if (!balance || typeof balance === 'string') return null
				return { feeMinor: balance.fee, currency: balance.currency.toUpperCase() }
			}),
		refund: ({ orderId, paymentIntentId }) =>
			call(async () => {
				if (!paymentIntentId) throw new PaymentProviderError(`Order ${orderId} has no payment`)
				const refund = await stripe.refunds.create(
					{ payment_intent: paymentIntentId, metadata: { order_id: orderId } },
					{ idempotencyKey: `refund-${orderId}` },
				)
				// A pending refund is reported by its charge.refunded webhook once the money is back.
				if (refund.status !== 'succeeded') return null
				return {
					id: `refund:${refund.id}`,
					provider: 'stripe',
					type: 'refunded',
					orderId,
					sessionId: null,
					paymentIntentId,
					email: null,
					name: null,
				}
			}),
		refundPart: ({ orderId, paymentIntentId }, { amountMinor, key }) =>
			call(async () => {
				if (!paymentIntentId) throw new PaymentProviderError(`Order ${orderId} has no payment`)
				// Its charge.refunded webhook says `refunded: false`: nothing more to confirm (123).
				const refund = await stripe.refunds.create(
					{ payment_intent: paymentIntentId, amount: amountMinor, metadata: { order_id: orderId } },
					{ idempotencyKey: `refund-part-${key}` },
				)
				return { refundId: refund.id }
			}),
	}
}

function sessionParams(
	input: CheckoutSessionInput,
	tax: SessionSettings = { automaticTax: false, pricesIncludeTax: true, recoveryConsent: false },
): Stripe.Checkout.SessionCreateParams {
	const currency = input.currency.toLowerCase()
	// With Stripe Tax, the price says whether it includes the tax (docs/decisions/115).
	const taxBehavior = tax.automaticTax
		? { tax_behavior: tax.pricesIncludeTax ? ('inclusive' as const) : ('exclusive' as const) }
		: {}
	const discounted = input.totalMinor !== input.unitAmountMinor * input.quantity
	// A coupon is applied by our pricing, so Stripe charges exactly our total: one line for the
	// whole order then, since a unit price may not divide evenly.
	const lineItem = discounted
		? {
				quantity: 1,
				price_data: {
					currency,
					unit_amount: input.totalMinor,
					...taxBehavior,
					product_data: {
						name: `${input.itemName} × ${input.quantity} (${input.discountNote ?? 'coupon applied'})`,
					},
				},
			}
		: {
				quantity: input.quantity,
				price_data: {
					currency,
					unit_amount: input.unitAmountMinor,
					...taxBehavior,
					product_data: {
						name: input.itemName,
						...(input.itemDescription ? { description: input.itemDescription } : {}),
					},
				},
			}
	return {
		mode: 'payment',
		line_items: [lineItem],
		client_reference_id: input.orderId,
		metadata: { order_id: input.orderId },
		payment_intent_data: { metadata: { order_id: input.orderId } },
		success_url: input.successUrl,
		cancel_url: input.cancelUrl,
		expires_at: Math.floor(input.expiresAt.getTime() / 1000),
		// Stripe shows a given address read-only: an offer is paid under the address it went to (152).
		...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
		// Its page in the buyer's language (decision 174); Stripe's own choice otherwise ('auto').
		...(input.locale === 'de-DE' ? { locale: 'de' as const } : {}),
		// The invoice's billing details: the address, and a VAT number for a business (115).
		billing_address_collection: 'required',
		tax_id_collection: { enabled: true },
		...(tax.automaticTax ? { automatic_tax: { enabled: true } } : {}),
		// A reminder if they leave unpaid, sent by us with a link to start again (122).
		...(tax.recoveryConsent ? { consent_collection: { promotions: 'auto' as const } } : {}),
	}
}

/**
 * The event in a webhook delivery, verified against STRIPE_WEBHOOK_SECRET on the raw body;
 * throws on a bad or missing signature.
 */
function verifyStripeWebhook(
	rawBody: string,
	signature: string | null,
	secret: string,
): Stripe.Event {
	if (!signature) throw new Error('Missing Stripe-Signature header')
	// constructEvent is static in effect: no key or network needed to verify.
	return Stripe.webhooks.constructEvent(rawBody, signature, secret)
}
