/**
 * /admin/orders: every order, newest first, paged by key (docs/decisions/083), with filters
 * (status, product, region, dates, partner, coupon) and a search by e-mail prefix. The same
 * query string exports the same rows as CSV.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import {
	AdminHeading,
	adminMeta,
	ExportLink,
	FilterForm,
	FilterInput,
	FilterSelect,
	formatTime,
	money,
	Pager,
	tableClasses,
} from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { ORDER_STATUSES } from '~/db/schema.server'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { filterQuery, orderFiltersSchema, parseFilters } from '~/models/admin/filters.server'
import { listOrders, orderFilterOptions } from '~/models/admin/orders.server'
import { t } from '~/utils/i18n'

export const meta = adminMeta('Orders')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const params = new URL(request.url).searchParams
	const db = await getDb()
	const options = { ...(await orderFilterOptions(db)), statuses: ORDER_STATUSES }
	const filters = parseFilters(orderFiltersSchema, params)
	if (!filters.ok) {
		return json(
			{
				options,
				filters: filters.value,
				errors: filters.errors,
				orders: [],
				next: null,
				query: '',
				passQuery: '',
			},
			{ status: 400, headers: ADMIN_HEADERS },
		)
	}
	const page = await listOrders(db, filters.value, params.get('after'))
	return json(
		{
			options,
			filters: filters.value as Record<string, string | undefined>,
			errors: {} as Record<string, string>,
			orders: page.rows.map(({ cursorAt: _, ...order }) => ({
				...order,
				createdAt: order.createdAt.toISOString(),
			})),
			next: page.next,
			query: filterQuery(filters.value),
			// The passes of the same product and dates (passes have no status, region or buyer filter).
			passQuery: filterQuery({
				product: filters.value.product,
				from: filters.value.from,
				to: filters.value.to,
			}),
		},
		{ headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction

export default function AdminOrders() {
	const { options, filters, errors, orders, next, query, passQuery } =
		useLoaderData<typeof loader>()
	const field = (name: string) => ({ name, value: filters[name], error: errors[name] })
	return (
		<>
			<AdminHeading title="Orders">
				<p className="flex gap-4">
					<ExportLink file="orders.csv" query={query} label="Export these orders (CSV)" />
					<ExportLink file="passes.csv" query={passQuery} label="Export passes (CSV)" />
				</p>
			</AdminHeading>
			<FilterForm label="Filter orders">
				<FilterInput {...field('email')} label="E-mail starts with" type="search" />
				<FilterSelect
					{...field('status')}
					label="Status"
					options={options.statuses.map((status) => ({ value: status, label: status }))}
				/>
				<FilterSelect
					{...field('product')}
					label="Product"
					options={options.items.map((item) => ({ value: item.code, label: item.name }))}
				/>
				<FilterSelect
					{...field('region')}
					label="Region"
					options={options.regions.map((region) => ({ value: region, label: region }))}
				/>
				<FilterInput {...field('partner')} label="Partner" />
				<FilterInput {...field('coupon')} label="Coupon" />
				<FilterInput {...field('from')} label="From" type="date" />
				<FilterInput {...field('to')} label="To" type="date" />
			</FilterForm>
			{orders.length === 0 ? (
				<p className="mt-6">{t('noMatchingData')}</p>
			) : (
				<table className={`mt-6 ${tableClasses}`}>
					<thead>
						<tr>
							<th scope="col">Created</th>
							<th scope="col">Order</th>
							<th scope="col">Status</th>
							<th scope="col">Product</th>
							<th scope="col">Region</th>
							<th scope="col">Amount</th>
							<th scope="col">E-mail</th>
							<th scope="col">Partner / coupon</th>
						</tr>
					</thead>
					<tbody>
						{orders.map((order) => (
							<tr key={order.id}>
								<td>{formatTime(order.createdAt)}</td>
								<td>
									<Link to={`/admin/orders/${order.id}`} className="font-mono underline">
										{order.id}
									</Link>
								</td>
								<td>{order.status}</td>
								<td>
									{order.quantity} × {order.itemCode}
								</td>
								<td>{order.region}</td>
								<td>{money(order.amountMinor, order.currency)}</td>
								<td>{order.email ?? '—'}</td>
								<td>{[order.affiliate, order.couponCode].filter(Boolean).join(' / ') || '—'}</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
			<Pager query={query} next={next} />
		</>
	)
}
