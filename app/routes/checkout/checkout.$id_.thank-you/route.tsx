/**
 * /checkout/{id}/thank-you: what was bought, once the order is paid. Pass orders list their
 * passes, each with the link its holder uses to claim it, and who claimed it; so do course orders
 * of several seats, one link per seat, the buyer's own among them (docs/decisions/118). A pending order goes back to the
 * processing page; an unknown or unpaid one is a 404. What was bought, the passes and the
 * e-mail address are shown only to the browser that started the checkout; anyone else reads
 * that the order is paid (docs/decisions/068). The receipt e-mail carries the pass links too.
 * Under /de in German, with German links (docs/decisions/176).
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { buttonClasses } from '~/components/button-classes'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn, readOnGerman } from '~/components/next-steps'
import { useLocale } from '~/components/use-locale'
import { getDb } from '~/db/client.server'
import { courseIsOpen } from '~/domain/course-status'
import type { Locale } from '~/domain/locale'
import { formatMinorPrice, formatPrice } from '~/domain/pricing'
import { rememberCheckout, startedHere } from '~/http/cookies.server'
import { redirectWithinSite } from '~/http/redirect'
import { findValidPass, getCheckout, isOrderLink } from '~/models/checkout/index.server'
import { getCourse } from '~/models/course/course.server'
import { eventKindOf, upcomingEvents } from '~/models/events/calendar.server'
import { invoiceOfOrder, invoicePath } from '~/models/invoices/query.server'
import { localeOfPath, localePath, t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { notFound, requireFound } from '~/utils/responses'
import { COPY } from './words'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: COPY[localeOfPath(args.location.pathname)].title, noindex: true })

export async function loader({ params, request, context }: LoaderFunctionArgs) {
	const pathname = new URL(request.url).pathname
	const locale = localeOfPath(pathname)
	const db = await getDb()
	const order = requireFound(await getCheckout(db, params.id ?? ''), pathname)
	if (order.status === 'pending')
		throw redirectWithinSite(localePath(`/checkout/processing?id=${order.data.id}`, locale), '/')
	if (order.status !== 'paid') throw notFound(pathname)
	const headers = { 'Cache-Control': 'private, no-store' }
	// The receipt's signed link (docs/decisions/118) makes this browser the buyer's, then leaves
	// the address bar; a key that does not verify for this order counts for nothing.
	const key = new URL(request.url).searchParams.get('key')
	if (isOrderLink(key, order.data.id))
		throw redirectWithinSite(
			localePath(`/checkout/${encodeURIComponent(order.data.id)}/thank-you`, locale),
			'/',
			{
				status: 303,
				headers: [
					...Object.entries(headers),
					...(await rememberCheckout(request, order.data.id, context)),
				],
			},
		)
	if (!(await startedHere(request, order.data.id)))
		return data(
			{ order: null, passes: [], events: [], invoiceUrl: null, courseOpen: false },
			{ headers },
		)
	const passes = await Promise.all(order.data.passes.map((id) => findValidPass(db, id)))
	// Bought once the course is open: access now, not "when the course opens" (decision 156).
	const courseOpen = order.data.type === 'course' && courseIsOpen((await getCourse(db)).status)
	return data(
		{
			order: order.data,
			courseOpen,
			passes: passes.flatMap((pass) => (pass ? [{ id: pass.id, claimedBy: pass.holderName }] : [])),
			// The date of what was bought, for the calendar (docs/decisions/086, 089).
			events: courseOpen
				? []
				: upcomingEvents(eventKindOf(order.data.type), context.origin, locale),
			// Its invoice, issued with the payment (docs/decisions/115).
			invoiceUrl: await invoiceUrlOf(db, order.data.id, locale),
		},
		{ headers },
	)
}

async function invoiceUrlOf(
	db: Awaited<ReturnType<typeof getDb>>,
	orderId: string,
	locale: Locale,
) {
	const invoice = await invoiceOfOrder(db, orderId)
	return invoice ? localePath(invoicePath(invoice.id), locale) : null
}

/** Onward links in the page's language. */
const readOnIn = (locale: Locale) => (locale === 'de-DE' ? readOnGerman : readOn)

function BackHome() {
	const locale = useLocale()
	return (
		<p>
			<Link to={localePath('/', locale)} className={buttonClasses('secondary')}>
				{t('backToHome', locale)}
			</Link>
		</p>
	)
}

export default function ThankYou() {
	const { order, passes, events, invoiceUrl, courseOpen } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const copy = COPY[locale]
	// A course order's links are seats to share (docs/decisions/118); a day order's, passes.
	const seats = order?.type === 'course'
	if (!order)
		return (
			<LeadLayout>
				<PageHeading title={copy.title} lead={copy.publicLead} />
				<NextSteps steps={[copy.publicStep]} links={readOnIn(locale)} />
				<BackHome />
			</LeadLayout>
		)
	const money = (minor: number) => formatMinorPrice(minor, order.currency, locale)
	return (
		<LeadLayout>
			<PageHeading title={copy.title} lead={copy.lead(order.email)} />
			<section aria-labelledby="bought" className="mb-8">
				<h2 id="bought" className="mb-3 text-xl font-semibold">
					{copy.bought}
				</h2>
				<ul className="list-disc pl-6">
					<li>{`${order.quantity} × ${order.name}`}</li>
				</ul>
				<p className="mt-3">
					{copy.totalPaid} <strong>{formatPrice(order.amount, order.currency, locale)}</strong> ·{' '}
					{copy.order} <code>{order.id}</code>
				</p>
				{order.refundedMinor > 0 ? (
					<p className="mt-3">
						{copy.refunded} <strong>{money(order.refundedMinor)}</strong> · {copy.netPaid}{' '}
						<strong>{money(order.amountMinor - order.refundedMinor)}</strong>
					</p>
				) : null}
				{invoiceUrl ? (
					<p className="mt-3">
						<a href={invoiceUrl} className="underline">
							{copy.invoice}
						</a>{' '}
						{copy.invoiceAttached}
					</p>
				) : null}
			</section>
			{passes.length > 0 ? (
				<section aria-labelledby="passes" className="mb-8">
					<h2 id="passes" className="mb-3 text-xl font-semibold">
						{seats ? copy.yourSeats : copy.yourPasses}
					</h2>
					<p className="mb-3">{seats ? copy.seatsNote : copy.passesNote}</p>
					<ol className="list-decimal pl-6">
						{passes.map((pass, index) => (
							<li key={pass.id}>
								<Link to={localePath(`/pass/${pass.id}`, locale)} className="underline">
									{copy.link(seats, index + 1)}
								</Link>
								{pass.claimedBy ? copy.claimedBy(pass.claimedBy) : copy.notClaimed}
							</li>
						))}
					</ol>
				</section>
			) : null}
			<NextSteps
				steps={[
					{ when: copy.now, what: copy.receiptTo(order.email, passes.length, seats) },
					...(passes.length > 1
						? [{ when: copy.today, what: copy.claimOwn(seats) }]
						: passes.length === 1
							? [{ when: copy.today, what: copy.claimOne(seats) }]
							: []),
					order.type === 'pass'
						? copy.beforeTheDay
						: courseOpen
							? copy.courseOpen(passes.length > 1)
							: copy.courseOpens(passes.length > 1),
				]}
				events={events}
				links={readOnIn(locale)}
			/>
			<BackHome />
		</LeadLayout>
	)
}
