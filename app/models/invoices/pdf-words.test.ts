import { describe, expect, test } from 'vitest'
import { OUTSIDE_EU_NOTE, REVERSE_CHARGE_NOTE } from '~/domain/invoices/vat'
import { dueNote, INVOICE_WORDS, notesIn } from './pdf-words'

const due = {
	day: '2026-12-14',
	reference: 'RF18539007547034',
	holder: 'Course Company B.V.',
	iban: 'NL91ABNA0417164300',
	bic: null,
}

describe('an invoice’s words per language (decision 174)', () => {
	test('a German invoice says the reverse charge as German law words it', () => {
		expect(notesIn({ notes: [REVERSE_CHARGE_NOTE] }, 'de-DE')[0]).toMatch(
			/^Steuerschuldnerschaft des Leistungsempfängers/,
		)
		expect(notesIn({ notes: [OUTSIDE_EU_NOTE] }, 'de-DE')[0]).toMatch(/^Keine EU-Umsatzsteuer/)
	})

	test('the bank transfer’s stored English note is written again in German, with a German date', () => {
		const notes = notesIn({ notes: [dueNote(due, 'en-US')], due }, 'de-DE')
		expect(notes).toEqual([
			'Zahlbar bis Montag, 14. Dezember 2026 per Überweisung an Course Company B.V., IBAN NL91 ABNA 0417 1643 00, mit dem Verwendungszweck RF18 5390 0754 7034.',
		])
	})

	test('an English invoice prints its notes as stored, and has no number or service date line', () => {
		const notes = [REVERSE_CHARGE_NOTE, 'Anything else']
		expect(notesIn({ notes }, 'en-US')).toEqual(notes)
		expect(INVOICE_WORDS['en-US']).toMatchObject({ numberLabel: null, serviceDate: null })
	})
})
