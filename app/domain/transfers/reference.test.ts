import { describe, expect, it } from 'vitest'
import { creditorReference, inGroupsOfFour, isBic, isCreditorReference, isIban } from './reference'

describe('payment references and bank details', () => {
	it("a creditor reference carries ISO 11649's check digits (the standard's example)", () => {
		expect(creditorReference('539007547034')).toBe('RF18539007547034')
		expect(isCreditorReference('RF18 5390 0754 7034')).toBe(true)
	})

	it('a reference with one character changed or two swapped fails its check', () => {
		expect(isCreditorReference('RF18539007547035')).toBe(false)
		expect(isCreditorReference('RF18539007547043')).toBe(false)
		expect(isCreditorReference('RF185390075470341234567890')).toBe(false)
		expect(isCreditorReference('not a reference')).toBe(false)
	})

	it('every reference made from letters and digits passes its own check', () => {
		for (const body of ['A', 'ZZZZZZZZZZZZZZZZZZZZZ', '0', 'K7Q2M9X4P1D8'])
			expect(isCreditorReference(creditorReference(body))).toBe(true)
	})

	it('an IBAN is checked by its mod-97 digits', () => {
		expect(isIban('GB82 WEST 1234 5698 7654 32')).toBe(true)
		expect(isIban('DE89370400440532013000')).toBe(true)
		expect(isIban('DE89370400440532013001')).toBe(false)
		expect(isIban('DE89')).toBe(false)
	})

	it('a BIC has 8 or 11 characters, the first six letters', () => {
		expect(isBic('DEUTDEFF')).toBe(true)
		expect(isBic('DEUTDEFF500')).toBe(true)
		expect(isBic('DEUT1EFF')).toBe(false)
		expect(isBic('DEUTDEFF5')).toBe(false)
	})

	it('is printed in groups of four', () => {
		expect(inGroupsOfFour('RF18539007547034')).toBe('RF18 5390 0754 7034')
	})
})
