/**
 * /checkout/{id}/queue: the waiting page of a buyer in the payment provider's queue
 * (docs/decisions/161). Their seats are held; it shows their place and about how long, then
 * goes on to the payment page once it is made. With JavaScript it asks GET /checkout/{id} every
 * POLL_MS; without, it refreshes itself. "Leave the queue" ends the checkout and frees the seats.
 * Only the browser that started the checkout is sent to its payment page or may leave
 * (docs/decisions/068); anyone else, and an order no longer queued, goes to the processing page,
 * which says what became of it. Under /de in German, and every page it sends to is German too
 * (docs/decisions/176).
 */
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { buttonClasses } from '~/components/button-classes'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import type { Locale } from '~/domain/locale'
import { countOf, type PluralForms, SECOND, SECOND_DE } from '~/domain/words'
import { rememberCheckout, startedHere } from '~/http/cookies.server'
import { redirectWithinSite } from '~/http/redirect'
import { PaymentProviderError } from '~/integrations/payments/types'
import {
	type CheckoutView,
	cancelCheckout,
	getCheckout,
	isCheckoutHandover,
} from '~/models/checkout/index.server'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

const POLL_MS = 1_500
const REFRESH_SECONDS = 2

const COPY: Record<
	Locale,
	{
		title: string
		leftTitle: string
		left: string
		queueTitle: string
		queueLead: string
		/** Where the buyer stands, with the wait already counted ("3 seconds"). */
		place: (place: number, wait: string) => string
		second: PluralForms
		checkAgain: string
		leave: string
	}
> = {
	'en-US': {
		title: 'Waiting for your payment page',
		leftTitle: 'You left the queue',
		left: 'Your seats went back on sale. You are welcome to buy again.',
		queueTitle: 'You are in the queue',
		queueLead:
			'Your seats are held while you wait. The payment page opens here by itself when it is your turn.',
		place: (place, wait) =>
			`${place === 1 ? 'You are next.' : `You are number ${place} in the queue.`} About ${wait} to go.`,
		second: SECOND,
		checkAgain: 'Check again now',
		leave: 'Leave the queue',
	},
	'de-DE': {
		title: 'Warten auf Ihre Zahlungsseite',
		leftTitle: 'Sie haben die Warteschlange verlassen',
		left: 'Ihre Plätze sind wieder im Verkauf. Sie können gern erneut kaufen.',
		queueTitle: 'Sie sind in der Warteschlange',
		queueLead:
			'Ihre Plätze bleiben reserviert, während Sie warten. Die Zahlungsseite öffnet sich hier von selbst, sobald Sie an der Reihe sind.',
		place: (place, wait) =>
			`${place === 1 ? 'Sie sind als Nächstes dran.' : `Sie sind Nummer ${place} in der Warteschlange.`} Noch etwa ${wait}.`,
		second: SECOND_DE,
		checkAgain: 'Jetzt erneut prüfen',
		leave: 'Warteschlange verlassen',
	},
}

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

/** The processing page, and this page again, in the language of the page asking. */
const processingPath = (id: string, locale: Locale) =>
	localePath(`/checkout/processing?id=${encodeURIComponent(id)}`, locale)
const queuePath = (id: string, locale: Locale) =>
	localePath(`/checkout/${encodeURIComponent(id)}/queue`, locale)

