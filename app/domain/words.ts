/**
 * Counted words and the units products are sold in, from one place (docs/decisions/088, 158):
 * "1 seat", "2 seats", "1 pass is held", through Intl.PluralRules rather than an `s` glued on by
 * hand. Product names come from the catalogue ("AI Driven Development Day pass"); the unit a
 * sentence adds beside one ("your pass", "my seats") comes from here, so no sentence says
 * "pass" of a seat, "seats" of a pass, or names the unit twice.
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
export const PERSON: PluralForms = { one: 'person', other: 'people' }
export const DAYS: PluralForms = { one: 'day', other: 'days' }
export const HOUR: PluralForms = { one: 'hour', other: 'hours' }
export const SECOND: PluralForms = { one: 'second', other: 'seconds' }
export const BUYER: PluralForms = { one: 'buyer', other: 'buyers' }
/** "1 person gets", "2 people get". */
export const GETS: PluralForms = { one: 'gets', other: 'get' }
/** The verb after a count: "1 pass is", "2 passes are". */
export const IS: PluralForms = { one: 'is', other: 'are' }
export const WAS: PluralForms = { one: 'was', other: 'were' }
/** What stands for a count later in the sentence: "buy it", "buy them". */
export const IT: PluralForms = { one: 'it', other: 'them' }
export const IT_IS: PluralForms = { one: 'it is', other: 'they are' }
/** Verbs after a count: "1 pass stays", "2 passes stay". */
export const STAY: PluralForms = { one: 'stays', other: 'stay' }
export const WORK: PluralForms = { one: 'works', other: 'work' }

/** The unit a catalogue item is sold in: a seat of the course, a pass of the day (or anything else). */
export const unitsOf = (itemType: string): PluralForms => (itemType === 'course' ? SEAT : PASS)

/** "an AI Driven Development Day pass", "a seat": the indefinite article English reads before `noun`. */
export const aOrAn = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`

/** The sentence's first word capitalised: "An AI Driven Development Day pass is yours." */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
