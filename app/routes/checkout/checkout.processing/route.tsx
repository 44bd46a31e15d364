/**
 * /checkout/processing (SPEC §2, §4): says to wait while the payment is processed. With
 * JavaScript it polls GET /checkout/{id}; without, a meta refresh and a link do the same. Paid:
 * on to the thank-you page. Anything else: `Payment verification failed: {reason}` and a way to
 * try again. A no-JavaScript checkout form that failed lands here with its reason too. The
 * provider's cancel link (`&cancelled=1`) cancels only from the browser that started the
 * checkout (its `checkouts` cookie, docs/decisions/068): for anyone else it is a status page.
 * Under /de in German, and every page it sends to is German too (docs/decisions/176).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { buttonClasses } from '~/components/button-classes'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { PaymentOnItsWay } from '~/components/payment-on-its-way'
import { useLocale } from '~/components/use-locale'
import { getConfig } from '~/config.server'
import { isDatabaseUnavailable } from '~/db/availability.server'
import { getDb } from '~/db/client.server'
import { formatMoment } from '~/domain/dates'
import { paymentOnItsWaySteps } from '~/domain/delayed-payment'
import type { Locale } from '~/domain/locale'
import { formatMinorPrice } from '~/domain/pricing'
import { unitsOf } from '~/domain/words'
import { DEFAULT_CHECKOUT_REASON } from '~/forms/messages'
import { startedHere } from '~/http/cookies.server'
import { redirectWithinSite } from '~/http/redirect'
import { unavailableHeaders } from '~/http/unavailable.server'
import { PaymentProviderError } from '~/integrations/payments/types'
import {
	type AutomaticRefund,
	automaticRefundOf,
	type CheckoutView,
	cancelCheckout,
	failureMessage,
	getCheckout,
	isTemporaryFailure,
} from '~/models/checkout/index.server'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { COPY } from './words'

export { shouldRevalidate } from '~/utils/revalidate'

const POLL_MS = 2_000
const REFRESH_SECONDS = 3

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].processing, noindex: true })

/** An order's page in `locale`: the page asking's language (docs/decisions/176). */
const orderPath = (id: string, page: 'thank-you' | 'transfer' | 'queue', locale: Locale) =>
	localePath(`/checkout/${encodeURIComponent(id)}/${page}`, locale)
const processingPath = (id: string, locale: Locale) =>
	localePath(`/checkout/processing?id=${encodeURIComponent(id)}`, locale)

type State =
	| { state: 'checkout-failed'; reason: string }
	| { state: 'pending'; id: string }
	| { state: 'on-its-way'; id: string; steps: { when: string; what: string }[] }
	| { state: 'failed'; reason: string; cancelled: boolean; idle?: boolean }
	| { state: 'auto-refund'; refund: AutomaticRefund }

export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const locale = localeOfPath(url.pathname)
	const copy = COPY[locale]
	const headers = { 'Cache-Control': 'no-store' }
	const checkoutError = url.searchParams.get('error')
	if (checkoutError)
		return data<State>(
			{
				state: 'checkout-failed',
				// A code, never wording: anyone can write a URL (docs/decisions/105).
				reason:
					failureMessage(checkoutError, copy.quantity(getConfig().MAX_QUANTITY), locale) ??
					(locale === 'en-US' ? DEFAULT_CHECKOUT_REASON : copy.defaultReason),
			},
			isTemporaryFailure(checkoutError)
				? { status: 503, headers: unavailableHeaders() }
				: { status: 400, headers },
		)
	const id = url.searchParams.get('id') ?? ''
	const cancelled = url.searchParams.has('cancelled') && (await startedHere(request, id))
	// Nothing to verify: the page still says what it is for, with the default reason.
	if (!id)
		return data<State>(
			{ state: 'failed', reason: copy.defaultReason, cancelled: false, idle: true },
			{ headers },
		)
	let view: CheckoutView | null
	try {
		const db = await getDb()
		if (cancelled) await cancelCheckout(db, id)
		view = await getCheckout(db, id)
	} catch (error) {
		// Saturated or down: the 503 with Retry-After every route gives (docs/decisions/104).
		if (isDatabaseUnavailable(error)) throw error
		const reason = error instanceof PaymentProviderError ? copy.providerSilent : copy.defaultReason
		return data<State>({ state: 'failed', reason, cancelled: false }, { status: 502, headers })
	}
	if (!view)
		return data<State>(
			{ state: 'failed', reason: copy.defaultReason, cancelled: false },
			{ status: 404, headers },
		)
	if (view.status === 'paid') throw redirectWithinSite(orderPath(id, 'thank-you', locale), '/')
	// A delayed payment under way (decision 164): days, not seconds; nothing to poll for.
	if (view.status === 'pending' && view.data.awaitingPaymentUntil)
		return data<State>(
			{
				state: 'on-its-way',
				id: view.data.id,
				steps: paymentOnItsWaySteps({
					units: unitsOf(view.data.type, locale),
					quantity: view.data.quantity,
					heldUntil: formatMoment(new Date(view.data.awaitingPaymentUntil), 'UTC', locale),
					locale,
				}),
			},
			{ headers },
		)
	// Waiting for a bank transfer: its page says what to pay and by when (decision 163).
	if (view.status === 'pending' && view.data.provider === 'transfer' && !cancelled)
		throw redirectWithinSite(orderPath(id, 'transfer', locale), '/')
	// Still waiting for its payment page (decision 161): the waiting page.
	if (view.status === 'queued' && !cancelled)
		throw redirectWithinSite(orderPath(id, 'queue', locale), '/')
	if (view.status === 'pending' && !cancelled)
		return data<State>({ state: 'pending', id: view.data.id }, { headers })
	// Paid, then given back because the coupon could not be used (decision 112): its buyer reads
	// why, as their e-mail says (decision 152); anyone else only that it did not go through (068).
	if (
		(view.status === 'expired' || view.status === 'refunded') &&
		(await startedHere(request, id))
	) {
		const refund = await automaticRefundOf(await getDb(), id)
		if (refund) return data<State>({ state: 'auto-refund', refund }, { headers })
	}
	// Back from the provider's cancel link (Stripe), or the sandbox's cancel button.
	if (cancelled && (view.status === 'pending' || view.status === 'expired'))
		return data<State>({ state: 'failed', reason: copy.youCancelled, cancelled: true }, { headers })
	return data<State>(
		{ state: 'failed', reason: copy.reasons[view.status] ?? copy.defaultReason, cancelled },
		{ headers },
	)
}

