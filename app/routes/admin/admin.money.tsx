/**
 * /admin/money: money as an accountant reads it (issue 27 item 4, docs/decisions/124), for a
 * range of the owner's days: per currency, gross (paid, by the day paid), refunded (by the day
 * refunded), net, and the payment provider's fee where it reports one; the same per product and
 * per region; the range as a CSV (/admin/money.csv). A plain GET form: works without JavaScript,
 * and the URL is the view.
 */

import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import {
	AdminHeading,
	adminMeta,
	FilterForm,
	FilterInput,
	listTableClasses,
	money,
} from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { countOf } from '~/domain/words'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { type MoneyLine, moneyFeeNote, readMoney } from '~/models/checkout/money.server'
import { rollupTimeZone } from '~/models/figures/launch-day.server'
import { readDayRange } from '~/models/lists/day-range.server'
import { filterQuery } from '~/models/lists/filters.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Money')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const db = await getDb()
	const timeZone = await rollupTimeZone(db)
	const { range, input, errors, invalid } = readDayRange(
		new URL(request.url).searchParams,
		new Date(),
		timeZone,
	)
	const figures = await readMoney(db, range)
	return data(
		{
			range,
			input,
			errors,
			timeZone,
			figures,
			feeNote: moneyFeeNote(),
			query: filterQuery(range),
		},
		{ status: invalid ? 400 : 200, headers: ADMIN_HEADERS },
	)
}

export const action = ownerOnlyAction

function MoneyTable({
	caption,
	nameHeader,
	lines,
	feeNote,
}: {
	caption: string
	nameHeader: string
	lines: MoneyLine[]
	feeNote: string | null
}) {
	return (
		<section className="mt-8" aria-labelledby={`money-${nameHeader}`}>
			<h2 id={`money-${nameHeader}`} className="text-lg font-semibold">
				{caption}
			</h2>
			{lines.length === 0 ? (
				<p className="mt-2">Nothing paid or refunded in this range.</p>
			) : (
				<table className={`mt-2 ${listTableClasses}`}>
					<thead>
						<tr>
							<th scope="col">{nameHeader}</th>
							<th scope="col">Currency</th>
							<th scope="col">Gross</th>
							<th scope="col">Refunded</th>
							<th scope="col">Net</th>
							<th scope="col">Provider fee</th>
						</tr>
					</thead>
					<tbody>
						{lines.map((line) => (
							<tr key={`${line.key}:${line.currency}`}>
								<td data-label={nameHeader}>{line.label}</td>
								<td data-label="Currency">{line.currency}</td>
								<td data-label="Gross">
									{money(line.grossMinor, line.currency)} ({line.paidOrders} paid)
								</td>
								<td data-label="Refunded">
									{money(line.refundedMinor, line.currency)} (
									{countOf(line.refundedOrders, { one: 'refund', other: 'refunds' })})
								</td>
								<td data-label="Net">{money(line.netMinor, line.currency)}</td>
								<td data-label="Provider fee">
									{line.feeMinor != null
										? money(line.feeMinor, line.currency)
										: (feeNote ?? 'not reported yet')}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
		</section>
	)
}

export default function AdminMoney() {
	const { range, input, errors, timeZone, figures, feeNote, query } = useLoaderData<typeof loader>()
	return (
		<>
			<AdminHeading title="Money">
				<a href={`/admin/money.csv?${query}`} className="text-sm underline" download>
					This range as CSV
				</a>
			</AdminHeading>
			<p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
				From {range.from} to {range.to}, days in {timeZone}. Gross is what was paid, on the day it
				was paid; refunded is what was given back, on the day it was refunded; net is gross less
				refunded. Amounts in different currencies are never added up.
			</p>
			<FilterForm label="Choose the range">
				<FilterInput name="from" label="From" type="date" value={input.from} error={errors.from} />
				<FilterInput name="to" label="To" type="date" value={input.to} error={errors.to} />
			</FilterForm>
			<MoneyTable
				caption="Per currency"
				nameHeader="Total"
				lines={figures.totals}
				feeNote={feeNote}
			/>
			<MoneyTable
				caption="Per product"
				nameHeader="Product"
				lines={figures.byProduct}
				feeNote={feeNote}
			/>
			<MoneyTable
				caption="Per region"
				nameHeader="Region"
				lines={figures.byRegion}
				feeNote={feeNote}
			/>
		</>
	)
}
