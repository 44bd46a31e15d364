import { describe, expect, test } from 'vitest'
import { countOf, PASS, pluralWord, SEAT } from './plural'

describe('counted words (Intl.PluralRules)', () => {
	test('one seat is "1 seat", not "1 seats"', () => {
		expect(countOf(1, SEAT)).toBe('1 seat')
	})

	test('zero and many take the plural', () => {
		expect(countOf(0, SEAT)).toBe('0 seats')
		expect(countOf(491, SEAT)).toBe('491 seats')
		expect(countOf(2, PASS)).toBe('2 passes')
	})

	test('large counts are grouped', () => {
		expect(countOf(1500, SEAT)).toBe('1,500 seats')
	})

	test('a word without a `one` form falls back to `other`', () => {
		expect(pluralWord(1, { other: 'sheep' })).toBe('sheep')
	})
})
