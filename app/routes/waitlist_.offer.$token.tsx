/**
 * /waitlist/offer/:token (docs/decisions/120): the page a waiting-list offer's e-mail links to.
 * The token is signed (signed-token.server.ts) and names the offer's order; anything else is a
 * 404. An open offer shows what is held until when, and "Continue to payment" posts here: 303
 * to the provider's page (JSON: `{ link }`), where the offer's own order is paid.
 */
import {
	type ActionFunctionArgs,
	json,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { getConfig } from '~/config.server'
import { getDb } from '~/db/client.server'
import { CheckoutError } from '~/models/checkout/index.server'
import { formatPrice, toMajorUnits } from '~/models/pricing'
import { verifyOfferToken } from '~/models/signed-token.server'
import { checkoutOffer, getOffer } from '~/models/waitlist/claim.server'
import { formatHeldUntil } from '~/models/waitlist/offers.server'
import { pageMeta } from '~/utils/meta'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Your waiting-list offer', noindex: true })

// A personal page: never in a shared cache, never kept by the browser for someone else.
const noStore = { 'Cache-Control': 'private, no-store' }
export const headers = () => noStore

function orderOf(token: string | undefined): string {
	const orderId = verifyOfferToken(token, getConfig().SESSION_SECRET)
	if (!orderId) throw new Response('Not found', { status: 404, headers: noStore })
	return orderId
}

export async function loader({ params }: LoaderFunctionArgs) {
	const offer = await getOffer(await getDb(), orderOf(params.token))
	if (!offer) throw new Response('Not found', { status: 404, headers: noStore })
	return json(
		{
			state: offer.state,
			itemName: offer.itemName,
			quantity: offer.quantity,
			total: formatPrice(
				toMajorUnits(offer.totalMinor, offer.currency),
				offer.currency.toUpperCase(),
			),
			endsAt: formatHeldUntil(offer.endsAt),
		},
		{ headers: noStore },
	)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
	const orderId = orderOf(params.token)
	const wantsJson = (request.headers.get('accept') ?? '').includes('application/json')
	try {
		const { link } = await checkoutOffer(await getDb(), orderId, context.origin)
		return wantsJson
			? json({ link }, { headers: noStore })
			: redirect(link, { status: 303, headers: noStore })
	} catch (error) {
		if (!(error instanceof CheckoutError)) throw error
		return json({ error: error.reason }, { status: error.status, headers: noStore })
	}
}

export default function Page() {
	const offer = useLoaderData<typeof loader>()
	const failed = useActionData<typeof action>()
	const what = `${offer.quantity} × ${offer.itemName}`
	if (offer.state === 'bought')
		return (
			<LeadLayout>
				<PageHeading title="You bought it" lead={`${what}: paid. Your receipt is in your inbox.`} />
			</LeadLayout>
		)
	if (offer.state === 'ended')
		return (
			<LeadLayout>
				<PageHeading
					title="This offer has ended"
					lead={`${what} were held for you until ${offer.endsAt}; they have passed to the next person waiting. You can join the waiting list again from the product's page.`}
				/>
			</LeadLayout>
		)
	return (
		<LeadLayout>
			<PageHeading
				title="Your turn"
				lead={`${what} are held for you until ${offer.endsAt}: nobody else can buy them before then.`}
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
