import { describe, expect, test } from 'vitest'
import { countryName } from '~/domain/country'
import { countryRegionRows, pricingRegions } from './seed-data'

describe('regional pricing table', () => {
	const rows = countryRegionRows()

	test('covers all 249 ISO 3166-1 countries, each once', () => {
		expect(rows).toHaveLength(249)
		expect(new Set(rows.map((row) => row.countryCode)).size).toBe(249)
	})

	test('every code is a real country or territory', () => {
		const unknown = rows.filter((row) => countryName(row.countryCode) === undefined)
		expect(unknown).toEqual([])
	})

	test('level 0 is GLOBAL at full price, and discounts grow with the level', () => {
		expect(pricingRegions[0]).toEqual({ name: 'GLOBAL', level: 0, discountPercent: 0 })
		const discounts = pricingRegions.map((region) => region.discountPercent)
		expect(discounts).toEqual([...discounts].sort((a, b) => a - b))
	})

	test('a few anchors sit where the price level data puts them', () => {
		const regionOf = (code: string) => rows.find((row) => row.countryCode === code)?.region
		expect(regionOf('US')).toBe('GLOBAL')
		expect(regionOf('CH')).toBe('GLOBAL')
		expect(regionOf('ES')).toBe('TIER1')
		expect(regionOf('BR')).toBe('TIER2')
		expect(regionOf('ZA')).toBe('TIER3')
		expect(regionOf('IN')).toBe('TIER4')
	})
})
