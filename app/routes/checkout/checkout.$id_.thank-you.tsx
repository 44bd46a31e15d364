/**
 * /checkout/{id}/thank-you: what was bought, once the order is paid. Pass orders list their
 * passes, each with the link its holder uses to claim it, and who claimed it; so do course orders
 * of several seats, one link per seat, the buyer's own among them (docs/decisions/118). A pending order goes back to the
 * processing page; an unknown or unpaid one is a 404. What was bought, the passes and the
 * e-mail address are shown only to the browser that started the checkout; anyone else reads
 * that the order is paid (docs/decisions/068). The receipt e-mail carries the pass links too.
 */
import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { buttonClasses } from '~/components/button-classes'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { NextSteps, readOn } from '~/components/next-steps'
import { getDb } from '~/db/client.server'
import { courseIsOpen } from '~/domain/course-status'
import { formatMinorPrice, formatPrice } from '~/domain/pricing'
import { rememberCheckout, startedHere } from '~/http/cookies.server'
import { redirectWithinSite } from '~/http/redirect'
import { findValidPass, getCheckout, isOrderLink } from '~/models/checkout/index.server'
import { getCourse } from '~/models/course/course.server'
import { eventKindOf, upcomingEvents } from '~/models/events/calendar.server'
import { invoiceOfOrder, invoicePath } from '~/models/invoices/query.server'
import { t } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { notFound, requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta: MetaFunction = (args) =>
	pageMeta(args, { title: 'Thank you for your order', noindex: true })

export async function loader({ params, request, context }: LoaderFunctionArgs) {
	const pathname = new URL(request.url).pathname
	const db = await getDb()
	const order = requireFound(await getCheckout(db, params.id ?? ''), pathname)
	if (order.status === 'pending') throw redirect(`/checkout/processing?id=${order.data.id}`)
	if (order.status !== 'paid') throw notFound(pathname)
	const headers = { 'Cache-Control': 'private, no-store' }
	// The receipt's signed link (docs/decisions/118) makes this browser the buyer's, then leaves
	// the address bar; a key that does not verify for this order counts for nothing.
	const key = new URL(request.url).searchParams.get('key')
	if (isOrderLink(key, order.data.id))
		throw redirectWithinSite(`/checkout/${encodeURIComponent(order.data.id)}/thank-you`, '/', {
			status: 303,
			headers: {
				...headers,
				'Set-Cookie': await rememberCheckout(request, order.data.id, context),
			},
		})
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
			events: courseOpen ? [] : upcomingEvents(eventKindOf(order.data.type), context.origin),
			// Its invoice, issued with the payment (docs/decisions/115).
			invoiceUrl: await invoiceUrlOf(db, order.data.id),
		},
		{ headers },
	)
}

async function invoiceUrlOf(db: Awaited<ReturnType<typeof getDb>>, orderId: string) {
	const invoice = await invoiceOfOrder(db, orderId)
	return invoice ? invoicePath(invoice.id) : null
}

const backHome = (
	<p>
		<Link to="/" className={buttonClasses('secondary')}>
			{t('backToHome')}
		</Link>
	</p>
)

export default function ThankYou() {
	const { order, passes, events, invoiceUrl, courseOpen } = useLoaderData<typeof loader>()
	// A course order's links are seats to share (docs/decisions/118); a day order's, passes.
	const seats = order?.type === 'course'
	const unit = seats ? 'seat' : 'pass'
	if (!order)
		return (
			<LeadLayout>
				<PageHeading
					title="Thank you for your order"
					lead="This order is paid. Its receipt, with a link to each pass or shared seat, went to the buyer's e-mail address."
				/>
				<NextSteps
					steps={[
						{
							when: 'If you received a pass or seat link',
							what: 'Open it and claim it with your own name and e-mail address.',
						},
					]}
					links={readOn}
				/>
				{backHome}
			</LeadLayout>
		)
	return (
		<LeadLayout>
			<PageHeading
				title="Thank you for your order"
				lead={
					order.email
						? `Your payment went through. A receipt is on its way to ${order.email}.`
						: 'Your payment went through.'
				}
			/>
			<section aria-labelledby="bought" className="mb-8">
				<h2 id="bought" className="mb-3 text-xl font-semibold">
					What you bought
				</h2>
				<ul className="list-disc pl-6">
					<li>{`${order.quantity} × ${order.name}`}</li>
				</ul>
				<p className="mt-3">
					Total paid: <strong>{formatPrice(order.amount, order.currency)}</strong> · Order{' '}
					<code>{order.id}</code>
				</p>
				{order.refundedMinor > 0 ? (
					<p className="mt-3">
						Refunded: <strong>{formatMinorPrice(order.refundedMinor, order.currency)}</strong> · Net
						paid:{' '}
						<strong>
							{formatMinorPrice(order.amountMinor - order.refundedMinor, order.currency)}
						</strong>
					</p>
				) : null}
				{invoiceUrl ? (
					<p className="mt-3">
						<a href={invoiceUrl} className="underline">
							Your invoice
						</a>{' '}
						(also attached to the receipt as a PDF)
					</p>
				) : null}
			</section>
			{passes.length > 0 ? (
				<section aria-labelledby="passes" className="mb-8">
					<h2 id="passes" className="mb-3 text-xl font-semibold">
						{seats ? 'Your seats' : 'Your passes'}
					</h2>
					<p className="mb-3">
						{seats
							? 'Each seat is claimed once, with the name and e-mail of the person who takes the course. One of them is yours: claim it, and send the others’ links to your team. Each name appears here once its seat is claimed.'
							: "Each pass is claimed once, with the name and e-mail of the person who attends. Keep one, and send the others' links to your team."}
					</p>
					<ol className="list-decimal pl-6">
						{passes.map((pass, index) => (
							<li key={pass.id}>
								<Link to={`/pass/${pass.id}`} className="underline">
									{seats ? 'Seat' : 'Pass'} {index + 1}
								</Link>
								{pass.claimedBy ? ` — claimed by ${pass.claimedBy}` : ' — not claimed yet'}
							</li>
						))}
					</ol>
				</section>
			) : null}
			<NextSteps
				steps={[
					{
						when: 'Now',
						what: order.email
							? `The receipt${passes.length > 0 ? `, with a link to each ${unit},` : ''} is on its way to ${order.email}, with the date as a calendar file.`
							: 'The receipt is on its way to the address you paid with.',
					},
					...(passes.length > 1
						? [
								{
									when: 'Today',
									what: `Claim your own ${unit} and send the other links to your team: each person claims theirs once.`,
								},
							]
						: passes.length === 1
							? [
									{
										when: 'Today',
										what: `Claim your ${unit} with the name and e-mail of the person who attends.`,
									},
								]
							: []),
					order.type === 'pass'
						? {
								when: 'Before the day',
								what: 'The day before and an hour before the start, we e-mail every pass holder a reminder with the joining link. Until a pass is claimed, its reminders come to you.',
							}
						: courseOpen
							? {
									when: 'Within minutes',
									what:
										passes.length > 1
											? 'The course is open: we e-mail your access now, and each seat holder theirs once they claim their seat. Until a seat is claimed, its access is yours.'
											: 'The course is open: we e-mail you your access now.',
								}
							: {
									when: 'When the course opens',
									what:
										passes.length > 1
											? 'We e-mail each seat holder their access. Until a seat is claimed, its access comes to you.'
											: 'We e-mail you your access.',
								},
				]}
				events={events}
				links={readOn}
			/>
			{backHome}
		</LeadLayout>
	)
}
