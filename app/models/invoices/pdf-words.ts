/**
 * The words of an invoice's PDF, one table per language (decision 174): a German buyer's
 * invoice carries the legal words of a German invoice (§ 14 UStG: Rechnungsnummer,
 * Rechnungsdatum, Leistungsdatum, Nettobetrag, Umsatzsteuer, Gesamtbetrag). Our credit note
 * takes back an invoice the seller issued, which German calls a Rechnungskorrektur (a
 * "Gutschrift" is a buyer's self-billed invoice). The English table prints what the PDF always
 * printed. A language is a table here: a key left out does not compile.
 */
import { formatDay } from '~/domain/dates'
import type { InvoiceDue } from '~/domain/invoices/types'
import { OUTSIDE_EU_NOTE, REVERSE_CHARGE_NOTE } from '~/domain/invoices/vat'
import type { Locale } from '~/domain/locale'
import { inGroupsOfFour } from '~/domain/transfers/reference'

export type InvoiceWords = {
	invoice: string
	creditNote: string
	testMode: string
	/** A line of its own with the number, where the language's invoices carry one; null: none. */
	numberLabel: string | null
	date: string
	/** The date of the supply, where the language's invoices name it: the day of issue. */
	serviceDate: string | null
	order: string
	cancels: (number: string) => string
	from: string
	to: string
	each: (price: string) => string
	discount: string
	taxIncluded: string
	taxAdded: string
	taxRow: (rate: string, net: string, tax: string) => string
	net: string
	tax: string
	totalPaid: string
	totalCredited: string
	vatNumber: string
	/** The fixed notes issue.server.ts stores in English, as this language says them. */
	notes: Record<string, string>
	/** The bank transfer's note: by when, to whom, with which reference. */
	due: (day: string, holder: string, iban: string, bic: string | null, reference: string) => string
}

const ENGLISH: InvoiceWords = {
	invoice: 'Invoice',
	creditNote: 'Credit note',
	testMode: 'Test mode: no real payment.',
	numberLabel: null,
	date: 'Date',
	serviceDate: null,
	order: 'Order',
	cancels: (number) => `Cancels invoice ${number}`,
	from: 'From',
	to: 'To',
	each: (price) => `${price} each`,
	discount: 'Discount',
	taxIncluded: 'VAT included, per rate',
	taxAdded: 'VAT per rate',
	taxRow: (rate, net, tax) => `VAT ${rate}: net ${net}, VAT ${tax}`,
	net: 'Net',
	tax: 'VAT',
	totalPaid: 'Total paid',
	totalCredited: 'Total credited',
	vatNumber: 'VAT number',
	notes: {},
	due: (day, holder, iban, bic, reference) =>
		`Payment due by ${day}, by bank transfer to ${holder}, IBAN ${iban}${bic ? `, BIC ${bic}` : ''}, with the payment reference ${reference}.`,
}

const GERMAN: InvoiceWords = {
	invoice: 'Rechnung',
	creditNote: 'Rechnungskorrektur',
	testMode: 'Testmodus: keine echte Zahlung.',
	numberLabel: 'Rechnungsnummer',
	date: 'Rechnungsdatum',
	// Issued when the order is paid (or, for a bank transfer, when it is ordered): the booking
	// is supplied that day.
	serviceDate: 'Leistungsdatum',
	order: 'Bestellung',
	cancels: (number) => `Korrigiert die Rechnung ${number}`,
	from: 'Rechnungssteller',
	to: 'Rechnungsempfänger',
	each: (price) => `je ${price}`,
	discount: 'Rabatt',
	taxIncluded: 'Enthaltene Umsatzsteuer je Steuersatz',
	taxAdded: 'Umsatzsteuer je Steuersatz',
	taxRow: (rate, net, tax) => `USt. ${rate}: netto ${net}, USt. ${tax}`,
	net: 'Nettobetrag',
	tax: 'Umsatzsteuer',
	totalPaid: 'Gesamtbetrag',
	totalCredited: 'Gesamtbetrag der Korrektur',
	vatNumber: 'USt-IdNr.',
	notes: {
		[REVERSE_CHARGE_NOTE]:
			'Steuerschuldnerschaft des Leistungsempfängers: Die Umsatzsteuer schuldet der Leistungsempfänger (Artikel 196 der Richtlinie 2006/112/EG).',
		[OUTSIDE_EU_NOTE]:
			'Keine EU-Umsatzsteuer: Der Leistungsempfänger hat seinen Sitz außerhalb der Europäischen Union.',
	},
	due: (day, holder, iban, bic, reference) =>
		`Zahlbar bis ${day} per Überweisung an ${holder}, IBAN ${iban}${bic ? `, BIC ${bic}` : ''}, mit dem Verwendungszweck ${reference}.`,
}

export const INVOICE_WORDS: Record<Locale, InvoiceWords> = { 'en-US': ENGLISH, 'de-DE': GERMAN }

/** A bank transfer invoice's note on where and by when to pay, in `locale`. */
export function dueNote(due: InvoiceDue, locale: Locale): string {
	return INVOICE_WORDS[locale].due(
		formatDay(due.day, locale),
		due.holder,
		inGroupsOfFour(due.iban),
		due.bic,
		inGroupsOfFour(due.reference),
	)
}

/** The notes of a document as `locale` says them: the fixed ones translated, any other as stored. */
export function notesIn(
	data: { notes: string[]; due?: InvoiceDue | null },
	locale: Locale,
): string[] {
	const words = INVOICE_WORDS[locale]
	const englishDue = data.due ? dueNote(data.due, 'en-US') : null
	return data.notes.map((note) =>
		data.due && note === englishDue ? dueNote(data.due, locale) : (words.notes[note] ?? note),
	)
}
