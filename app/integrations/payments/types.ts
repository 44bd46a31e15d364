import type { Billing, ChargedTax } from '~/domain/invoices/types'
import type { Locale } from '~/domain/locale'

/**
 * What a payment provider can do (docs/decisions/030, 032). Callers ask for a capability, never
 * for a provider by name: an optional member is absent where a provider cannot do that thing.
 * Payments come back as provider-neutral PaymentEvents, which the checkout confirms in one place
 * whoever sent them.
 */

/**
 * Stored on each order (`orders.provider`): whose session the order has. Data, not a branch.
 * `transfer`: the buyer pays by bank transfer against an invoice; the session id is the payment
 * reference (docs/decisions/163).
 */
export type PaymentProviderId = 'stripe' | 'sandbox' | 'transfer'

export type CheckoutSessionInput = {
	orderId: string
	itemName: string
	itemDescription: string
	unitAmountMinor: number
	quantity: number
	/** What the buyer pays in total, after any coupon. */
	totalMinor: number
	/** How the coupon was applied, when there is more to say than "coupon applied" (decision 158). */
	discountNote?: string | null
	currency: string
	/** Where the provider sends the buyer after paying, and when they give up. */
	successUrl: string
	cancelUrl: string
	/** The seat reservation's end: the session must not be payable after it. */
	expiresAt: Date
	origin: string
	/**
	 * The address the order was offered to (a waiting-list offer, docs/decisions/152): the
	 * provider's page fills it in and takes no other, so the seat, receipt and invoice go to it.
	 */
	customerEmail?: string | null
	/** The buyer's language (decision 174): a hosted page that speaks it shows itself in it. */
	locale?: Locale
}

type CheckoutSession = { sessionId: string; link: string }

/** A payment event in the provider-neutral form the checkout confirms. */
export type PaymentEvent = {
	/** Unique per event: a second delivery with this id changes nothing. */
	id: string
	provider: PaymentProviderId
	/**
	 * `delayed`: the buyer finished the provider's page with a method whose money comes days later
	 * (a completed Stripe session still unpaid, docs/decisions/164); `failed`: that money did not
	 * come (the bank refused the debit).
	 */
	type: 'completed' | 'delayed' | 'failed' | 'expired' | 'refunded'
	/** Our order id when the event names it, else found through the session or payment. */
	orderId: string | null
	/**
	 * The order our own session creation named in the session's metadata, on a completion: a
	 * session whose id the database failed to store is still the order's (docs/decisions/134).
	 * Never from `client_reference_id`, which a payment link takes from its URL.
	 */
	madeForOrder?: string | null
	sessionId: string | null
	paymentIntentId: string | null
	email: string | null
	name: string | null
	/**
	 * What the provider says was charged, on a completion: an order is paid only when these are
	 * its own amount, currency and a one-off payment (docs/decisions/032). Absent otherwise.
	 */
	charge?: PaymentCharge
	/** The buyer's billing details, on a completion where they gave some (docs/decisions/115). */
	billing?: Billing | null
	/** The VAT charged on top of the order's amount, on a completion (docs/decisions/115). */
	tax?: ChargedTax | null
	/**
	 * On an expiry: the address the buyer gave and agreed to one reminder with, where the
	 * provider collected that consent (docs/decisions/122).
	 */
	recoveryEmail?: string | null
}

/** A completed payment's amount (minor units), currency (ISO 4217, any case) and mode. */
export type PaymentCharge = {
	amountMinor: number | null
	currency: string | null
	mode: string | null
	/**
	 * VAT the charge added on top of the order's amount (prices without VAT): the charge is then
	 * the order's amount plus this (docs/decisions/115).
	 */
	addedTaxMinor?: number
}

/** The buyer as a hosted page or a provider reports them. */
export type Buyer = { email: string; name?: string | null; billing?: Billing | null }

/** A payment's fee as the provider reports it: minor units of `currency` (ISO 4217, upper case). */
type ProviderFee = { feeMinor: number; currency: string }

/** A paid order, as a refund needs it. */
type RefundableOrder = { orderId: string; paymentIntentId: string | null }

/** A part of a paid order to refund: how much (minor units) and the refund's idempotency key. */
type PartialRefund = { amountMinor: number; key: string }

export type PaymentProvider = {
	id: PaymentProviderId
	/**
	 * Minutes a seat reservation outlives the session (docs/decisions/031): a completion the
	 * provider delivers just after the session's end still finds its seats held.
	 */
	reservationGraceMinutes: number
	/** Receipts say "test mode": no real money moves. */
	testMode: boolean
	/** The hosted payment page for an order: its session id and the link the buyer follows. */
	createSession(input: CheckoutSessionInput): Promise<CheckoutSession>
	/**
	 * The event in a webhook delivery, verified on the raw body: throws on a bad or missing
	 * signature; null for an event we do not act on. Absent where a provider sends no webhooks.
	 */
	verifyEvent?(rawBody: string, signature: string | null): PaymentEvent | null
	/**
	 * Payment verification: the event the provider's session stands for now (completed or
	 * expired), or null while it is still open. Absent where the session has no remote state.
	 */
	lookUpSession?(sessionId: string): Promise<PaymentEvent | null>
	/** Ends an open session so it can no longer be paid. Absent where there is nothing remote. */
	expireSession?(sessionId: string): Promise<void>
	/**
	 * Refunds a paid order in full: the refunded event to confirm now, or null when the
	 * provider reports it later (a webhook). Absent where a provider cannot refund.
	 */
	refund?(order: RefundableOrder): Promise<PaymentEvent | null>
	/**
	 * Refunds part of a paid order (docs/decisions/123): `amountMinor` of it, once per `key` (the
	 * provider's idempotency key, so a repeated call refunds once). Its refund id. The order stays
	 * paid; the provider's later report of a partial refund changes nothing.
	 */
	refundPart?(order: RefundableOrder, part: PartialRefund): Promise<{ refundId: string }>
	/**
	 * The provider's fee for a payment (docs/decisions/124), in the currency it was taken in
	 * (Stripe: the charge's balance transaction, in the account's settlement currency), or null
	 * while the provider has not settled it yet. Absent where no fee is taken (the sandbox).
	 */
	readFee?(paymentIntentId: string): Promise<ProviderFee | null>
	/**
	 * A hosted checkout page served by this site (/checkout/sandbox/:id): the events its "Pay"
	 * and "Cancel" buttons stand for. Absent where the provider hosts its own page.
	 */
	sitePage?: {
		/** `tax`: VAT the page added on top of the price (the charge includes it). */
		paid(
			orderId: string,
			buyer: Buyer,
			charge: PaymentCharge,
			tax?: ChargedTax | null,
		): PaymentEvent
		cancelled(orderId: string): PaymentEvent
	}
}

/** The provider failed or did not answer: the caller answers 502 and may retry. */
export class PaymentProviderError extends Error {
	name = 'PaymentProviderError'
}

/**
 * The provider kept refusing for its rate limit past the time a request may wait
 * (docs/decisions/134): the caller answers 503 with `Retry-After: retryAfterSeconds`.
 */
export class PaymentProviderBusyError extends PaymentProviderError {
	name = 'PaymentProviderBusyError'
	constructor(
		message: string,
		readonly retryAfterSeconds: number,
	) {
		super(message)
	}
}
