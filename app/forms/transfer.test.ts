import { describe, expect, test } from 'vitest'
import { adminTransferReceivedSchema, transferCheckoutSchema } from './transfer'

const company = {
	email: 'buyer@acme.example',
	company: 'Acme GmbH',
	address: 'Hauptstraße 1\n10115 Berlin',
	country: 'de',
}

describe('the bank transfer forms', () => {
	test("a company's name, billing address and country are required; the VAT number is optional", () => {
		expect(transferCheckoutSchema.safeParse(company).success).toBe(true)
		for (const field of ['company', 'address', 'country'] as const) {
			const result = transferCheckoutSchema.safeParse({ ...company, [field]: undefined })
			expect(result.error?.issues[0]?.path).toEqual([field])
		}
	})

	test('a VAT number is checked by its EU country’s format', () => {
		expect(transferCheckoutSchema.safeParse({ ...company, vatNumber: 'DE123456789' }).success).toBe(
			true,
		)
		const wrong = transferCheckoutSchema.safeParse({ ...company, vatNumber: 'DE12' })
		expect(wrong.error?.issues[0]?.path).toEqual(['vatNumber'])
	})

	test('an amount received is positive with at most two decimals, and the day is not in the future', () => {
		const ok = { amount: '1245.50', receivedOn: '2026-11-01' }
		expect(adminTransferReceivedSchema.safeParse(ok).success).toBe(true)
		for (const amount of ['0', '-5', '1.234', 'abc'])
			expect(adminTransferReceivedSchema.safeParse({ ...ok, amount }).success).toBe(false)
		for (const receivedOn of ['2999-01-01', '1 Nov 2026', '2026-13-45'])
			expect(adminTransferReceivedSchema.safeParse({ ...ok, receivedOn }).success).toBe(false)
	})
})
