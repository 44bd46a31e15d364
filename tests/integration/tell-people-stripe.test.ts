/**
 * A refund through Stripe is told once (docs/decisions/113): the owner's refund confirmed at once
 * by Stripe's API, or later by its charge.refunded webhook, and that webhook delivered again,
 * send the buyer one message. Against a fake Stripe on loopback, in this process (the payment
 * provider is chosen once per process: the sandbox's suite is tell-people.test.ts). On PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { outbox } from '~/db/schema-leads.server'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { applyPaymentEvent, createCheckout } from '~/models/checkout/index.server'
import { refundOrder } from '~/models/checkout/order-actions.server'
import { databaseBackends } from '../support/databases'
import { stripeInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'
const ORIGIN = 'http://site.test'
const owner = { name: 'mona (GitHub #1001)' }

// One fake Stripe for the file: the provider, made once per process, keeps its address.
const inStripeMode = stripeInProcessSuite()

describe.each(databaseBackends)('a Stripe refund told once on $name', (backend) => {
	// No SMTP_URL: the outbox rows are the messages.
	const suite = inStripeMode(backend)

	/** Stripe's webhook delivers `type` about `object`, through the provider, as the route does. */
	async function webhook(type: string, object: unknown) {
		const { payload, signature } = suite.stripe.event(type, object)
		const event = getPaymentProvider().verifyEvent!(payload, signature)
		return event ? applyPaymentEvent(suite.database.db, event) : null
	}
	const refundsTo = (email: string) =>
		suite.database.db
			.select({ subject: outbox.subject })
			.from(outbox)
			.where(and(eq(outbox.toAddress, email), like(outbox.subject, '%is refunded')))

	async function paidOrder(email: string) {
		const { id } = await createCheckout(suite.database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: ORIGIN,
		})
		const session = suite.stripe.complete(suite.stripe.sessionOf(id).id, email)
		await webhook('checkout.session.completed', session)
		return { id, paymentIntent: session.payment_intent as string }
	}
	const chargeRefunded = (paymentIntent: string) => ({
		id: `ch_${paymentIntent}`,
		object: 'charge',
		refunded: true,
		payment_intent: paymentIntent,
		metadata: {},
	})

	test("the owner's refund, then Stripe's charge.refunded twice: the buyer is told once", async () => {
		const { id, paymentIntent } = await paidOrder('suite.stripe.buyer@example.com')
		expect((await refundOrder(suite.database.db, owner, id)).message).toBe(
			'The order is refunded and its seats are released.',
		)
		await webhook('charge.refunded', chargeRefunded(paymentIntent))
		await webhook('charge.refunded', chargeRefunded(paymentIntent))
		expect(await refundsTo('suite.stripe.buyer@example.com')).toEqual([
			{ subject: `Your order ${id} is refunded` },
		])
	})

	test('a refund Stripe confirms later is told when its webhook comes, once', async () => {
		const { id, paymentIntent } = await paidOrder('pending.refund@example.com')
		suite.stripe.holdNextRefund()
		expect((await refundOrder(suite.database.db, owner, id)).message).toMatch(
			/sent to the payment provider/,
		)
		expect(await refundsTo('pending.refund@example.com')).toEqual([])
		const delivery = chargeRefunded(paymentIntent)
		await webhook('charge.refunded', delivery)
		await webhook('charge.refunded', delivery)
		expect(await refundsTo('pending.refund@example.com')).toHaveLength(1)
	})
})
