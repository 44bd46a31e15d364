import { describe, expect, test } from 'vitest'
import {
	aOrAn,
	capitalized,
	countOf,
	IS,
	IT,
	PASS,
	PLACE,
	PLACE_DE,
	pluralWord,
	SEAT,
	STAY,
	unitsOf,
	WAS,
	WORK,
} from './words'

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

describe('the units a product is sold in, and the words that agree with a count', () => {
	test('a course sells seats, anything else passes', () => {
		expect(countOf(1, unitsOf('course'))).toBe('1 seat')
		expect(countOf(3, unitsOf('pass'))).toBe('3 passes')
	})

	test('verbs and pronouns agree with their count', () => {
		expect(`1 × pass ${pluralWord(1, IS)} held; buy ${pluralWord(1, IT)}`).toBe(
			'1 × pass is held; buy it',
		)
		expect(`2 × pass ${pluralWord(2, IS)} held; buy ${pluralWord(2, IT)}`).toBe(
			'2 × pass are held; buy them',
		)
		expect(pluralWord(1, WAS)).toBe('was')
		expect(pluralWord(2, STAY)).toBe('stay')
		expect(pluralWord(1, WORK)).toBe('works')
	})

	test('a product name takes the article it is read with', () => {
		expect(aOrAn('AI Driven Development Day pass')).toBe('an AI Driven Development Day pass')
		expect(capitalized(aOrAn('seat'))).toBe('A seat')
	})
})

describe('counted words for a German reader (decision 173)', () => {
	test('German plural forms and German digit grouping', () => {
		expect(countOf(1, PLACE_DE, 'de-DE')).toBe('1 Platz')
		expect(countOf(1234, PLACE_DE, 'de-DE')).toBe('1.234 Plätze')
		expect(countOf(1234, PLACE)).toBe('1,234 places')
	})
})
