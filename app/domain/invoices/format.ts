/** How an invoice prints amounts, rates and its title (the page, the PDF and the CSV alike). */
import { formatDay } from '~/domain/dates'
import { formatMinorPrice } from '~/domain/pricing'
import type { InvoiceData } from './types'

export const invoiceMoney = (minor: number, currency: string) =>
	minor < 0 ? `−${formatMinorPrice(-minor, currency)}` : formatMinorPrice(minor, currency)

/** 2100 basis points: "21 %"; 2550: "25.5 %". */
export const ratePercent = (basisPoints: number) => `${basisPoints / 100} %`

export const invoiceTitle = (data: Pick<InvoiceData, 'kind' | 'number'>) =>
	`${data.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${data.number}`

/** The day an invoice was issued, as the CSV export keeps it (YYYY-MM-DD, UTC). */
export const issueDate = (data: Pick<InvoiceData, 'issuedAt'>) => data.issuedAt.slice(0, 10)

/** The day an invoice was issued, as its page and PDF print it: "Sunday, 29 November 2026". */
export const issuedOn = (data: Pick<InvoiceData, 'issuedAt'>) => formatDay(issueDate(data))

/** The discount line's words: "Discount", and how the coupon was applied when it says more. */
export const discountLabel = (data: Pick<InvoiceData, 'discountNote'>) =>
	data.discountNote ? `Discount (${data.discountNote})` : 'Discount'

/** The file name of its PDF. */
export const invoiceFileName = (data: Pick<InvoiceData, 'kind' | 'number'>) =>
	`${data.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${data.number}.pdf`
