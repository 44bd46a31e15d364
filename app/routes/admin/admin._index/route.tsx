/**
 * /admin: launch day at a glance (today in the owner's time zone and the last hour, updating by
 * itself, docs/decisions/121), then the overview of the sale for a date range of the owner's
 * days (default: the last 30), its charts drawn on the server as SVG (084), the head count per
 * workshop session (110), and the latest owner actions.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { AuditTable } from '~/components/admin/audit-table'
import {
	AdminHeading,
	adminMeta,
	FilterForm,
	FilterInput,
	listTableClasses,
	money,
	tableClasses,
} from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { listAuditLog } from '~/models/audit/audit.server'
import { followUpStates } from '~/models/events/follow-ups.server'
import { sessionHeadCounts } from '~/models/events/sessions.server'
import { getLaunchDay, rollupTimeZone } from '~/models/figures/launch-day.server'
import { getOverview } from '~/models/figures/overview.server'
import { readDayRange } from '~/models/lists/day-range.server'
import { waitlistLengths } from '~/models/waitlist/owner.server'
import { BarChart } from './bar-chart'
import { Figure, Section } from './figure'
import { LaunchDayPanel } from './launch-day'
import { FollowUpsWaiting, WaitlistLengths } from './owner-to-dos'
import { SessionHeadCounts } from './session-head-counts'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Overview')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const params = new URL(request.url).searchParams
	const db = await getDb()
	// Today and the last hour read the zone the roll-ups are dated in (set at boot from
	// OWNER_TIME_ZONE); the range's days are that zone's days.
	const timeZone = await rollupTimeZone(db)
	const now = new Date()
	const { range, input, errors, invalid } = readDayRange(params, now, timeZone)
	const [glance, overview, audit, sessions, waitlist, followUps] = await Promise.all([
		getLaunchDay(db, now, timeZone),
		getOverview(db, range),
		listAuditLog(db, null, 10),
		sessionHeadCounts(db),
		waitlistLengths(db),
		followUpStates(db, now),
	])
	return data(
		{
			glance,
			overview,
			errors,
			input,
			audit: audit.entries,
			sessions,
			waitlist,
			// The ended sessions whose promised recording waits for its link (decision 157).
			followUpsWaiting: followUps.filter((row) => row.state === 'waiting').map((row) => row.when),
		},
		{ status: invalid ? 400 : 200, headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction

export default function AdminOverview() {
	const { glance, overview, errors, input, audit, sessions, waitlist, followUpsWaiting } =
		useLoaderData<typeof loader>()
	const { range, funnel } = overview
	const rate = (part: number, whole: number) =>
		whole === 0 ? '—' : `${Math.round((part / whole) * 1000) / 10} %`
	return (
		<>
			<AdminHeading title="Overview" />
			<LaunchDayPanel initial={glance} />
			<h2 className="mt-10 text-lg font-semibold">The sale, day by day</h2>
			<FilterForm label="Date range">
				<FilterInput name="from" label="From" type="date" value={input.from} error={errors.from} />
				<FilterInput name="to" label="To" type="date" value={input.to} error={errors.to} />
			</FilterForm>
			<p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
				{range.from} to {range.to}, days in {glance.timeZone}; paid orders by the day they were
				paid.
			</p>

			<Section title="Revenue">
				{overview.revenueByDay.length === 0 ? <p>No sales in this range.</p> : null}
				{overview.revenueByDay.map((series) => (
					<BarChart
						key={series.currency}
						title={`Revenue per day (${series.currency})`}
						bars={series.days.map((day) => ({ label: day.day, value: day.amountMinor }))}
						format={(value) => money(value, series.currency)}
					/>
				))}
				<div className="mt-4 grid gap-6 md:grid-cols-2">
					<table className={tableClasses}>
						<caption className="mb-1 text-left text-sm font-medium">By product</caption>
						<thead>
							<tr>
								<th scope="col">Product</th>
								<th scope="col">Orders</th>
								<th scope="col">Seats</th>
								<th scope="col">Revenue</th>
							</tr>
						</thead>
						<tbody>
							{overview.revenueByProduct.map((row) => (
								<tr key={`${row.key}-${row.currency}`}>
									<td>{row.name}</td>
									<td>{row.orders}</td>
									<td>{row.quantity}</td>
									<td>{money(row.amountMinor, row.currency)}</td>
								</tr>
							))}
						</tbody>
					</table>
					<table className={tableClasses}>
						<caption className="mb-1 text-left text-sm font-medium">By region</caption>
						<thead>
							<tr>
								<th scope="col">Region</th>
								<th scope="col">Orders</th>
								<th scope="col">Revenue</th>
							</tr>
						</thead>
						<tbody>
							{overview.revenueByRegion.map((row) => (
								<tr key={`${row.key}-${row.currency}`}>
									<td>{row.key}</td>
									<td>{row.orders}</td>
									<td>{money(row.amountMinor, row.currency)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</Section>

			<Section title="Seats and passes">
				<dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
					{overview.seats.flatMap((pool) => [
						<Figure key={`${pool.label}-sold`} label={`${pool.label}: sold`} value={pool.sold} />,
						<Figure key={`${pool.label}-held`} label={`${pool.label}: held`} value={pool.held} />,
						<Figure
							key={`${pool.label}-left`}
							label={`${pool.label}: left of ${pool.capacity}`}
							value={pool.left}
						/>,
					])}
					<Figure label="Passes issued" value={overview.passes.issued} />
					<Figure label="Passes claimed" value={overview.passes.claimed} />
					<Figure label="Seat links issued" value={overview.passes.seatLinks} />
					<Figure label="Seat links claimed" value={overview.passes.seatsClaimed} />
				</dl>
				<WaitlistLengths lists={waitlist} />
			</Section>

			<Section title="Funnel">
				<p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
					What the database records: page views go to the analytics services, not here, so the first
					step is sign-ups.
				</p>
				<dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
					<Figure label="Sign-ups" value={funnel.signups} />
					<Figure label="Checkouts started" value={funnel.checkouts} />
					<Figure
						label={`Paid (${rate(funnel.paid, funnel.checkouts)} of checkouts)`}
						value={funnel.paid}
					/>
					<Figure label="Refunded since" value={funnel.refunded} />
				</dl>
			</Section>

			<Section title="Sign-ups per list">
				{overview.signupsByList.length === 0 ? <p>No sign-ups in this range.</p> : null}
				<div className="grid gap-6 md:grid-cols-2">
					{overview.signupsByList.map((list) => (
						<BarChart
							key={list.list}
							title={`${list.list}: ${list.total} sign-ups`}
							bars={list.days.map((day) => ({ label: day.day, value: day.count }))}
						/>
					))}
				</div>
			</Section>

			<Section title="Workshop sessions">
				<SessionHeadCounts rows={sessions} />
				<FollowUpsWaiting sessions={followUpsWaiting} />
			</Section>

			<div className="grid gap-6 md:grid-cols-2">
				<Section title="Partners and referrals">
					{overview.partners.length === 0 ? (
						<p>No partner sign-ups or sales in this range.</p>
					) : (
						<table className={listTableClasses}>
							<thead>
								<tr>
									<th scope="col">Partner</th>
									<th scope="col">Sign-ups</th>
									<th scope="col">Sales</th>
								</tr>
							</thead>
							<tbody>
								{overview.partners.map((partner) => (
									<tr key={partner.key}>
										<td data-label="Partner">
											<Link
												to={`/admin/orders?partner=${encodeURIComponent(partner.key)}`}
												className="underline"
											>
												{partner.key}
											</Link>
										</td>
										<td data-label="Sign-ups">{partner.signups}</td>
										<td data-label="Sales">
											{partner.sales
												.map((sale) => `${sale.orders} · ${money(sale.amountMinor, sale.currency)}`)
												.join(', ') || '0'}
										</td>
									</tr>
								))}
							</tbody>
						</table>
					)}
				</Section>
				<Section title="Coupons">
					{overview.coupons.length === 0 ? (
						<p>No coupon used in this range.</p>
					) : (
						// Cards on a phone (decision 153): a long code squeezed into a column split inside.
						<table className={listTableClasses}>
							<thead>
								<tr>
									<th scope="col">Coupon</th>
									<th scope="col">Checkouts</th>
									<th scope="col">Paid</th>
									<th scope="col">Discount given</th>
								</tr>
							</thead>
							<tbody>
								{overview.coupons.map((coupon) => (
									<tr key={`${coupon.key}-${coupon.currency}`}>
										<td data-label="Coupon">{coupon.key}</td>
										<td data-label="Checkouts">{coupon.started}</td>
										<td data-label="Paid">{coupon.paid}</td>
										<td data-label="Discount given">
											{money(coupon.discountMinor, coupon.currency)}
										</td>
									</tr>
								))}
							</tbody>
						</table>
					)}
				</Section>
			</div>

			<Section title="Latest owner actions">
				<AuditTable entries={audit} />
				<p className="mt-2 text-sm">
					<Link to="/admin/audit" className="underline">
						The whole audit log
					</Link>
				</p>
			</Section>
		</>
	)
}
