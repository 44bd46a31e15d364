/**
 * /admin/invoices: the invoices and credit notes issued in a period (docs/decisions/115), in
 * number order, each downloadable as a PDF; the period as a CSV or a zip of PDFs for the
 * accountant. A plain GET form: works without JavaScript, and the URL is the view.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Time } from '~/components/admin/time'
import {
	AdminHeading,
	adminMeta,
	FilterForm,
	FilterInput,
	listTableClasses,
} from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { invoiceMoney } from '~/domain/invoices/format'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { invoicePeriod } from '~/models/invoices/period.server'
import { invoicesIssuedBetween } from '~/models/invoices/query.server'
import { filterQuery } from '~/models/lists/filters.server'
import { t } from '~/utils/i18n'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Invoices')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const period = invoicePeriod(new URL(request.url).searchParams)
	if (!period.ok)
		return data(
			{
				range: period.value as Record<string, string | undefined>,
				errors: period.errors,
				invoices: [] as InvoiceRow[],
				query: '',
			},
			{ status: 400, headers: ADMIN_HEADERS },
		)
	const rows = await invoicesIssuedBetween(await getDb(), period.start, period.end)
	return data(
		{
			range: period.range as Record<string, string | undefined>,
			errors: {} as Record<string, string>,
			invoices: rows.map(
				(invoice): InvoiceRow => ({
					id: invoice.id,
					number: invoice.data.number,
					kind: invoice.kind,
					issuedAt: invoice.issuedAt.toISOString(),
					orderId: invoice.orderId,
					buyer: invoice.data.buyer.company ?? invoice.data.buyer.name,
					total: invoiceMoney(invoice.totalMinor, invoice.currency),
				}),
			),
			query: filterQuery(period.range),
		},
		{ headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction

type InvoiceRow = {
	id: string
	number: string
	kind: string
	issuedAt: string
	orderId: string
	buyer: string
	total: string
}

export default function AdminInvoices() {
	const { range, errors, invoices, query } = useLoaderData<typeof loader>()
	const field = (name: string) => ({ name, value: range[name], error: errors[name] })
	return (
		<>
			<AdminHeading title="Invoices">
				{query ? (
					<span className="flex gap-4">
						<a href={`/admin/invoices/export.csv?${query}`} className="text-sm underline" download>
							This period as CSV
						</a>
						<a href={`/admin/invoices/export.zip?${query}`} className="text-sm underline" download>
							This period as a zip of PDFs
						</a>
					</span>
				) : null}
			</AdminHeading>
			<FilterForm label="Choose the period">
				<FilterInput {...field('from')} label="From" type="date" />
				<FilterInput {...field('to')} label="To" type="date" />
			</FilterForm>
			{invoices.length === 0 ? (
				<p className="mt-6">{t('noMatchingData')}</p>
			) : (
				// Cards on a phone (decision 111): seven columns squeezed into 375 px split words.
				<table className={`mt-6 ${listTableClasses}`}>
					<thead>
						<tr>
							<th scope="col">Number</th>
							<th scope="col">Kind</th>
							<th scope="col">Issued</th>
							<th scope="col">Order</th>
							<th scope="col">Buyer</th>
							<th scope="col">Total</th>
							<th scope="col">PDF</th>
						</tr>
					</thead>
					<tbody>
						{invoices.map((invoice) => (
							<tr key={invoice.id}>
								<td data-label="Number" className="whitespace-nowrap">
									{invoice.number}
								</td>
								<td data-label="Kind">
									{invoice.kind === 'credit_note' ? 'credit note' : 'invoice'}
								</td>
								<td data-label="Issued">
									<Time value={invoice.issuedAt} />
								</td>
								<td data-label="Order">
									<Link to={`/admin/orders/${invoice.orderId}`} className="font-mono underline">
										{invoice.orderId}
									</Link>
								</td>
								<td data-label="Buyer">{invoice.buyer}</td>
								<td data-label="Total" className="whitespace-nowrap">
									{invoice.total}
								</td>
								<td data-label="PDF">
									<a href={`/admin/invoices/${invoice.id}.pdf`} className="underline" download>
										{`Download ${invoice.number}`}
									</a>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</>
	)
}
