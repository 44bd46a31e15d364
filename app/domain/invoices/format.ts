/** How an invoice prints amounts, rates and its title (the page, the PDF and the CSV alike). */
import { formatDay } from '~/domain/dates'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { formatMinorPrice } from '~/domain/pricing'
import type { InvoiceData } from './types'

export const invoiceMoney = (minor: number, currency: string, locale: Locale = DEFAULT_LOCALE) =>
	minor < 0
		? `−${formatMinorPrice(-minor, currency, locale)}`
		: formatMinorPrice(minor, currency, locale)

/** 2100 basis points: "21 %"; 2550: "25.5 %" (in German "25,5 %"). */
export const ratePercent = (basisPoints: number, locale: Locale = DEFAULT_LOCALE) =>
	`${(basisPoints / 100).toLocaleString(locale, { maximumFractionDigits: 2 })} %`

export const invoiceTitle = (data: Pick<InvoiceData, 'kind' | 'number'>) =>
	`${data.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${data.number}`

/** The day an invoice was issued, as the CSV export keeps it (YYYY-MM-DD, UTC). */
export const issueDate = (data: Pick<InvoiceData, 'issuedAt'>) => data.issuedAt.slice(0, 10)

/**
 * The day an invoice was issued, as its page and PDF print it: "Sunday, 29 November 2026", in
 * the document's language ("Sonntag, 29. November 2026").
 */
export const issuedOn = (data: Pick<InvoiceData, 'issuedAt' | 'locale'>) =>
	formatDay(issueDate(data), data.locale)

/** The discount line's words: "Discount", and how the coupon was applied when it says more. */
export const discountLabel = (data: Pick<InvoiceData, 'discountNote'>) =>
	data.discountNote ? `Discount (${data.discountNote})` : 'Discount'

/** The file name of its PDF. */
export const invoiceFileName = (data: Pick<InvoiceData, 'kind' | 'number'>) =>
	`${data.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${data.number}.pdf`
