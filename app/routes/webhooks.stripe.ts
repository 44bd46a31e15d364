/**
 * POST /webhooks/stripe (issue 4 item 3): the signature is verified on the raw body with
 * STRIPE_WEBHOOK_SECRET; completed, expired and refunded payments go to the same function the
 * sandbox uses. Every event is stored once by id, so redeliveries change nothing.
 */
import { type ActionFunctionArgs, json } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { toPaymentEvent, verifyStripeWebhook } from '~/integrations/payments/stripe.server'
import { applyPaymentEvent } from '~/models/checkout.server'

export function loader() {
	return json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: ActionFunctionArgs) {
	const secret = getConfig().STRIPE_WEBHOOK_SECRET
	if (!secret) return json({ error: 'Stripe is not configured' }, { status: 404 })
	// The raw body, byte for byte: the signature covers it exactly.
	const raw = await request.text()
	let event: ReturnType<typeof verifyStripeWebhook>
	try {
		event = verifyStripeWebhook(raw, request.headers.get('stripe-signature'), secret)
	} catch (error) {
		return json(
			{ error: `Webhook signature verification failed: ${(error as Error).message}` },
			{ status: 400 },
		)
	}
	const paymentEvent = toPaymentEvent(event)
	if (!paymentEvent) return json({ received: true, handled: false })
	try {
		const result = await applyPaymentEvent(paymentEvent)
		return json({ received: true, handled: true, changed: result.changed })
	} catch (error) {
		// 5xx: Stripe delivers the event again later.
		console.error(`Stripe webhook ${event.id} (${event.type}) failed:`, error)
		return json({ error: 'Webhook processing failed' }, { status: 500 })
	}
}
