/**
 * /checkout/processing (SPEC §2, §4): says to wait while the payment is processed. With
 * JavaScript it polls GET /checkout/{id}; without, a meta refresh and a link do the same. Paid:
 * on to the thank-you page. Anything else: `Payment verification failed: {reason}` and a way to
 * try again. A no-JavaScript checkout form that failed lands here with its reason too. The
 * provider's cancel link (`&cancelled=1`) cancels only from the browser that started the
 * checkout (its `checkouts` cookie, docs/decisions/068): for anyone else it is a status page.
 */
import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { buttonClasses } from '~/components/button-classes'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { PaymentOnItsWay } from '~/components/payment-on-its-way'
import { getConfig } from '~/config.server'
import { isDatabaseUnavailable } from '~/db/availability.server'
import { getDb } from '~/db/client.server'
import { formatMoment } from '~/domain/dates'
import { paymentOnItsWaySteps } from '~/domain/delayed-payment'
import { formatMinorPrice } from '~/domain/pricing'
import { unitsOf } from '~/domain/words'
import {
	checkoutFailed,
	DEFAULT_CHECKOUT_REASON,
	DEFAULT_VERIFY_REASON,
	MESSAGES,
	paymentVerificationFailed,
} from '~/forms/messages'
import { startedHere } from '~/http/cookies.server'
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
import { t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'

export { shouldRevalidate } from '~/utils/revalidate'

const POLL_MS = 2_000
const REFRESH_SECONDS = 3

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Processing your payment', noindex: true })

function thankYouPath(view: CheckoutView): string {
	return `/checkout/${view.data.id}/thank-you`
}

const reasons: Record<string, string> = {
	failed: 'the payment did not go through',
	expired: 'the checkout expired before it was paid',
	refunded: 'this payment was refunded',
}

type State =
	| { state: 'checkout-failed'; reason: string }
	| { state: 'pending'; id: string }
	| { state: 'on-its-way'; id: string; steps: { when: string; what: string }[] }
	| { state: 'failed'; reason: string; cancelled: boolean; idle?: boolean }
	| { state: 'auto-refund'; refund: AutomaticRefund }

export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const headers = { 'Cache-Control': 'no-store' }
	const checkoutError = url.searchParams.get('error')
	if (checkoutError)
		return data<State>(
			{
				state: 'checkout-failed',
				// A code, never wording: anyone can write a URL (docs/decisions/105).
				reason:
					failureMessage(checkoutError, MESSAGES.quantity(getConfig().MAX_QUANTITY)) ??
					DEFAULT_CHECKOUT_REASON,
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
			{ state: 'failed', reason: DEFAULT_VERIFY_REASON, cancelled: false, idle: true },
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
		const reason =
			error instanceof PaymentProviderError
				? 'the payment provider did not answer, try again'
				: DEFAULT_VERIFY_REASON
		return data<State>({ state: 'failed', reason, cancelled: false }, { status: 502, headers })
	}
	if (!view)
		return data<State>(
			{ state: 'failed', reason: DEFAULT_VERIFY_REASON, cancelled: false },
			{ status: 404, headers },
		)
	if (view.status === 'paid') throw redirect(thankYouPath(view))
	// A delayed payment under way (decision 164): days, not seconds; nothing to poll for.
	if (view.status === 'pending' && view.data.awaitingPaymentUntil)
		return data<State>(
			{
				state: 'on-its-way',
				id: view.data.id,
				steps: paymentOnItsWaySteps({
					units: unitsOf(view.data.type),
					quantity: view.data.quantity,
					heldUntil: formatMoment(new Date(view.data.awaitingPaymentUntil)),
				}),
			},
			{ headers },
		)
	// Waiting for a bank transfer: its page says what to pay and by when (decision 163).
	if (view.status === 'pending' && view.data.provider === 'transfer' && !cancelled)
		throw redirect(`/checkout/${view.data.id}/transfer`)
	// Still waiting for its payment page (decision 161): the waiting page.
	if (view.status === 'queued' && !cancelled) throw redirect(`/checkout/${view.data.id}/queue`)
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
		return data<State>(
			{ state: 'failed', reason: 'you cancelled the payment', cancelled: true },
			{ headers },
		)
	return data<State>(
		{ state: 'failed', reason: reasons[view.status] ?? DEFAULT_VERIFY_REASON, cancelled },
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
					window.location.replace(`/checkout/${encodeURIComponent(id)}/thank-you`)
					return
				}
				if (response.ok && body.status && body.status !== 'pending') {
					// The loader words the reason; let it.
					window.location.replace(`/checkout/processing?id=${encodeURIComponent(id)}`)
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
	}, [id])
	return problem
}

export default function Processing() {
	const data = useLoaderData<typeof loader>()
	const problem = usePaymentPolling(data.state === 'pending' ? data.id : null)
	if (data.state === 'checkout-failed')
		return (
			<LeadLayout>
				<PageHeading title="Checkout failed" />
				<p role="alert" className="text-lg">
					{checkoutFailed(data.reason)}
				</p>
				<p className="mt-6">
					<Link to="/" className={buttonClasses()}>
						{t('backToHome')}
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
							? 'Processing your payment'
							: data.cancelled
								? 'Payment cancelled'
								: 'Payment not completed'
					}
				/>
				<p role="alert" className="text-lg">
					{paymentVerificationFailed(data.reason)}
				</p>
				<p className="mt-6 flex flex-wrap gap-4">
					<Link to="/" className={buttonClasses()}>
						Try again
					</Link>
				</p>
			</LeadLayout>
		)
	const again = `/checkout/processing?id=${encodeURIComponent(data.id)}`
	return (
		<LeadLayout>
			<noscript>
				<meta httpEquiv="refresh" content={`${REFRESH_SECONDS};url=${again}`} />
			</noscript>
			<PageHeading
				title="Processing your payment"
				lead="Please wait while we process your payment. This page updates by itself."
			/>
			<p role="status" aria-live="polite">
				{problem
					? paymentVerificationFailed(problem.replace(/^Payment verification failed: /, ''))
					: 'Waiting for the payment to be confirmed…'}
			</p>
			<p className="mt-6">
				<a href={again} className="underline">
					Check again now
				</a>
			</p>
		</LeadLayout>
	)
}

/** Why a paid order is given back, in the words of the buyer's e-mail (lateRefund). */
const COUPON_REASONS: Record<AutomaticRefund['because'], string> = {
	'coupon-once-per-buyer':
		'The coupon on this order can be used once per buyer, and the e-mail address you paid with has used it before.',
	'coupon-used-up':
		'Every use of the coupon on this order was taken by the time your payment reached us.',
	'upgrade-credit-spent':
		'The upgrade credit of your pass went to another order while your payment was on its way: a pass counts towards one seat.',
}

function AutomaticRefundNotice({ refund }: { refund: AutomaticRefund }) {
	const amount = formatMinorPrice(refund.amountMinor, refund.currency)
	return (
		<LeadLayout>
			<PageHeading title="Your payment is being refunded" />
			<p role="alert" className="text-lg">
				{COUPON_REASONS[refund.because]} So we are refunding the full {amount} to your card; an
				e-mail with the details is on its way.
			</p>
			<p className="mt-3">
				Refunds usually arrive within 5 to 10 business days.
				{refund.because === 'upgrade-credit-spent'
					? ''
					: ' You are welcome to buy again without the coupon.'}
			</p>
			<p className="mt-6 flex flex-wrap gap-4">
				<Link to="/" className={buttonClasses()}>
					Buy again
				</Link>
			</p>
		</LeadLayout>
	)
}
