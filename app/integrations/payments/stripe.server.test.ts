import type Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
	FAKE_STRIPE_KEY,
	FAKE_WEBHOOK_SECRET,
	type FakeStripe,
	startFakeStripe,
} from '../../../tests/fakes/stripe'
import { createStripeProvider, rateLimitDelayMs } from './stripe.server'
import { sessionEvent, toPaymentEvent } from './stripe-events.server'
import { type PaymentProvider, PaymentProviderBusyError, PaymentProviderError } from './types'

const event = (type: string, object: unknown) =>
	({ id: 'evt_1', type, data: { object } }) as unknown as Stripe.Event

describe('Stripe events', () => {
	test('a paid completed session is a completion of the order in its metadata', () => {
		expect(
			toPaymentEvent(
				event('checkout.session.completed', {
					id: 'cs_1',
					metadata: { order_id: 'order-1' },
					client_reference_id: 'order-1',
					payment_status: 'paid',
					payment_intent: 'pi_1',
					customer_details: { email: 'a@b.co', name: 'Ada' },
					amount_total: 24_900,
					currency: 'usd',
					mode: 'payment',
				}),
			),
		).toEqual({
			id: 'evt_1',
			provider: 'stripe',
			type: 'completed',
			orderId: 'order-1',
			madeForOrder: 'order-1',
			sessionId: 'cs_1',
			paymentIntentId: 'pi_1',
			email: 'a@b.co',
			name: 'Ada',
			charge: { amountMinor: 24_900, currency: 'usd', mode: 'payment' },
		})
	})

	test('a session naming the order only by client_reference_id (a payment link takes it from its URL) was not made for it', () => {
		const completion = toPaymentEvent(
			event('checkout.session.completed', {
				id: 'cs_2',
				metadata: {},
				client_reference_id: 'order-1',
				payment_status: 'paid',
				payment_intent: 'pi_2',
				amount_total: 24_900,
				currency: 'usd',
				mode: 'payment',
			}),
		)
		expect(completion).toMatchObject({ orderId: 'order-1', madeForOrder: null })
	})

	test('an unpaid completion is a delayed payment; its async success a completion, its async failure a failure (decision 164)', () => {
		const session = {
			id: 'cs_1',
			metadata: { order_id: 'order-1' },
			payment_intent: 'pi_1',
			amount_total: 24_900,
			currency: 'eur',
			mode: 'payment',
		}
		expect(
			toPaymentEvent(event('checkout.session.completed', { ...session, payment_status: 'unpaid' })),
		).toMatchObject({
			type: 'delayed',
			orderId: 'order-1',
			sessionId: 'cs_1',
			paymentIntentId: 'pi_1',
			charge: { amountMinor: 24_900, currency: 'eur', mode: 'payment' },
		})
		expect(
			toPaymentEvent(
				event('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }),
			),
		).toMatchObject({ type: 'completed', orderId: 'order-1', paymentIntentId: 'pi_1' })
		expect(
			toPaymentEvent(
				event('checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' }),
			),
		).toMatchObject({ type: 'failed', orderId: 'order-1', sessionId: 'cs_1' })
		// A "succeeded" event whose session is still unpaid is no payment.
		expect(
			toPaymentEvent(
				event('checkout.session.async_payment_succeeded', { ...session, payment_status: 'unpaid' }),
			),
		).toBeNull()
	})

	test('a partial refund and an event we do not act on change nothing', () => {
		expect(
			toPaymentEvent(event('charge.refunded', { refunded: false, payment_intent: 'pi_1' })),
		).toBeNull()
		expect(toPaymentEvent(event('customer.created', {}))).toBeNull()
	})

	test('expiry and full refunds', () => {
		expect(
			toPaymentEvent(
				event('checkout.session.expired', { id: 'cs_2', metadata: { order_id: 'o' } }),
			),
		).toMatchObject({ type: 'expired', orderId: 'o', sessionId: 'cs_2' })
		expect(
			toPaymentEvent(
				event('charge.refunded', { refunded: true, payment_intent: { id: 'pi_3' }, metadata: {} }),
			),
		).toMatchObject({ type: 'refunded', orderId: null, paymentIntentId: 'pi_3' })
	})

	test('payment verification: a paid session is its completion, an expired one its expiry, an open one nothing', () => {
		const session = {
			id: 'cs_9',
			metadata: { order_id: 'order-9' },
			customer_details: null,
			payment_intent: null,
			amount_total: 49_800,
			currency: 'usd',
			mode: 'payment' as const,
		}
		expect(
			sessionEvent({
				...session,
				status: 'complete',
				payment_status: 'paid',
				customer_details: {
					email: 'a@b.co',
					name: 'Ada',
				} as Stripe.Checkout.Session.CustomerDetails,
				payment_intent: 'pi_9',
			}),
		).toEqual({
			id: 'verify:cs_9:completed',
			provider: 'stripe',
			type: 'completed',
			orderId: 'order-9',
			sessionId: 'cs_9',
			paymentIntentId: 'pi_9',
			email: 'a@b.co',
			name: 'Ada',
			charge: { amountMinor: 49_800, currency: 'usd', mode: 'payment' },
		})
		expect(sessionEvent({ ...session, status: 'expired', payment_status: 'unpaid' })).toMatchObject(
			{
				type: 'expired',
				sessionId: 'cs_9',
			},
		)
		expect(sessionEvent({ ...session, status: 'open', payment_status: 'unpaid' })).toBeNull()
	})

	test('payment verification of a completed unpaid session: on its way while its intent processes, failed once the intent needs another method (decision 164)', () => {
		const session = {
			id: 'cs_8',
			metadata: { order_id: 'order-8' },
			customer_details: null,
			amount_total: 49_800,
			currency: 'eur',
			mode: 'payment' as const,
			status: 'complete' as const,
			payment_status: 'unpaid' as const,
		}
		const intent = (status: string) => ({ id: 'pi_8', status }) as Stripe.PaymentIntent
		expect(sessionEvent({ ...session, payment_intent: intent('processing') })).toMatchObject({
			id: 'verify:cs_8:delayed',
			type: 'delayed',
			paymentIntentId: 'pi_8',
		})
		expect(
			sessionEvent({ ...session, payment_intent: intent('requires_payment_method') }),
		).toMatchObject({ id: 'verify:cs_8:failed', type: 'failed' })
		expect(sessionEvent({ ...session, payment_intent: intent('canceled') })).toMatchObject({
			type: 'failed',
		})
	})
})

