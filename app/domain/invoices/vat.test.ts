import { describe, expect, test } from 'vitest'
import { EU_VAT_RATES, normaliseVatNumber, taxFor, wellFormedVatNumber } from './vat'

describe('VAT numbers', () => {
	test('a number is well-formed when it matches its country’s format, with or without the prefix', () => {
		expect(wellFormedVatNumber('DE', 'DE 123 456 789')).toBe(true)
		expect(wellFormedVatNumber('DE', '123456789')).toBe(true)
		expect(wellFormedVatNumber('NL', 'nl123456789B01')).toBe(true)
		expect(wellFormedVatNumber('GR', 'EL123456789')).toBe(true)
		expect(wellFormedVatNumber('AT', 'ATU12345678')).toBe(true)
	})
	test('a number of the wrong length, letters or another country’s prefix is not', () => {
		expect(wellFormedVatNumber('DE', 'DE12345678')).toBe(false)
		expect(wellFormedVatNumber('DE', 'FR12345678901')).toBe(false)
		expect(wellFormedVatNumber('NL', 'NL123456789')).toBe(false)
		expect(wellFormedVatNumber('US', '123456789')).toBe(false)
		expect(wellFormedVatNumber('DE', '')).toBe(false)
	})
	test('normalising puts the prefix in front and drops spaces, dots and dashes', () => {
		expect(normaliseVatNumber('DE', '123.456-789')).toBe('DE123456789')
		expect(normaliseVatNumber('GR', '123456789')).toBe('EL123456789')
	})
})

describe('the tax on an order', () => {
	const seller = 'NL'
	test('the rate table has the 27 EU countries', () => {
		expect(Object.keys(EU_VAT_RATES)).toHaveLength(27)
		expect(EU_VAT_RATES.DE).toBe(1900)
	})
	test('tax-inclusive: a private buyer in another EU country pays their country’s VAT out of the price', () => {
		expect(
			taxFor({
				sellerCountry: seller,
				buyerCountry: 'DE',
				vatNumber: null,
				amountMinor: 11900,
				pricesIncludeTax: true,
			}),
		).toMatchObject({
			rateBasisPoints: 1900,
			netMinor: 10000,
			taxMinor: 1900,
			totalMinor: 11900,
			reverseCharge: false,
		})
	})
	test('tax-exclusive: the VAT comes on top of the price', () => {
		expect(
			taxFor({
				sellerCountry: seller,
				buyerCountry: 'NL',
				vatNumber: null,
				amountMinor: 10000,
				pricesIncludeTax: false,
			}),
		).toMatchObject({ rateBasisPoints: 2100, netMinor: 10000, taxMinor: 2100, totalMinor: 12100 })
	})
	test('a business in another EU country with a well-formed VAT number gets the reverse charge', () => {
		const tax = taxFor({
			sellerCountry: seller,
			buyerCountry: 'DE',
			vatNumber: 'DE123456789',
			amountMinor: 11900,
			pricesIncludeTax: true,
		})
		expect(tax).toMatchObject({
			rateBasisPoints: 0,
			netMinor: 11900,
			taxMinor: 0,
			reverseCharge: true,
		})
		expect(tax.notes.join(' ')).toMatch(/reverse charge/i)
	})
	test('a business in the seller’s own country pays VAT as usual', () => {
		expect(
			taxFor({
				sellerCountry: seller,
				buyerCountry: 'NL',
				vatNumber: 'NL123456789B01',
				amountMinor: 12100,
				pricesIncludeTax: true,
			}),
		).toMatchObject({ rateBasisPoints: 2100, taxMinor: 2100, reverseCharge: false })
	})
	test('a malformed VAT number gets no reverse charge', () => {
		expect(
			taxFor({
				sellerCountry: seller,
				buyerCountry: 'DE',
				vatNumber: 'DE1',
				amountMinor: 11900,
				pricesIncludeTax: true,
			}),
		).toMatchObject({ rateBasisPoints: 1900, reverseCharge: false })
	})
	test('a buyer outside the EU pays no EU VAT; one who names no country pays the seller’s', () => {
		expect(
			taxFor({
				sellerCountry: seller,
				buyerCountry: 'US',
				vatNumber: null,
				amountMinor: 10000,
				pricesIncludeTax: true,
			}),
		).toMatchObject({ rateBasisPoints: 0, netMinor: 10000, taxMinor: 0, reverseCharge: false })
		expect(
			taxFor({
				sellerCountry: seller,
				buyerCountry: null,
				vatNumber: null,
				amountMinor: 12100,
				pricesIncludeTax: true,
			}),
		).toMatchObject({ rateBasisPoints: 2100, taxMinor: 2100 })
	})
	test('a seller outside the EU charges no VAT', () => {
		expect(
			taxFor({
				sellerCountry: 'US',
				buyerCountry: 'DE',
				vatNumber: null,
				amountMinor: 10000,
				pricesIncludeTax: true,
			}),
		).toMatchObject({ rateBasisPoints: 0, taxMinor: 0 })
	})
})
