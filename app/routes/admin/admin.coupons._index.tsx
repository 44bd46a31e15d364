/**
 * /admin/coupons: every coupon with its rules, its uses and what it brought (docs/decisions/112):
 * paid orders (a refunded one no longer counts), checkouts holding a use now, the revenue and the
 * discount given per currency.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Time } from '~/components/admin/time'
import { AdminHeading, adminMeta, listTableClasses, money } from '~/components/admin/ui'
import { buttonClasses } from '~/components/button-classes'
import { getDb } from '~/db/client.server'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { listCoupons } from '~/models/coupons/manage.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Coupons')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const coupons = await listCoupons(await getDb())
	return data(
		{
			coupons: coupons.map((coupon) => ({
				code: coupon.code,
				discount:
					coupon.kind === 'percent'
						? `${coupon.amount} %`
						: money(coupon.amount, coupon.currency?.trim() ?? 'USD'),
				// The options of docs/decisions/158, in the words the checkout uses.
				terms: [
					coupon.maxDiscountedUnits === null
						? null
						: `on at most ${coupon.maxDiscountedUnits} per order`,
					coupon.combinesWithRegional ? null : 'not with regional prices',
				].filter((term) => term !== null),
				items: coupon.itemCodes,
				window: [coupon.startsAt, coupon.expiresAt].map((time) => time?.toISOString() ?? null),
				maxUses: coupon.maxUses,
				onePerBuyer: coupon.onePerBuyer,
				partnerKey: coupon.partnerKey,
				active: coupon.active,
				paid: coupon.paid,
				held: coupon.held,
				refunded: coupon.refunded,
				revenue: coupon.revenue,
			})),
		},
		{ headers: ADMIN_HEADERS },
	)
}

export default function AdminCoupons() {
	const { coupons } = useLoaderData<typeof loader>()
	return (
		<>
			<AdminHeading title="Coupons">
				<Link to="/admin/coupons/new" className={buttonClasses('primary')}>
					New coupon
				</Link>
			</AdminHeading>
			{coupons.length === 0 ? (
				<p>No coupons yet.</p>
			) : (
				// Cards on a phone (decision 111), not a table scrolled inside a box that hides columns.
				<table className={listTableClasses}>
					<thead>
						<tr>
							<th scope="col">Code</th>
							<th scope="col">Status</th>
							<th scope="col">Discount</th>
							<th scope="col">Products</th>
							<th scope="col">From – until</th>
							<th scope="col">Uses</th>
							<th scope="col">Per buyer</th>
							<th scope="col">Partner</th>
							<th scope="col">Revenue</th>
							<th scope="col">Discount given</th>
						</tr>
					</thead>
					<tbody>
						{coupons.map((coupon) => (
							<tr key={coupon.code}>
								<td data-label="Code">
									<Link
										to={`/admin/coupons/${encodeURIComponent(coupon.code)}`}
										className="font-mono underline"
									>
										{coupon.code}
									</Link>
								</td>
								<td data-label="Status">{coupon.active ? 'enabled' : 'disabled'}</td>
								<td data-label="Discount">
									<span className="whitespace-nowrap">{coupon.discount}</span>
									{coupon.terms.map((term) => (
										<span key={term} className="block text-xs">
											{term}
										</span>
									))}
								</td>
								<td data-label="Products">
									{coupon.items.length ? coupon.items.join(', ') : 'all'}
								</td>
								<td data-label="From – until">
									{coupon.window[0] || coupon.window[1] ? (
										<>
											<Time value={coupon.window[0] ?? null} /> –{' '}
											<Time value={coupon.window[1] ?? null} />
										</>
									) : (
										'any time'
									)}
								</td>
								<td data-label="Uses">
									{coupon.paid} paid
									{coupon.held ? `, ${coupon.held} held` : ''}
									{coupon.refunded ? `, ${coupon.refunded} refunded` : ''}
									{coupon.maxUses === null ? '' : ` of ${coupon.maxUses}`}
								</td>
								<td data-label="Per buyer">{coupon.onePerBuyer ? 'once' : 'any'}</td>
								<td data-label="Partner">{coupon.partnerKey ?? '—'}</td>
								<td data-label="Revenue">
									{coupon.revenue.length
										? coupon.revenue.map((row) => money(row.revenueMinor, row.currency)).join(' · ')
										: '—'}
								</td>
								<td data-label="Discount given">
									{coupon.revenue.length
										? coupon.revenue
												.map((row) => money(row.discountMinor, row.currency))
												.join(' · ')
										: '—'}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</>
	)
}
