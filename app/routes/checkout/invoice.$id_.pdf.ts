/**
 * /invoice/{id}/pdf?sig=…: an invoice or credit note as a PDF (docs/decisions/115), behind the
 * same signed link as its page; a 404 without a valid signature. Rendered once per version of the
 * document and kept (docs/decisions/133); server.ts limits how many one network may ask for.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '~/db/client.server'
import { invoiceFileName } from '~/domain/invoices/format'
import { invoicePdf } from '~/models/invoices/pdf-cache.server'
import { findSignedInvoice } from '~/models/invoices/query.server'
import { requireFound } from '~/utils/responses'

export async function loader({ params, request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const invoice = requireFound(
		await findSignedInvoice(await getDb(), params.id ?? '', url.searchParams.get('sig')),
		url.pathname,
	)
	const pdf = await invoicePdf(invoice)
	return new Response(new Uint8Array(pdf), {
		headers: {
			'Content-Type': 'application/pdf',
			'Content-Disposition': `attachment; filename="${invoiceFileName(invoice.data)}"`,
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}
