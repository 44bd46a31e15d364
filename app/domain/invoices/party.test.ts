import { describe, expect, test } from 'vitest'
import { partyLines } from './party'
import type { Party } from './types'

const party = (fields: Partial<Party>): Party => ({
	name: 'Ada Lovelace',
	company: null,
	address: [],
	country: null,
	vatNumber: null,
	email: null,
	...fields,
})

describe('an invoice party as printed', () => {
	test('a buyer issued with their e-mail as the name shows the address once', () => {
		expect(partyLines(party({ name: 'ada@example.com', email: 'ada@example.com' }))).toEqual([
			'ada@example.com',
		])
	})

	test('the country prints by its name, once, even when the address ends with it', () => {
		const seller = party({
			name: 'Course Company B.V.',
			address: ['Placeholder Street 1', '1011 AA Amsterdam', 'Netherlands'],
			country: 'NL',
			vatNumber: 'NL000000000B01',
			email: 'billing@example.com',
		})
		expect(partyLines(seller)).toEqual([
			'Course Company B.V.',
			'Placeholder Street 1',
			'1011 AA Amsterdam',
			'Netherlands',
			'VAT number: NL000000000B01',
			'billing@example.com',
		])
	})

	test('a business buyer: company, name, address, country, VAT number, e-mail', () => {
		const buyer = party({
			company: 'Firma GmbH',
			address: ['Hauptstraße 1', '10115 Berlin'],
			country: 'DE',
			vatNumber: 'DE123456789',
			email: 'ada@firma.example',
		})
		expect(partyLines(buyer)).toEqual([
			'Firma GmbH',
			'Ada Lovelace',
			'Hauptstraße 1',
			'10115 Berlin',
			'Germany',
			'VAT number: DE123456789',
			'ada@firma.example',
		])
	})
})
