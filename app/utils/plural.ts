/**
 * Counted words through Intl.PluralRules (docs/decisions/088): "1 seat", "2 seats", and
 * whatever a later language's rules ask for, instead of an `s` glued on by hand.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

const rules = new Intl.PluralRules('en')

/** The word for `count`: `one` for 1, `other` otherwise (in English). */
export function pluralWord(count: number, forms: PluralForms): string {
	return forms[rules.select(count)] ?? forms.other
}

/** "1 seat", "491 seats". */
export function countOf(count: number, forms: PluralForms): string {
	return `${count.toLocaleString('en')} ${pluralWord(count, forms)}`
}

export const SEAT: PluralForms = { one: 'seat', other: 'seats' }
export const PASS: PluralForms = { one: 'pass', other: 'passes' }
