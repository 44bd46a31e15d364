/**
 * /checkout/{id}/pay-by-card?key=… (docs/decisions/164): the link in the e-mail of a delayed
 * payment the bank refused, or that never came. It shows what the order was for and one button
 * that starts a new checkout for the same item, quantity, region and coupon: a plain form posted
 * to POST /checkout, the one way every checkout starts (its prices, hold rules and refusals), with
 * or without JavaScript. Nothing is reserved by opening the link (mail scanners open links). A key
 * that is not this order's is a 404; an order still on its way or paid goes to its status page.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { buttonClasses } from '~/components/button-classes'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import type { Locale } from '~/domain/locale'
import { pluralWord, unitsOf } from '~/domain/words'
import { redirectWithinSite } from '~/http/redirect'
import { payByCardOffer } from '~/models/checkout/index.server'
import { localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { requireFound } from '~/utils/responses'

/** Its words, German under /de (docs/decisions/176); `units` is the unit's word for the quantity. */
const COPY: Record<
	Locale,
	{
		title: string
		lead: (id: string, units: string) => string
		again: (quantity: number, item: string, units: string) => string
	}
> = {
	'en-US': {
		title: 'Pay by card',
		lead: (id, units) =>
			`Your bank payment for order ${id} did not reach us, and its ${units} went back on sale.`,
		again: (quantity, item, units) =>
			`Start a new checkout for the same ${quantity} × ${item}: you pay on the payment page with a card (or any method it offers), at today's price, if any ${units} are left.`,
	},
	'de-DE': {
		title: 'Mit Karte zahlen',
		lead: (id) =>
			`Ihre Bankzahlung für die Bestellung ${id} hat uns nicht erreicht, und die Reservierung ist wieder im Verkauf.`,
		again: (quantity, item, units) =>
			`Starten Sie eine neue Bestellung über dieselben ${quantity} × ${item}: Sie zahlen auf der Zahlungsseite mit Karte (oder einer anderen angebotenen Methode) zum heutigen Preis, sofern noch ${units} frei sind.`,
	},
}

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

export async function loader({ params, request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const offer = requireFound(
		await payByCardOffer(await getDb(), params.id ?? '', url.searchParams.get('key')),
		url.pathname,
	)
	if (offer.status === 'pending' || offer.status === 'paid')
		throw redirectWithinSite(
			localePath(
				`/checkout/processing?id=${encodeURIComponent(offer.id)}`,
				localeOfPath(url.pathname),
			),
			'/',
		)
	return data(offer, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function PayByCard() {
	const offer = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	const units = pluralWord(offer.quantity, unitsOf(offer.itemType, locale), locale)
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead(offer.id, units)} />
			<p className="mb-6">{copy.again(offer.quantity, offer.itemName, units)}</p>
			<form method="post" action="/checkout">
				<input type="hidden" name="code" value={offer.code} />
				<input type="hidden" name="quantity" value={offer.quantity} />
				<input type="hidden" name="region" value={offer.region} />
				<input type="hidden" name="locale" value={offer.locale} />
				{offer.coupon ? <input type="hidden" name="coupon" value={offer.coupon} /> : null}
				<button type="submit" className={buttonClasses()}>
					{copy.title}
				</button>
			</form>
		</LeadLayout>
	)
}
