/**
 * /admin/money.csv?from&to: the money page's figures for the accountant (docs/decisions/124),
 * a line per currency, product and region. Written in the audit log like every export.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { csvText } from '~/domain/csv'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { moneyCsvRows, moneyFeeNote, readMoney } from '~/models/checkout/money.server'
import { rollupTimeZone } from '~/models/figures/launch-day.server'
import { readDayRange } from '~/models/lists/day-range.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	const db = await getDb()
	const timeZone = await rollupTimeZone(db)
	const { range, errors, invalid } = readDayRange(
		new URL(request.url).searchParams,
		new Date(),
		timeZone,
	)
	if (invalid) {
		const problems = Object.entries(errors).map(([field, message]) => `${field}: ${message}`)
		return new Response(`Bad Request: ${problems.join('; ')}\n`, {
			status: 400,
			headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
		})
	}
	const { header, rows } = moneyCsvRows(await readMoney(db, range), range, moneyFeeNote())
	await recordOwnerAction(db, {
		actor: owner.name,
		action: 'export',
		target: 'export:money.csv',
		after: { ...range, timeZone },
	})
	return new Response(csvText(header, rows), {
		headers: {
			...ADMIN_HEADERS,
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="money-${range.from}-to-${range.to}.csv"`,
		},
	})
}

export const action = ownerOnlyAction
