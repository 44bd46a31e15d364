/**
 * /waitlist/offer/:token (docs/decisions/120): the page a waiting-list offer's e-mail links to.
 * The token is signed (signed-token.server.ts, decision 127), names the offer's order and
 * expires with the hold it offered (then the page says the offer ended); anything else is a 404. An open offer shows what is held until when, and "Continue to payment" posts here: 303
 * to the provider's page (JSON: `{ link }`), where the offer's own order is paid.
 */

import {
	type ActionFunctionArgs,
	data,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getDb } from '~/db/client.server'
import { formatMoment } from '~/domain/dates'
import { formatPrice, toMajorUnits } from '~/domain/pricing'
import { IS, IT, pluralWord, WAS } from '~/domain/words'
import { rememberCheckout } from '~/http/cookies.server'
import { CheckoutError, refusalHeaders, refusalReason } from '~/models/checkout/index.server'
import { checkoutOfferByLink, getOfferByLink } from '~/models/waitlist/claim.server'
import type { RouteHandle } from '~/utils/color-mode'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

// It leads to payment: the footer links the terms (docs/decisions/152).
export const handle: RouteHandle = { sells: true }

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Your waiting-list offer', noindex: true })

// A personal page: never in a shared cache, never kept by the browser for someone else.
const noStore = { 'Cache-Control': 'private, no-store' }
// A refused payment's Retry-After reaches the page too, not only a JSON client.
export const headers: HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { ...noStore, 'Retry-After': retryAfter } : noStore
}

export async function loader({ params }: LoaderFunctionArgs) {
	const offer = await getOfferByLink(await getDb(), params.token)
	if (!offer) throw new Response('Not found', { status: 404, headers: noStore })
	return data(
		{
			state: offer.state,
			itemName: offer.itemName,
			quantity: offer.quantity,
			total: formatPrice(
				toMajorUnits(offer.totalMinor, offer.currency),
				offer.currency.toUpperCase(),
			),
			endsAt: formatMoment(offer.endsAt),
		},
		{ headers: noStore },
	)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
	const wantsJson = (request.headers.get('accept') ?? '').includes('application/json')
	try {
		const paying = await checkoutOfferByLink(await getDb(), params.token, context.origin)
		if (!paying) throw new Response('Not found', { status: 404, headers: noStore })
		const { link } = paying
		// This browser paid the offer, as one that started a checkout: its thank-you page is the
		// buyer's own, with the seats and the invoice (decisions 068, 152).
		const headers = [
			...Object.entries(noStore),
			...(await rememberCheckout(request, paying.orderId, context)),
		]
		return wantsJson
			? Response.json({ link }, { headers })
			: redirect(link, { status: 303, headers })
	} catch (error) {
		if (!(error instanceof CheckoutError)) throw error
		// A busy provider: a page without JavaScript says in how many seconds to try again, the
		// number Retry-After gives a JSON client (docs/decisions/134).
		return data(
			{ error: refusalReason(error) },
			{ status: error.status, headers: refusalHeaders(noStore, error.retryAfterSeconds) },
		)
	}
}

export default function Page() {
	const offer = useLoaderData<typeof loader>()
	const failed = useActionData<typeof action>()
	const what = `${offer.quantity} × ${offer.itemName}`
	const [is, was, it] = [IS, WAS, IT].map((forms) => pluralWord(offer.quantity, forms))
	if (offer.state === 'bought')
		return (
			<LeadLayout>
				<PageHeading
					title={`You bought ${it}`}
					lead={`${what}: paid. Your receipt is in your inbox.`}
				/>
			</LeadLayout>
		)
	if (offer.state === 'ended')
		return (
			<LeadLayout>
				<PageHeading
					title="This offer has ended"
					lead={`${what} ${was} held for you until ${offer.endsAt}; the offer has passed to the next person waiting. You can join the waiting list again from the product's page.`}
				/>
			</LeadLayout>
		)
	return (
		<LeadLayout>
			<PageHeading
				title="Your turn"
				lead={`${what} ${is} held for you until ${offer.endsAt}: nobody else can buy ${it} before then.`}
			/>
			<Form method="post" className="space-y-3">
				<p>Total: {offer.total}</p>
				<SubmitButton>Continue to payment</SubmitButton>
				<p role="alert" className="text-sm text-red-700 dark:text-red-400">
					{failed && 'error' in failed ? `Checkout failed: ${failed.error}` : ''}
				</p>
			</Form>
		</LeadLayout>
	)
}
