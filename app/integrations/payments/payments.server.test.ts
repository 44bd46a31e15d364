import type Stripe from 'stripe'
import { describe, expect, test } from 'vitest'
import { checkSandboxCard, luhnValid } from './sandbox.server'
import { sessionState, toPaymentEvent } from './stripe.server'

describe('the sandbox card', () => {
	test('4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined', () => {
		expect(checkSandboxCard('4242 4242 4242 4242')).toEqual({ ok: true })
		expect(checkSandboxCard('4000-0000-0000-0002')).toEqual({
			ok: false,
			message: 'Your card was declined. Try another card.',
		})
	})

	test('a mistyped number is incorrect, another real-looking one is declined with a hint', () => {
		expect(luhnValid('4242424242424241')).toBe(false)
		expect(checkSandboxCard('4242 4242 4242 4241')).toMatchObject({
			message: 'Your card number is incorrect.',
		})
		expect(checkSandboxCard('abc')).toMatchObject({ message: 'Your card number is incorrect.' })
		expect(checkSandboxCard('5555 5555 5555 4444')).toMatchObject({
			ok: false,
			message: expect.stringContaining('4242 4242 4242 4242'),
		})
	})
})

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
				}),
			),
		).toEqual({
			id: 'evt_1',
			provider: 'stripe',
			type: 'completed',
			orderId: 'order-1',
			sessionId: 'cs_1',
			paymentIntentId: 'pi_1',
			email: 'a@b.co',
			name: 'Ada',
		})
	})

	test('an unpaid completion (delayed payment) and a partial refund change nothing', () => {
		expect(
			toPaymentEvent(
				event('checkout.session.completed', { id: 'cs_1', payment_status: 'unpaid', metadata: {} }),
			),
		).toBeNull()
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

	test('payment verification reads the session state', () => {
		expect(
			sessionState({
				status: 'complete',
				payment_status: 'paid',
				customer_details: null,
				payment_intent: null,
			}),
		).toMatchObject({ state: 'paid' })
		expect(
			sessionState({
				status: 'open',
				payment_status: 'unpaid',
				customer_details: null,
				payment_intent: null,
			}),
		).toEqual({ state: 'open' })
		expect(
			sessionState({
				status: 'expired',
				payment_status: 'unpaid',
				customer_details: null,
				payment_intent: null,
			}),
		).toEqual({ state: 'expired' })
	})
})
