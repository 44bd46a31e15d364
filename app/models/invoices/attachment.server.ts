/**
 * An invoice's PDF as an e-mail attachment (the receipt's, docs/decisions/115), from the same
 * per-version cache as the buyer's and the owner's downloads (decision 133): one way to get a
 * document's PDF, rendered once while it is kept.
 */

import type { EmailAttachment } from '~/domain/email-attachment'
import { invoiceFileName } from '~/domain/invoices/format'
import type { InvoiceData } from '~/domain/invoices/types'
import { invoicePdf } from './pdf-cache.server'

export async function invoiceAttachment(document: {
	id: string
	data: InvoiceData
}): Promise<EmailAttachment> {
	return {
		filename: invoiceFileName(document.data),
		contentType: 'application/pdf',
		content: (await invoicePdf(document)).toString('base64'),
		encoding: 'base64',
	}
}
