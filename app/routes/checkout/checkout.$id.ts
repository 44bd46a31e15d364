/**
 * GET /checkout/{id} (SPEC §7, §8) → `{ link, status, data }`, status one of
 * pending, paid, failed, expired, refunded. A pending order is verified with the provider
 * first, so a lost webhook does not strand a buyer. Unknown id: 404. The whole order (passes,
 * e-mail address) goes only to the browser that started it; anyone else learns the status
 * (docs/decisions/068).
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { paymentVerificationFailed } from '~/forms/messages'
import { startedHere } from '~/http/cookies.server'
import { databaseWasUnavailable, unavailableHeaders } from '~/http/unavailable.server'
import { PaymentProviderError } from '~/integrations/payments/types'
import { log } from '~/log.server'
import { getCheckout, publicCheckoutView } from '~/models/checkout/index.server'

const noStore = { 'Cache-Control': 'no-store' }

export async function loader({ params, request }: LoaderFunctionArgs) {
	try {
		const view = await getCheckout(await getDb(), params.id ?? '')
		if (!view)
			return Response.json(
				{ error: paymentVerificationFailed('no such checkout') },
				{ status: 404, headers: noStore },
			)
		const mine = await startedHere(request, view.data.id)
		return Response.json(mine ? view : publicCheckoutView(view), { headers: noStore })
	} catch (error) {
		if (error instanceof PaymentProviderError) {
			log.error(`GET /checkout/${params.id}: ${error.message}`)
			return Response.json(
				{ error: paymentVerificationFailed('the payment provider did not answer, try again') },
				{ status: 502, headers: noStore },
			)
		}
		// An unavailable database is logged once per outage (docs/decisions/104).
		if (!databaseWasUnavailable(error))
			log.error({ err: error }, `GET /checkout/${params.id} failed`)
		return Response.json(
			{ error: paymentVerificationFailed() },
			{ status: 503, headers: unavailableHeaders() },
		)
	}
}
