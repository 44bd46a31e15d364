import { describe, expect, test } from 'vitest'
import { countryName } from '~/domain/country'
import { geoRecordOf } from './geolocation'

describe('geolocation record (SPEC §3, §4)', () => {
	test('events carry country code, country, city and timezone, never the address', () => {
		expect(
			geoRecordOf({
				countryCode: 'PT',
				country: 'Portugal',
				city: 'Lisbon',
				timezone: 'Europe/Lisbon',
			}),
		).toEqual({
			country_code: 'PT',
			country: 'Portugal',
			city: 'Lisbon',
			timezone: 'Europe/Lisbon',
		})
	})

	test('without a country name, one is derived from the code', () => {
		expect(geoRecordOf({ countryCode: 'JP' })).toEqual({
			country_code: 'JP',
			country: 'Japan',
			city: null,
			timezone: null,
		})
	})

	test('a visitor the site could not place has no record', () => {
		expect(geoRecordOf({ countryCode: null, country: null })).toBeNull()
	})

	test('country names come from the code', () => {
		expect(countryName('DE')).toBe('Germany')
		expect(countryName('ZZ')).toBeUndefined()
		expect(countryName('nope')).toBeUndefined()
	})
})
