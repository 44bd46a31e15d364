import { describe, expect, test, vi } from 'vitest'
import { completeGeoRecord, countryName } from './geolocation'

describe('geolocation record', () => {
	test('a record with an address but no country code is filled in', async () => {
		const lookup = vi.fn(async () => ({
			countryCode: 'PT',
			country: 'Portugal',
			city: 'Lisbon',
			timezone: 'Europe/Lisbon',
		}))
		expect(await completeGeoRecord({ ip_address: '1.2.3.4' }, lookup)).toEqual({
			ip_address: '1.2.3.4',
			country_code: 'PT',
			country: 'Portugal',
			city: 'Lisbon',
			timezone: 'Europe/Lisbon',
		})
		expect(lookup).toHaveBeenCalledWith('1.2.3.4')
	})

	test('without a country name, one is derived from the code', async () => {
		const record = await completeGeoRecord({ ip_address: '1.2.3.4' }, async () => ({
			countryCode: 'JP',
		}))
		expect(record).toMatchObject({ country_code: 'JP', country: 'Japan' })
	})

	test('a record that has a country code, or no address, is left alone', async () => {
		const lookup = vi.fn(async () => ({ countryCode: 'PT' }))
		const known = { ip_address: '1.2.3.4', country_code: 'US' }
		expect(await completeGeoRecord(known, lookup)).toBe(known)
		const anonymous = { country_code: null }
		expect(await completeGeoRecord(anonymous, lookup)).toBe(anonymous)
		expect(lookup).not.toHaveBeenCalled()
	})

	test('a failed lookup leaves the record as it was', async () => {
		vi.spyOn(console, 'warn').mockImplementation(() => {})
		const record = { ip_address: '1.2.3.4' }
		expect(
			await completeGeoRecord(record, async () => {
				throw new Error('offline')
			}),
		).toBe(record)
		expect(await completeGeoRecord(record, async () => null)).toBe(record)
	})

	test('country names come from the code', () => {
		expect(countryName('DE')).toBe('Germany')
		expect(countryName('ZZ')).toBeUndefined()
		expect(countryName('nope')).toBeUndefined()
	})
})
