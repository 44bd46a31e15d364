/**
 * /admin/orders: every order, newest first, paged by key (docs/decisions/083), with filters
 * (status, product, region, dates, partner, coupon) and a search by e-mail prefix. The same
 * query string exports the same rows as CSV.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { CopyableId } from '~/components/admin/copyable-id'
import { Time } from '~/components/admin/time'
import {
	AdminHeading,
	adminMeta,
	ExportLink,
	FilterForm,
	FilterInput,
	FilterSelect,
	listTableClasses,
	money,
	Pager,
	SortHeader,
} from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { parseSort, sortQuery } from '~/db/cursor.server'
import { ORDER_STATUSES } from '~/db/schema.server'
import { countOf, PASS, SEAT } from '~/domain/words'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import {
	DEFAULT_ORDER_SORT,
	listOrders,
	ORDER_SORTS,
	orderFilterOptions,
} from '~/models/checkout/orders.server'
import { filterQuery, orderFiltersSchema, parseFilters } from '~/models/lists/filters.server'
import { t } from '~/utils/i18n'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Orders')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const params = new URL(request.url).searchParams
	const db = await getDb()
	const options = { ...(await orderFilterOptions(db)), statuses: ORDER_STATUSES }
	const filters = parseFilters(orderFiltersSchema, params)
	const sort = parseSort(params, ORDER_SORTS, DEFAULT_ORDER_SORT)
	const keep = sortQuery(sort, DEFAULT_ORDER_SORT)
	if (!filters.ok) {
		return data(
			{
				options,
				filters: filters.value,
				errors: filters.errors,
				orders: [],
				next: null,
				query: '',
				passQuery: '',
				sort,
				keep,
				filterOnlyQuery: '',
			},
			{ status: 400, headers: ADMIN_HEADERS },
		)
	}
	const page = await listOrders(db, filters.value, params.get('after'), undefined, sort)
	// Product names, not codes: the catalogue is already read for the filter.
	const names = new Map(options.items.map((item) => [item.code, item.name]))
	const types = new Map(options.items.map((item) => [item.code, item.type]))
	return data(
		{
			options,
			filters: filters.value as Record<string, string | undefined>,
			errors: {} as Record<string, string>,
			orders: page.rows.map(({ cursorAt: _, ...order }) => ({
				...order,
				itemName: names.get(order.itemCode) ?? order.itemCode,
				itemType: types.get(order.itemCode) ?? null,
				createdAt: order.createdAt.toISOString(),
			})),
			next: page.next,
			// The pager's and the export's: the filters, and for the pager the sort too.
			query: filterQuery({ ...filters.value, ...keep }),
			filterOnlyQuery: filterQuery(filters.value),
			sort,
			keep,
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

/** "$249 · 1 seat", or — when nothing went back (decision 150). */
function refundedText(order: {
	refundedMinor: number
	refundedQuantity: number
	currency: string
	itemType: string | null
}) {
	if (order.refundedMinor === 0 && order.refundedQuantity === 0) return '—'
	const units = order.itemType === 'course' ? SEAT : PASS
	return [
		money(order.refundedMinor, order.currency),
		order.refundedQuantity > 0 ? countOf(order.refundedQuantity, units) : null,
	]
		.filter(Boolean)
		.join(' · ')
}

export default function AdminOrders() {
	const { options, filters, errors, orders, next, query, passQuery, sort, keep, filterOnlyQuery } =
		useLoaderData<typeof loader>()
	const sortable = (column: string, label: string) => (
		<SortHeader column={column} label={label} sort={sort} query={filterOnlyQuery} />
	)
	const field = (name: string) => ({ name, value: filters[name], error: errors[name] })
	return (
		<>
			<AdminHeading title="Orders">
				<p className="flex flex-wrap gap-x-4 gap-y-1">
					<ExportLink file="orders.csv" query={filterOnlyQuery} label="Export these orders (CSV)" />
					<ExportLink file="passes.csv" query={passQuery} label="Export passes and seats (CSV)" />
					<Link to="/admin/transfers" className="underline">
						Bank transfers and statement import
					</Link>
				</p>
			</AdminHeading>
			<FilterForm label="Filter orders" keep={keep}>
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
				<table className={`mt-6 ${listTableClasses}`}>
					<thead>
						<tr>
							{sortable('created', 'Created')}
							<th scope="col">Order</th>
							<th scope="col">Status</th>
							<th scope="col">Product</th>
							<th scope="col">Region</th>
							{sortable('amount', 'Amount')}
							<th scope="col">Refunded</th>
							<th scope="col">E-mail</th>
							<th scope="col">Partner / coupon</th>
						</tr>
					</thead>
					<tbody>
						{orders.map((order) => (
							<tr key={order.id}>
								<td data-label="Created">
									<Time value={order.createdAt} />
								</td>
								<td data-label="Order">
									<CopyableId id={order.id} to={`/admin/orders/${order.id}`} what="order id" />
								</td>
								<td data-label="Status">{order.status}</td>
								<td data-label="Product">
									{order.quantity} × {order.itemName}
								</td>
								<td data-label="Region">{order.region}</td>
								<td data-label="Amount">{money(order.amountMinor, order.currency)}</td>
								<td data-label="Refunded">{refundedText(order)}</td>
								<td data-label="E-mail" className="[overflow-wrap:anywhere]">
									{order.email ?? '—'}
								</td>
								<td data-label="Partner / coupon">
									{[order.affiliate, order.couponCode].filter(Boolean).join(' / ') || '—'}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
			<Pager query={query} next={next} />
		</>
	)
}
