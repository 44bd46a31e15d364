import { describe, expect, test } from 'vitest'
import {
	formatMinorPrice,
	formatPrice,
	minorUnitsPerMajor,
	normalizeRegion,
	regionalAmountMinor,
	toMajorUnits,
} from './pricing'

describe('regional price conversion', () => {
	test('level discounts round to whole dollars', () => {
		expect(regionalAmountMinor(24_900, 0)).toBe(24_900)
		expect(regionalAmountMinor(24_900, 25)).toBe(18_700) // 186.75
		expect(regionalAmountMinor(24_900, 40)).toBe(14_900) // 149.40
		expect(regionalAmountMinor(24_900, 50)).toBe(12_500) // 124.50
		expect(regionalAmountMinor(24_900, 60)).toBe(10_000) // 99.60
	})

	test('currencies without minor units round to whole units', () => {
		expect(regionalAmountMinor(30_000, 25, 1)).toBe(22_500)
	})

	test('a free item stays free', () => {
		expect(regionalAmountMinor(0, 60)).toBe(0)
	})

	test('impossible amounts and discounts are rejected', () => {
		expect(() => regionalAmountMinor(-1, 0)).toThrow(RangeError)
		expect(() => regionalAmountMinor(10.5, 0)).toThrow(RangeError)
		expect(() => regionalAmountMinor(100, 101)).toThrow(RangeError)
		expect(() => regionalAmountMinor(100, Number.NaN)).toThrow(RangeError)
	})

	test('minor units convert to major units by the currency', () => {
		expect(minorUnitsPerMajor('USD')).toBe(100)
		expect(minorUnitsPerMajor('JPY')).toBe(1)
		expect(toMajorUnits(24_900, 'USD')).toBe(249)
		expect(toMajorUnits(24_950, 'EUR')).toBe(249.5)
		expect(toMajorUnits(3_000, 'JPY')).toBe(3_000)
	})

	test('prices format without cents when whole', () => {
		expect(formatPrice(249, 'USD')).toBe('$249')
		expect(formatPrice(249.5, 'USD')).toBe('$249.50')
		expect(formatPrice(99, 'EUR')).toBe('€99')
	})
})

describe('region names from a query', () => {
	const known = ['GLOBAL', 'TIER1', 'TIER4']

	test('a known region is accepted in any case', () => {
		expect(normalizeRegion('tier4', known)).toBe('TIER4')
		expect(normalizeRegion(' TIER1 ', known)).toBe('TIER1')
	})

	test('anything else is GLOBAL', () => {
		for (const value of [undefined, null, '', 'MARS', "'; drop table", 42, ['TIER1'], 'tier9'])
			expect(normalizeRegion(value, known)).toBe('GLOBAL')
	})
})

describe('money for a German reader (decision 173)', () => {
	test('the amount and its currency as German writes them (a no-break space before the sign)', () => {
		expect(formatPrice(1234.5, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€')
		expect(formatMinorPrice(24900, 'usd', 'de-DE')).toBe('249\u00a0$')
		expect(formatMinorPrice(24900, 'usd')).toBe('$249')
	})
})
