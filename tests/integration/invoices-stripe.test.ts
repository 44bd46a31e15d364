/**
 * Invoices in Stripe mode (docs/decisions/115), against the Stripe-shaped fake: the session asks
 * for the billing address and a tax id (and turns Stripe Tax on when configured); the signed
 * completion webhook brings them back to the order and its invoice.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { getSeller } from '~/content/site-content.server'
import { orders } from '~/db/schema.server'
import { invoices } from '~/db/schema-invoices.server'
import { REVERSE_CHARGE_NOTE } from '~/domain/invoices/vat'
import { getPaymentProvider } from '~/integrations/payments/index.server'
import { applyPaymentEvent, createCheckout } from '~/models/checkout/index.server'
import type { FakeStripe } from '../fakes/stripe'
import { pglite } from '../support/databases'
import { stripeInProcessSuite } from '../support/in-process'

const PASS = 'ai-driven-development-day-pass'

// The provider is made once per process: this file is Stripe mode, with Stripe Tax.
const inStripeMode = stripeInProcessSuite({ STRIPE_AUTOMATIC_TAX: '1', PRICES_INCLUDE_TAX: '0' })

describe('invoices in Stripe mode with Stripe Tax and prices without tax', () => {
	const suite = inStripeMode(pglite)

	const pay = async (billing: Parameters<FakeStripe['complete']>[2]) => {
		const { id } = await createCheckout(suite.database.db, {
			code: PASS,
			quantity: 1,
			region: 'GLOBAL',
			origin: 'http://site.test',
		})
		const session = suite.stripe.complete(
			suite.stripe.sessionOf(id).id,
			'buyer@example.com',
			billing,
		)
		const { payload, signature } = suite.stripe.event('checkout.session.completed', session)
		const event = getPaymentProvider().verifyEvent!(payload, signature)
		await applyPaymentEvent(suite.database.db, event!)
		const [order] = await suite.database.db.select().from(orders).where(eq(orders.id, id))
		const [invoice] = await suite.database.db
			.select()
			.from(invoices)
			.where(eq(invoices.orderId, id))
		return { id, order: order!, invoice, session }
	}

	test('the session asks for the billing address and a tax id, with Stripe Tax on tax-exclusive prices', async () => {
		const { id } = await pay({})
		const created = suite.stripe.requests.find(
			(request) =>
				request.path === '/v1/checkout/sessions' && request.params['metadata[order_id]'] === id,
		)
		expect(created?.params).toMatchObject({
			billing_address_collection: 'required',
			'tax_id_collection[enabled]': 'true',
			'automatic_tax[enabled]': 'true',
			'line_items[0][price_data][tax_behavior]': 'exclusive',
		})
	})

	test('the tax Stripe adds on top is paid for, and the invoice shows net, tax and total', async () => {
		const { order, invoice, session } = await pay({
			address: {
				line1: '1 Rue de Rivoli',
				line2: null,
				postal_code: '75001',
				city: 'Paris',
				state: null,
				country: 'FR',
			},
			taxMinor: 1000,
		})
		expect(order).toMatchObject({ status: 'paid', amountMinor: session.amount_subtotal + 1000 })
		expect(order.billing).toMatchObject({ country: 'FR', address: '1 Rue de Rivoli\n75001 Paris' })
		expect(invoice!.data).toMatchObject({
			pricesIncludeTax: false,
			netMinor: session.amount_subtotal,
			taxMinor: 1000,
			totalMinor: session.amount_subtotal + 1000,
			buyer: { country: 'FR', address: ['1 Rue de Rivoli', '75001 Paris'] },
		})
	})

	test('a business with a VAT number from another EU country: its details and the reverse charge on the invoice', async () => {
		const country = getSeller().country === 'DE' ? 'AT' : 'DE'
		const vat = country === 'DE' ? 'DE123456789' : 'ATU12345678'
		const { invoice } = await pay({
			businessName: 'Acme GmbH',
			address: {
				line1: 'Hauptstraße 1',
				line2: null,
				postal_code: '10115',
				city: 'Berlin',
				state: null,
				country,
			},
			taxIds: [{ type: 'eu_vat', value: vat }],
			taxMinor: 0,
		})
		expect(invoice!.data).toMatchObject({
			buyer: { company: 'Acme GmbH', vatNumber: vat, country },
			taxMinor: 0,
			reverseCharge: true,
			notes: [REVERSE_CHARGE_NOTE],
		})
	})
})
