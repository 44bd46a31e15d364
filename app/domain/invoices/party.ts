/**
 * A party's lines as an invoice prints them (the page and the PDF alike, issue 36 item 17):
 * the company, the name, the address, the country by its name, the VAT number and the e-mail,
 * each once. A buyer who gave no name was issued with their address as the name (decision 115);
 * it prints once. A country the address already ends with ("Netherlands") is not repeated by
 * its code ("NL").
 */
import { countryName } from '../country'
import type { Party } from './types'

export function partyLines(party: Party): string[] {
	const country = party.country ? (countryName(party.country) ?? party.country) : null
	const same = (a: string, b: string | null) => !!b && a.trim().toLowerCase() === b.toLowerCase()
	const address = party.address.filter((line) => !same(line, country) && !same(line, party.country))
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
