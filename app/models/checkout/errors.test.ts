import { describe, expect, test } from 'vitest'
import { failureMessage } from './errors'

describe('a refused checkout as its page words it (docs/decisions/158)', () => {
	test('the hold refusals name no unit: the page knows the code, not whether seats or passes were asked', () => {
		for (const code of ['per-buyer', 'other-checkout']) {
			const message = failureMessage(code, 'quantity')
			expect(message).toBeTruthy()
			expect(message).not.toMatch(/\b(seats?|pass(es)?)\b/)
		}
	})
})