describe('the Stripe provider against a fake Stripe', () => {
	let stripe: FakeStripe
	let provider: PaymentProvider

	beforeAll(async () => {
		stripe = await startFakeStripe()
		provider = createStripeProvider({
			STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
			STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
			STRIPE_API_URL: stripe.url,
			STRIPE_TIMEOUT_MS: 3000,
		})
	})
	afterAll(() => stripe?.close())

	const sessionInput = (orderId: string) => ({
		orderId,
		itemName: 'Seat',
		itemDescription: '',
		unitAmountMinor: 24_900,
		quantity: 1,
		totalMinor: 24_900,
		currency: 'USD',
		successUrl: 'http://site.test/checkout/processing?id=x',
		cancelUrl: 'http://site.test/checkout/processing?id=x&cancelled=1',
		expiresAt: new Date(Date.now() + 30 * 60_000),
		origin: 'http://site.test',
	})
	const session = (orderId: string) => provider.createSession(sessionInput(orderId))

	test('a session asks for consent to a reminder only with STRIPE_RECOVERY_CONSENT=1 (decision 122)', async () => {
		const asking = createStripeProvider({
			STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
			STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
			STRIPE_API_URL: stripe.url,
			STRIPE_TIMEOUT_MS: 3000,
			STRIPE_RECOVERY_CONSENT: '1',
		})
		await session('order-no-consent')
		await asking.createSession(sessionInput('order-consent'))
		const paramsOf = (orderId: string) =>
			stripe.requests.find(
				(request) =>
					request.path === '/v1/checkout/sessions' &&
					request.params['metadata[order_id]'] === orderId,
			)?.params
		expect(paramsOf('order-consent')).toMatchObject({ 'consent_collection[promotions]': 'auto' })
		expect(paramsOf('order-no-consent')).not.toHaveProperty('consent_collection[promotions]')
	})

	test("a German buyer's order opens Stripe's page in German; an English one leaves Stripe its own choice (decision 174)", async () => {
		await provider.createSession({ ...sessionInput('order-german'), locale: 'de-DE' })
		await provider.createSession({ ...sessionInput('order-english'), locale: 'en-US' })
		const paramsOf = (orderId: string) =>
			stripe.requests.find(
				(request) =>
					request.path === '/v1/checkout/sessions' &&
					request.params['metadata[order_id]'] === orderId,
			)?.params
		expect(paramsOf('order-german')).toMatchObject({ locale: 'de' })
		expect(paramsOf('order-english')).not.toHaveProperty('locale')
	})

	test("an order made for an address (a waiting-list offer) opens Stripe's page with it, which Stripe shows read-only; any other order asks for one (decision 152)", async () => {
		await provider.createSession({
			...sessionInput('order-offered'),
			customerEmail: 'ada@example.com',
		})
		await session('order-open')
		const paramsOf = (orderId: string) =>
			stripe.requests.find(
				(request) =>
					request.path === '/v1/checkout/sessions' &&
					request.params['metadata[order_id]'] === orderId,
			)?.params
		expect(paramsOf('order-offered')).toMatchObject({ customer_email: 'ada@example.com' })
		expect(paramsOf('order-open')).not.toHaveProperty('customer_email')
	})

	test("a session names no payment method types: the Stripe account's dashboard chooses them (dynamic payment methods, decision 164)", async () => {
		await session('order-methods')
		const params = stripe.requests.find(
			(request) =>
				request.path === '/v1/checkout/sessions' &&
				request.params['metadata[order_id]'] === 'order-methods',
		)!.params
		expect(Object.keys(params).filter((key) => key.includes('payment_method'))).toEqual([])
	})

	test('a signed delivery is verified into its event; a bad or missing signature throws', () => {
		const object = { id: 'cs_1', payment_status: 'paid', metadata: { order_id: 'order-1' } }
		const genuine = stripe.event('checkout.session.completed', object)
		expect(provider.verifyEvent!(genuine.payload, genuine.signature)).toMatchObject({
			type: 'completed',
			orderId: 'order-1',
		})
		const forged = stripe.event('checkout.session.completed', object, 'whsec_wrong')
		expect(() => provider.verifyEvent!(forged.payload, forged.signature)).toThrow()
		expect(() => provider.verifyEvent!(genuine.payload, null)).toThrow(/Stripe-Signature/)
		const ignored = stripe.event('customer.created', { id: 'cus_1' })
		expect(provider.verifyEvent!(ignored.payload, ignored.signature)).toBeNull()
	})

	test('looking a session up: open is nothing yet, paid is its completion', async () => {
		const { sessionId } = await session('order-lookup')
		expect(await provider.lookUpSession!(sessionId)).toBeNull()
		const paid = stripe.complete(sessionId, 'grace@example.com')
		expect(await provider.lookUpSession!(sessionId)).toMatchObject({
			type: 'completed',
			orderId: 'order-lookup',
			paymentIntentId: paid.payment_intent,
			email: 'grace@example.com',
		})
	})

	test('a refund goes through Stripe for the payment intent, once per order', async () => {
		const { sessionId } = await session('order-refund')
		const paid = stripe.complete(sessionId)
		const event = await provider.refund!({
			orderId: 'order-refund',
			paymentIntentId: paid.payment_intent,
		})
		const [refund] = [...stripe.refunds.values()].filter(
			(r) => r.payment_intent === paid.payment_intent,
		)
		expect(refund).toMatchObject({ status: 'succeeded', metadata: { order_id: 'order-refund' } })
		expect(event).toEqual({
			id: `refund:${refund!.id}`,
			provider: 'stripe',
			type: 'refunded',
			orderId: 'order-refund',
			sessionId: null,
			paymentIntentId: paid.payment_intent,
			email: null,
			name: null,
		})
		const request = stripe.requests.find((r) => r.path === '/v1/refunds')!
		expect(request.headers['idempotency-key']).toBe('refund-order-refund')
	})

	test('a pending refund is left to its webhook; a failed one is a provider error', async () => {
		const { sessionId } = await session('order-pending-refund')
		const paid = stripe.complete(sessionId)
		stripe.holdNextRefund()
		expect(
			await provider.refund!({
				orderId: 'order-pending-refund',
				paymentIntentId: paid.payment_intent,
			}),
		).toBeNull()
		await expect(
			provider.refund!({ orderId: 'order-unknown', paymentIntentId: 'pi_unknown' }),
		).rejects.toThrow(PaymentProviderError)
		await expect(
			provider.refund!({ orderId: 'order-unpaid', paymentIntentId: null }),
		).rejects.toThrow(PaymentProviderError)
	})

	describe("under Stripe's rate limit (docs/decisions/134)", () => {
		const attemptsFor = (orderId: string) =>
			stripe.requests.filter(
				(r) => r.path === '/v1/checkout/sessions' && r.params['metadata[order_id]'] === orderId,
			)

		test('a 429 is tried again after a backoff with the same idempotency key, and the session comes back', async () => {
			stripe.limitCreations({ perSecond: 1 })
			try {
				await session('order-limited-first')
				const started = Date.now()
				const { sessionId } = await session('order-limited-second')
				expect(stripe.sessions.get(sessionId)!.metadata.order_id).toBe('order-limited-second')
				const attempts = attemptsFor('order-limited-second')
				expect(attempts.length).toBeGreaterThan(1)
				expect(new Set(attempts.map((r) => r.headers['idempotency-key']))).toEqual(
					new Set(['checkout-order-limited-second']),
				)
				// The window of one second had to pass first.
				expect(Date.now() - started).toBeGreaterThan(500)
			} finally {
				stripe.limitCreations(null)
			}
		})

		test('a Retry-After longer than a request may wait: busy at once, passing on that Retry-After', async () => {
			stripe.limitCreations({ perSecond: 0, retryAfterSeconds: 30 })
			try {
				const started = Date.now()
				const failure = await session('order-limited-long').catch((error: unknown) => error)
				expect(failure).toBeInstanceOf(PaymentProviderBusyError)
				expect((failure as PaymentProviderBusyError).retryAfterSeconds).toBe(30)
				expect(attemptsFor('order-limited-long')).toHaveLength(1)
				expect(Date.now() - started).toBeLessThan(2_000)
			} finally {
				stripe.limitCreations(null)
			}
		})

		test('a Retry-After within the budget is honoured: the call waits that long, then succeeds', async () => {
			stripe.limitCreations({ perSecond: 1, retryAfterSeconds: 1 })
			try {
				await session('order-honoured-first')
				const started = Date.now()
				await session('order-honoured-second')
				expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
				expect(attemptsFor('order-honoured-second')).toHaveLength(2)
			} finally {
				stripe.limitCreations(null)
			}
		})

		test('a limit that never lifts ends within the budget as busy, never as a plain provider failure', async () => {
			const short = createStripeProvider({
				STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
				STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
				STRIPE_API_URL: stripe.url,
				STRIPE_TIMEOUT_MS: 800,
			})
			stripe.limitCreations({ perSecond: 0 })
			try {
				const started = Date.now()
				const failure = await short
					.createSession(sessionInput('order-never'))
					.catch((error: unknown) => error)
				expect(failure).toBeInstanceOf(PaymentProviderBusyError)
				expect((failure as PaymentProviderBusyError).retryAfterSeconds).toBeGreaterThan(0)
				expect(Date.now() - started).toBeLessThan(1_500)
				expect(attemptsFor('order-never').length).toBeGreaterThan(2)
			} finally {
				stripe.limitCreations(null)
			}
		})
	})
})

describe('the backoff after a 429', () => {
	test('doubles from 100 ms up to a second, jittered within its upper half', () => {
		expect(rateLimitDelayMs(0, null, () => 0)).toBe(50)
		expect(rateLimitDelayMs(0, null, () => 1)).toBe(100)
		expect(rateLimitDelayMs(3, null, () => 0)).toBe(400)
		expect(rateLimitDelayMs(10, null, () => 1)).toBe(1_000)
	})

	test("follows Stripe's Retry-After, plus up to 100 ms of jitter", () => {
		expect(rateLimitDelayMs(0, 2_000, () => 0)).toBe(2_000)
		expect(rateLimitDelayMs(5, 2_000, () => 1)).toBe(2_100)
	})
})
