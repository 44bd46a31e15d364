/** An invoice's PDF as an e-mail attachment (the receipt's, docs/decisions/115). */
import type { EmailAttachment } from '~/integrations/email/attachment'
import { invoiceFileName } from './format'
import { renderInvoicePdf } from './pdf.server'
import type { InvoiceData } from './types'

export async function invoiceAttachment(data: InvoiceData): Promise<EmailAttachment> {
	return {
		filename: invoiceFileName(data),
		contentType: 'application/pdf',
		content: (await renderInvoicePdf(data)).toString('base64'),
		encoding: 'base64',
	}
}
