/**
 * /admin/invoices/{id}.pdf, /admin/invoices/export.csv and export.zip (?from&to): the owner's
 * downloads of invoices and credit notes (docs/decisions/115). Each is written in the audit log:
 * buyers' details leaving the site.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { csvText } from '~/domain/csv'
import { invoiceFileName } from '~/domain/invoices/format'
import { ADMIN_HEADERS, ownerOnlyAction, requireOwner } from '~/http/owner.server'
import { recordOwnerAction } from '~/models/audit/audit.server'
import { INVOICE_CSV_HEADER, invoiceCsvRow, invoicesZip } from '~/models/invoices/export.server'
import { invoicePdf } from '~/models/invoices/pdf-cache.server'
import { invoicePeriod } from '~/models/invoices/period.server'
import { findInvoice, invoicesIssuedBetween } from '~/models/invoices/query.server'
import { pathNotFound } from '~/utils/responses'

const PDF_FILE = /^([A-Za-z0-9_-]{22})\.pdf$/

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const owner = await requireOwner(request, context)
	const url = new URL(request.url)
	const file = params.file ?? ''
	const db = await getDb()
	const audit = (target: string, after?: Record<string, unknown>) =>
		recordOwnerAction(db, { actor: owner.name, action: 'export', target, after })

	const single = PDF_FILE.exec(file)
	if (single) {
		const invoice = await findInvoice(db, single[1]!)
		if (!invoice) throw pathNotFound(url.pathname)
		await audit(`invoice:${invoice.data.number}`)
		return new Response(new Uint8Array(await invoicePdf(invoice)), {
			headers: {
				...ADMIN_HEADERS,
				'Content-Type': 'application/pdf',
				'Content-Disposition': `attachment; filename="${invoiceFileName(invoice.data)}"`,
			},
		})
	}
	if (file !== 'export.csv' && file !== 'export.zip') throw pathNotFound(url.pathname)
	const period = invoicePeriod(url.searchParams)
	if (!period.ok) {
		const problems = Object.entries(period.errors).map(([field, message]) => `${field}: ${message}`)
		return new Response(`Bad Request: ${problems.join('; ')}\n`, {
			status: 400,
			headers: { ...ADMIN_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
		})
	}
	const invoices = await invoicesIssuedBetween(db, period.start, period.end)
	const csv = csvText(INVOICE_CSV_HEADER, invoices.map(invoiceCsvRow))
	await audit(`export:invoices.${file.slice(-3)}`, { ...period.range, count: invoices.length })
	const name = `invoices-${period.range.from}-to-${period.range.to}`
	if (file === 'export.csv')
		return new Response(csv, {
			headers: {
				...ADMIN_HEADERS,
				'Content-Type': 'text/csv; charset=utf-8',
				'Content-Disposition': `attachment; filename="${name}.csv"`,
			},
		})
	return new Response(new Uint8Array(await invoicesZip(invoices, csv)), {
		headers: {
			...ADMIN_HEADERS,
			'Content-Type': 'application/zip',
			'Content-Disposition': `attachment; filename="${name}.zip"`,
		},
	})
}

export function action(args: ActionFunctionArgs) {
	return ownerOnlyAction(args)
}