export async function loader({ params, request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const locale = localeOfPath(url.pathname)
	const id = params.id ?? ''
	// A checkout started outside /checkout comes here with a handover key (decision 182): the
	// order joins this browser's list, then the key leaves the address bar, before the order is
	// looked up (and a pending one verified with the provider) once, on the page itself. A key
	// that does not verify for this order counts for nothing.
	const key = url.searchParams.get('key')
	if (key !== null)
		throw redirectWithinSite(queuePath(id, locale), '/', {
			status: 303,
			headers: [
				['Cache-Control', 'no-store'],
				...(isCheckoutHandover(key, id) ? await rememberCheckout(request, id, context) : []),
			],
		})
	let view: CheckoutView
	try {
		view = requireFound(await getCheckout(await getDb(), id), url.pathname)
	} catch (error) {
		// Asking the provider about an opened page failed: the processing page says so.
		if (error instanceof PaymentProviderError)
			throw redirectWithinSite(processingPath(id, locale), '/')
		throw error
	}
	const headers = { 'Cache-Control': 'no-store' }
	const mine = await startedHere(request, id)
	if (view.status === 'queued' && view.queue)
		return data({ state: 'queued' as const, id, mine, ...view.queue }, { headers })
	if (view.status === 'pending' && view.link && mine) throw redirect(view.link, { headers })
	if (url.searchParams.has('left') && view.status === 'expired' && mine)
		return data({ state: 'left' as const, id, mine, place: 0, waitSeconds: 0 }, { headers })
	throw redirectWithinSite(processingPath(id, locale), '/', { headers })
}

/** "Leave the queue": the checkout ends, its seats go back on sale at once. */
export async function action({ params, request }: ActionFunctionArgs) {
	const id = params.id ?? ''
	if (await startedHere(request, id)) await cancelCheckout(await getDb(), id)
	const locale = localeOfPath(new URL(request.url).pathname)
	throw redirectWithinSite(`${queuePath(id, locale)}?left=1`, '/', 303)
}

/**
 * Asks GET /checkout/{id} while the order is queued, keeping the place shown up to date; once
 * its payment page is made, goes there (a document load, as the processing page does).
 */
function useQueuePolling(id: string, initial: { place: number; waitSeconds: number }) {
	const [queue, setQueue] = useState(initial)
	const locale = useLocale()
	useEffect(() => {
		let stopped = false
		let timer: ReturnType<typeof setTimeout>
		const poll = async () => {
			try {
				const response = await fetch(`/checkout/${encodeURIComponent(id)}`, {
					headers: { Accept: 'application/json' },
				})
				const body = (await response.json()) as Partial<CheckoutView>
				if (stopped) return
				if (response.ok && body.status === 'queued' && body.queue) setQueue(body.queue)
				else if (response.ok && body.status === 'pending' && body.link) {
					window.location.replace(body.link)
					return
				} else if (response.ok) {
					window.location.replace(processingPath(id, locale))
					return
				}
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
	return queue
}

export default function Queue() {
	const data = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	if (data.state === 'left')
		return (
			<LeadLayout>
				<PageHeading title={copy.leftTitle} />
				<p role="status" className="text-lg">
					{copy.left}
				</p>
				<p className="mt-6">
					<Link to={localePath('/', locale)} className={buttonClasses()}>
						{t('backToHome', locale)}
					</Link>
				</p>
			</LeadLayout>
		)
	return <Waiting id={data.id} mine={data.mine} initial={data} />
}

function Waiting(props: {
	id: string
	mine: boolean
	initial: { place: number; waitSeconds: number }
}) {
	const { place, waitSeconds } = useQueuePolling(props.id, props.initial)
	const locale = useLocale()
	const copy = COPY[locale]
	const again = queuePath(props.id, locale)
	return (
		<LeadLayout>
			<noscript>
				<meta httpEquiv="refresh" content={`${REFRESH_SECONDS};url=${again}`} />
			</noscript>
			<PageHeading title={copy.queueTitle} lead={copy.queueLead} />
			<p role="status" aria-live="polite" className="text-lg">
				{copy.place(place, countOf(waitSeconds, copy.second, locale))}
			</p>
			<p className="mt-6 flex flex-wrap items-center gap-4">
				<a href={again} className="underline">
					{copy.checkAgain}
				</a>
				{props.mine ? (
					<Form method="post">
						<button type="submit" className={buttonClasses('secondary')}>
							{copy.leave}
						</button>
					</Form>
				) : null}
			</p>
		</LeadLayout>
	)
}