/**
 * Asks GET /checkout/{id} until the order is no longer pending, then goes where it belongs, as a
 * document load. A client navigation from here was seen to stall on a starved CPU: the thank-you
 * page's data and code arrived, yet the processing view stayed (suspected: the navigation's
 * transition held by a layout island still waiting to hydrate, components/deferred.tsx). A paid
 * buyer must never be left here; a document load cannot be held that way.
 */
function usePaymentPolling(id: string | null) {
	const [problem, setProblem] = useState<string | null>(null)
	const locale = useLocale()
	useEffect(() => {
		if (!id) return
		let stopped = false
		let timer: ReturnType<typeof setTimeout>
		const poll = async () => {
			try {
				const response = await fetch(`/checkout/${encodeURIComponent(id)}`, {
					headers: { Accept: 'application/json' },
				})
				const body = (await response.json()) as Partial<CheckoutView> & { error?: string }
				if (stopped) return
				if (response.ok && body.status === 'paid') {
					window.location.replace(orderPath(id, 'thank-you', locale))
					return
				}
				if (response.ok && body.status && body.status !== 'pending') {
					// The loader words the reason; let it.
					window.location.replace(processingPath(id, locale))
					return
				}
				setProblem(response.ok ? null : (body.error ?? null))
			} catch {
				// A dropped connection: keep trying.
			}
			if (!stopped) timer = setTimeout(poll, POLL_MS)
		}
		timer = setTimeout(poll, POLL_MS)
		return () => {
			stopped = true
			clearTimeout(timer)
		}
	}, [id, locale])
	return problem
}

export default function Processing() {
	const data = useLoaderData<typeof loader>()
	const problem = usePaymentPolling(data.state === 'pending' ? data.id : null)
	const locale = useLocale()
	const copy = COPY[locale]
	const home = localePath('/', locale)
	if (data.state === 'checkout-failed')
		return (
			<LeadLayout>
				<PageHeading title={copy.checkoutFailedTitle} />
				<p role="alert" className="text-lg">
					{copy.checkoutFailed(data.reason)}
				</p>
				<p className="mt-6">
					<Link to={home} className={buttonClasses()}>
						{t('backToHome', locale)}
					</Link>
				</p>
			</LeadLayout>
		)
	if (data.state === 'auto-refund') return <AutomaticRefundNotice refund={data.refund} />
	if (data.state === 'on-its-way') return <PaymentOnItsWay id={data.id} steps={data.steps} />
	if (data.state === 'failed')
		return (
			<LeadLayout>
				<PageHeading
					title={
						data.idle
							? copy.processing
							: data.cancelled
								? copy.cancelledTitle
								: copy.notCompletedTitle
					}
				/>
				<p role="alert" className="text-lg">
					{copy.verificationFailed(data.reason)}
				</p>
				<p className="mt-6 flex flex-wrap gap-4">
					<Link to={home} className={buttonClasses()}>
						{copy.tryAgain}
					</Link>
				</p>
			</LeadLayout>
		)
	const again = processingPath(data.id, locale)
	return (
		<LeadLayout>
			<noscript>
				<meta httpEquiv="refresh" content={`${REFRESH_SECONDS};url=${again}`} />
			</noscript>
			<PageHeading title={copy.processing} lead={copy.processingLead} />
			<p role="status" aria-live="polite">
				{problem
					? copy.verificationFailed(problem.replace(/^Payment verification failed: /, ''))
					: copy.waiting}
			</p>
			<p className="mt-6">
				<a href={again} className="underline">
					{copy.checkAgain}
				</a>
			</p>
		</LeadLayout>
	)
}

function AutomaticRefundNotice({ refund }: { refund: AutomaticRefund }) {
	const locale = useLocale()
	const copy = COPY[locale]
	const amount = formatMinorPrice(refund.amountMinor, refund.currency, locale)
	return (
		<LeadLayout>
			<PageHeading title={copy.refundTitle} />
			<p role="alert" className="text-lg">
				{copy.refundReasons[refund.because]}
				{copy.refunding(amount)}
			</p>
			<p className="mt-3">
				{copy.refundArrives}
				{refund.because === 'upgrade-credit-spent' ? '' : copy.buyWithoutCoupon}
			</p>
			<p className="mt-6 flex flex-wrap gap-4">
				<Link to={localePath('/', locale)} className={buttonClasses()}>
					{copy.buyAgain}
				</Link>
			</p>
		</LeadLayout>
	)
}
