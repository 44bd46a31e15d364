/**
 * POST /webhooks/stripe (docs/decisions/030, 032): the provider verifies the signature on the raw
 * body; completed, expired and refunded payments go to the same confirm step the sandbox page
 * uses. Every event is stored once by id, so redeliveries change nothing. Stripe is answered once
 * the payment commits; the invoice's number and the receipt follow by the queue (decision 186).
 */
import type { ActionFunctionArgs } from '@remix-run/node'
import { getPaymentsDb } from '~/db/client.server'
import { databaseWasUnavailable, unavailableHeaders } from '~/http/unavailable.server'
import { getPaymentProvider, type PaymentEvent } from '~/integrations/payments/index.server'
import { log } from '~/log.server'
import { applyPaymentEvent } from '~/models/checkout/index.server'

export function loader() {
	return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: ActionFunctionArgs) {
	const provider = getPaymentProvider()
	// A provider that sends no webhooks (the sandbox) has no endpoint.
	if (!provider.verifyEvent)
		return Response.json({ error: 'Stripe is not configured' }, { status: 404 })
	// The raw body, byte for byte: the signature covers it exactly.
	const raw = await request.text()
	let event: PaymentEvent | null
	try {
		event = provider.verifyEvent(raw, request.headers.get('stripe-signature'))
	} catch (error) {
		return Response.json(
			{ error: `Webhook signature verification failed: ${(error as Error).message}` },
			{ status: 400 },
		)
	}
	if (!event) return Response.json({ received: true, handled: false })
	try {
		// On payments' own pool: checkouts never wait behind it for a connection (decision 162).
		// Answered once the payment commits; its invoice and receipt follow by the queue (186).
		const result = await applyPaymentEvent(await getPaymentsDb(), event, 'by the queue')
		return Response.json({ received: true, handled: true, changed: result.changed })
	} catch (error) {
		// 5xx: Stripe delivers the event again later. An unavailable database is a 503 with
		// Retry-After, logged once per outage (docs/decisions/104).
		if (databaseWasUnavailable(error))
			return Response.json(
				{ error: 'Service temporarily unavailable' },
				{ status: 503, headers: unavailableHeaders() },
			)
		log.error({ err: error }, `Stripe webhook ${event.id} (${event.type}) failed`)
		return Response.json({ error: 'Webhook processing failed' }, { status: 500 })
	}
}
