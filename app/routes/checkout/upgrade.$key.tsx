/**
 * /upgrade/:key (docs/decisions/165): the page an upgrade credit's e-mail links to. The key is
 * signed for one day pass and the address that held it when the link was mailed; the page shows
 * the course in the visitor's region, the credit and what is left to pay, and "Continue to
 * payment" posts here: a checkout of one seat with the credit, in its turn of the provider's
 * pace (303 to the payment page or the queue's waiting page; JSON: `{ link }`, with
 * `status: "queued"` for the waiting page). A credit used, refunded, handed on or past its window says so (410); a key we
 * did not sign is a 404.
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
import { formatMinorPrice } from '~/domain/pricing'
import { upgradeCreditLabel } from '~/domain/upgrade-credit'
import { geoQuery } from '~/http/api.server'
import { getAttribution } from '~/http/attribution.server'
import {
	CheckoutError,
	checkoutInTurn,
	isUpgradeLink,
	previewUpgrade,
	refusalHeaders,
	refusalReason,
} from '~/models/checkout/index.server'
import { getCourseOffer } from '~/models/course/offer.server'
import type { RouteHandle } from '~/utils/color-mode'
import { localeOfPath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { handedOverCheckoutAnswer } from './checkout.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

// It leads to payment: the footer links the terms (docs/decisions/152).
export const handle: RouteHandle = { sells: true }

/** Its words, German under /de (docs/decisions/176). */
const COPY: Record<
	Locale,
	{
		title: string
		endedTitle: string
		endedLead: string
		lead: (course: string, until: string) => string
		credit: (pass: string) => string
		total: string
		pay: string
		failed: (reason: string) => string
	}
> = {
	'en-US': {
		title: 'Your upgrade credit',
		endedTitle: 'This upgrade credit cannot be used',
		endedLead:
			'It was used already, its pass was refunded or handed on to someone else, or its time ended. The course page has the price for everyone.',
		lead: (course, until) =>
			`What you paid for your pass comes off one ${course}, bought until ${until}.`,
		credit: upgradeCreditLabel,
		total: 'Total',
		pay: 'Continue to payment',
		failed: (reason) => `Checkout failed: ${reason}`,
	},
	'de-DE': {
		title: 'Ihr Upgrade-Guthaben',
		endedTitle: 'Dieses Upgrade-Guthaben kann nicht verwendet werden',
		endedLead:
			'Es wurde schon verwendet, sein Pass wurde erstattet oder weitergegeben, oder seine Frist ist abgelaufen. Die Kursseite zeigt den Preis für alle.',
		lead: (course, until) =>
			`Was Sie für Ihren Pass bezahlt haben, wird auf einen ${course} angerechnet, gekauft bis ${until}.`,
		credit: (pass) => `Upgrade-Guthaben: Ihr ${pass}`,
		total: 'Summe',
		pay: 'Weiter zur Zahlung',
		failed: (reason) => `Bestellung fehlgeschlagen: ${reason}`,
	},
}

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

// A personal page: never in a shared cache, never kept by the browser for someone else.
const noStore = { 'Cache-Control': 'private, no-store' }
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { ...noStore, 'Retry-After': retryAfter } : loaderHeaders
}

/** The course seat on sale in the visitor's region: what the credit goes towards. */
async function courseOnSale(request: Request, context: ActionFunctionArgs['context']) {
	const db = await getDb()
	const offer = await getCourseOffer(db, { geo: geoQuery(request, context) })
	if (!offer?.item) throw new Response('Not found', { status: 404, headers: noStore })
	return { db, item: offer.item }
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
	const { db, item } = await courseOnSale(request, context)
	const preview = await previewUpgrade(db, params.key ?? '', item)
	if (!preview || preview.creditMinor === 0) {
		if (!isUpgradeLink(params.key))
			throw new Response('Not found', { status: 404, headers: noStore })
		return data({ state: 'ended' as const }, { status: 410, headers: noStore })
	}
	const locale = localeOfPath(new URL(request.url).pathname)
	const money = (minor: number) => formatMinorPrice(minor, preview.currency, locale)
	return data(
		{
			state: 'open' as const,
			courseName: preview.courseName,
			creditLabel: COPY[locale].credit(preview.passName),
			price: money(preview.priceMinor),
			credit: money(preview.creditMinor),
			total: money(preview.priceMinor - preview.creditMinor),
			until: formatMoment(preview.until, 'UTC', locale),
		},
		{ headers: noStore },
	)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
	const wantsJson = (request.headers.get('accept') ?? '').includes('application/json')
	const { db, item } = await courseOnSale(request, context)
	// The order takes the page's language: its payment page, receipt and invoice (decision 176).
	const locale = localeOfPath(new URL(request.url).pathname)
	try {
		// In its turn of the provider's pace, as every checkout (docs/decisions/161).
		const { id, link } = await checkoutInTurn(db, {
			code: item.code,
			type: 'course',
			quantity: 1,
			region: item.region,
			upgradeKey: params.key ?? '',
			attribution: { ...getAttribution(request, context.origin) },
			origin: context.origin,
			clientIp: context.clientIp,
			locale,
		})
		// This browser started the checkout: its queue page makes the order its own (decisions
		// 068, 182) and goes on to the payment page, or waits for it first.
		return handedOverCheckoutAnswer(
			{ id, queued: link === null, locale, origin: context.origin },
			{ json: wantsJson, headers: Object.entries(noStore) },
		)
	} catch (error) {
		if (!(error instanceof CheckoutError)) throw error
		return data(
			{ error: refusalReason(error) },
			{ status: error.status, headers: refusalHeaders(noStore, error.retryAfterSeconds) },
		)
	}
}

export default function Page() {
	const upgrade = useLoaderData<typeof loader>()
	const failed = useActionData<typeof action>()
	const copy = COPY[useLocale()]
	if (upgrade.state === 'ended')
		return (
			<LeadLayout>
				<PageHeading title={copy.endedTitle} lead={copy.endedLead} />
			</LeadLayout>
		)
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead(upgrade.courseName, upgrade.until)} />
			<Form method="post" className="max-w-md space-y-3">
				<dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2">
					<dt>{`1 × ${upgrade.courseName}`}</dt>
					<dd className="text-right">{upgrade.price}</dd>
					<dt>{upgrade.creditLabel}</dt>
					<dd className="text-right">−{upgrade.credit}</dd>
					<dt className="font-semibold">{copy.total}</dt>
					<dd className="text-right font-semibold" data-testid="upgrade-total">
						{upgrade.total}
					</dd>
				</dl>
				<SubmitButton>{copy.pay}</SubmitButton>
				<p role="alert" className="text-sm text-red-700 dark:text-red-400">
					{failed && 'error' in failed ? copy.failed(failed.error) : ''}
				</p>
			</Form>
		</LeadLayout>
	)
}
