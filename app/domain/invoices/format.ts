/** How an invoice prints amounts, rates and its title (the page, the PDF and the CSV alike). */
import { formatMinorPrice } from '~/domain/pricing'
import type { InvoiceData } from './types'

export const invoiceMoney = (minor: number, currency: string) =>
	minor < 0 ? `−${formatMinorPrice(-minor, currency)}` : formatMinorPrice(minor, currency)

/** 2100 basis points: "21 %"; 2550: "25.5 %". */
export const ratePercent = (basisPoints: number) => `${basisPoints / 100} %`

export const invoiceTitle = (data: Pick<InvoiceData, 'kind' | 'number'>) =>
	`${data.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${data.number}`

/** The date an invoice was issued, as printed (YYYY-MM-DD, UTC). */
export const issueDate = (data: Pick<InvoiceData, 'issuedAt'>) => data.issuedAt.slice(0, 10)

/** The file name of its PDF. */
export const invoiceFileName = (data: Pick<InvoiceData, 'kind' | 'number'>) =>
	`${data.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${data.number}.pdf`
