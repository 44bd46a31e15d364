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
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import { formatMoment } from '~/domain/dates'
import type { Locale } from '~/domain/locale'
import { formatPrice, toMajorUnits } from '~/domain/pricing'
import { IS, IT, pluralWord, WAS } from '~/domain/words'
import { messageIn } from '~/forms/messages'
import { CheckoutError, refusalHeaders, refusalReason } from '~/models/checkout/index.server'
import { checkoutOfferByLink, getOfferByLink } from '~/models/waitlist/claim.server'
import { handedOverCheckoutAnswer } from '~/routes/checkout/checkout.shared.server'
import type { RouteHandle } from '~/utils/color-mode'
import { localeOfPath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

// It leads to payment: the footer links the terms (docs/decisions/152).
export const handle: RouteHandle = { sells: true }

type OfferWords = { what: string; quantity: number; endsAt: string }

/** The page's words per language (decision 178); German says it without the counted verbs. */
const COPY = {
	'en-US': {
		title: 'Your waiting-list offer',
		bought: ({ quantity }: OfferWords) => `You bought ${pluralWord(quantity, IT)}`,
		boughtLead: ({ what }: OfferWords) => `${what}: paid. Your receipt is in your inbox.`,
		ended: 'This offer has ended',
		endedLead: ({ what, quantity, endsAt }: OfferWords) =>
			`${what} ${pluralWord(quantity, WAS)} held for you until ${endsAt}; the offer has passed to the next person waiting. You can join the waiting list again from the product's page.`,
		open: 'Your turn',
		openLead: ({ what, quantity, endsAt }: OfferWords) =>
			`${what} ${pluralWord(quantity, IS)} held for you until ${endsAt}: nobody else can buy ${pluralWord(quantity, IT)} before then.`,
		total: 'Total',
		pay: 'Continue to payment',
		failed: (reason: string) => `Checkout failed: ${reason}`,
	},
	'de-DE': {
		title: 'Ihr Angebot von der Warteliste',
		bought: () => 'Gekauft',
		boughtLead: ({ what }: OfferWords) => `${what}: bezahlt. Ihre Quittung ist in Ihrem Postfach.`,
		ended: 'Dieses Angebot ist abgelaufen',
		endedLead: ({ what, endsAt }: OfferWords) =>
			`Für Sie reserviert bis ${endsAt}: ${what}. Das Angebot ist an die nächste Person auf der Warteliste gegangen. Von der Seite des Angebots aus können Sie sich wieder auf die Warteliste setzen.`,
		open: 'Sie sind an der Reihe',
		openLead: ({ what, endsAt }: OfferWords) =>
			`Für Sie reserviert bis ${endsAt}: ${what}. Bis dahin kann niemand sonst kaufen.`,
		total: 'Gesamt',
		pay: 'Weiter zur Bezahlung',
		failed: (reason: string) => `Bezahlung fehlgeschlagen: ${messageIn(reason, 'de-DE')}`,
	},
} satisfies Record<Locale, unknown>

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

// A personal page: never in a shared cache, never kept by the browser for someone else.
const noStore = { 'Cache-Control': 'private, no-store' }
// A refused payment's Retry-After reaches the page too, not only a JSON client.
export const headers: HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { ...noStore, 'Retry-After': retryAfter } : noStore
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const locale = localeOfPath(new URL(request.url).pathname)
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
				locale,
			),
			endsAt: formatMoment(offer.endsAt, undefined, locale),
		},
		{ headers: noStore },
	)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
	const wantsJson = (request.headers.get('accept') ?? '').includes('application/json')
	try {
		const paying = await checkoutOfferByLink(await getDb(), params.token, context.origin)
		if (!paying) throw new Response('Not found', { status: 404, headers: noStore })
		// This browser pays the offer, as one that started a checkout: its queue page makes the
		// order its own, so its thank-you page shows the seats and the invoice (decisions 068, 152,
		// 182), and goes on to the payment page.
		const locale = localeOfPath(new URL(request.url).pathname)
		return handedOverCheckoutAnswer(
			{ id: paying.orderId, queued: false, locale, origin: context.origin },
			{ json: wantsJson, headers: Object.entries(noStore) },
		)
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
	const copy = COPY[useLocale()]
	const words = {
		what: `${offer.quantity} × ${offer.itemName}`,
		quantity: offer.quantity,
		endsAt: offer.endsAt,
	}
	if (offer.state === 'bought')
		return (
			<LeadLayout>
				<PageHeading title={copy.bought(words)} lead={copy.boughtLead(words)} />
			</LeadLayout>
		)
	if (offer.state === 'ended')
		return (
			<LeadLayout>
				<PageHeading title={copy.ended} lead={copy.endedLead(words)} />
			</LeadLayout>
		)
	return (
		<LeadLayout>
			<PageHeading title={copy.open} lead={copy.openLead(words)} />
			<Form method="post" className="space-y-3">
				<p>
					{copy.total}: {offer.total}
				</p>
				<SubmitButton>{copy.pay}</SubmitButton>
				<p role="alert" className="text-sm text-red-700 dark:text-red-400">
					{failed && 'error' in failed ? copy.failed(failed.error) : ''}
				</p>
			</Form>
		</LeadLayout>
	)
}
