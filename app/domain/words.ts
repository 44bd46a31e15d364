/**
 * Counted words and the units products are sold in, from one place (docs/decisions/088, 158):
 * "1 seat", "2 seats", "1 pass is held", through Intl.PluralRules rather than an `s` glued on by
 * hand. Product names come from the catalogue ("AI Driven Development Day pass"); the unit a
 * sentence adds beside one ("your pass", "my seats") comes from here, so no sentence says
 * "pass" of a seat, "seats" of a pass, or names the unit twice.
 * German (decision 173): the same functions with the reader's locale last and German forms
 * (`PLACE_DE`), its numbers written the German way ("1.234 Plätze").
 */
import { DEFAULT_LOCALE, type Locale } from './locale'

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

const ICU: Record<Locale, string> = { 'en-US': 'en', 'de-DE': 'de' }
const rules = new Map<Locale, Intl.PluralRules>()

/** The word for `count`: `one` for 1, `other` otherwise (in English and German). */
export function pluralWord(
	count: number,
	forms: PluralForms,
	locale: Locale = DEFAULT_LOCALE,
): string {
	let rule = rules.get(locale)
	if (!rule) {
		rule = new Intl.PluralRules(ICU[locale])
		rules.set(locale, rule)
	}
	return forms[rule.select(count)] ?? forms.other
}

/** "1 seat", "491 seats"; in German "1 Platz", "1.234 Plätze". */
export function countOf(
	count: number,
	forms: PluralForms,
	locale: Locale = DEFAULT_LOCALE,
): string {
	return `${count.toLocaleString(ICU[locale])} ${pluralWord(count, forms, locale)}`
}

export const SEAT: PluralForms = { one: 'seat', other: 'seats' }
export const PASS: PluralForms = { one: 'pass', other: 'passes' }
export const PERSON: PluralForms = { one: 'person', other: 'people' }
export const DAYS: PluralForms = { one: 'day', other: 'days' }
export const MINUTE: PluralForms = { one: 'minute', other: 'minutes' }
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
export const GO: PluralForms = { one: 'goes', other: 'go' }
/** A place in a workshop session: "1 place left". */
export const PLACE: PluralForms = { one: 'place', other: 'places' }

/**
 * German forms (decisions 173, 174). A place in a session and a seat of the course are one word
 * in German: "Platz".
 */
export const PLACE_DE: PluralForms = { one: 'Platz', other: 'Plätze' }
/** A certificate's hours, for a German attendee (decision 177): "1,5 Stunden". */
export const HOUR_DE: PluralForms = { one: 'Stunde', other: 'Stunden' }
/** The queue's wait (decision 176): "1 Sekunde", "12 Sekunden". */
export const SECOND_DE: PluralForms = { one: 'Sekunde', other: 'Sekunden' }
const PASS_DE: PluralForms = { one: 'Pass', other: 'Pässe' }
export const DAYS_DE: PluralForms = { one: 'Tag', other: 'Tage' }
export const MINUTE_DE: PluralForms = { one: 'Minute', other: 'Minuten' }

/**
 * The unit a catalogue item is sold in: a seat of the course, a pass of the day (or anything
 * else); in German "Platz", "Pass".
 */
export const unitsOf = (itemType: string, locale: Locale = DEFAULT_LOCALE): PluralForms =>
	locale === 'de-DE'
		? itemType === 'course'
			? PLACE_DE
			: PASS_DE
		: itemType === 'course'
			? SEAT
			: PASS

/** "an AI Driven Development Day pass", "a seat": the indefinite article English reads before `noun`. */
export const aOrAn = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`

/** The sentence's first word capitalised: "An AI Driven Development Day pass is yours." */
export const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
