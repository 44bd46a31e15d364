/**
 * A party's lines as an invoice prints them (the page and the PDF alike, issue 36 item 17):
 * the company, the name, the address, the country by its name, the VAT number and the e-mail,
 * each once. A buyer who gave no name was issued with their address as the name (decision 115);
 * it prints once. The country prints once, by its name in the document's language: an address
 * line naming it ("Netherlands") or its code ("NL") is not repeated.
 */
import { countryName } from '../country'
import { DEFAULT_LOCALE, type Locale } from '../locale'
import type { Party } from './types'

/** `locale`: the document's language, which names the country (decision 174). */
export function partyLines(party: Party, locale: Locale = DEFAULT_LOCALE): string[] {
	const country = party.country ? (countryName(party.country, locale) ?? party.country) : null
	const same = (a: string, b: string | null) => !!b && a.trim().toLowerCase() === b.toLowerCase()
	// An address ending with its country in English ("Netherlands") prints it once, in `locale`.
	const english = countryName(party.country)
	const address = party.address.filter(
		(line) => !same(line, country) && !same(line, party.country) && !same(line, english ?? null),
	)
	const name = same(party.name, party.email) ? null : party.name
	return [
		party.company,
		name,
		...address,
		country,
		party.vatNumber ? `VAT number: ${party.vatNumber}` : null,
		party.email,
	].filter((line): line is string => !!line)
}
