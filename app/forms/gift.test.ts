import { describe, expect, test } from 'vitest'
import { checkoutRequestSchema } from './checkout-request'
import { GIFT_MESSAGES } from './gift'
import { parseForm } from './registry'

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
const gift = {
	code: 'seat',
	quantity: 1,
	gift: 'on',
	giftName: 'Grace Hopper',
	giftEmail: 'grace@example.com',
	giftMessage: 'Enjoy!',
	giftDate: tomorrow,
}
const errorsOf = (body: Record<string, unknown>) => {
	const parsed = checkoutRequestSchema(20).safeParse(body)
	return parsed.success ? {} : parsed.error.flatten().fieldErrors
}

describe('"This is a gift" on the buy form', () => {
	test('a checkout without the box ticked ignores the gift fields, empty or not', () => {
		expect(errorsOf({ code: 'seat', quantity: 3 })).toEqual({})
		expect(errorsOf({ ...gift, gift: undefined, giftEmail: 'nope', quantity: 3 })).toEqual({})
	})

	test('a gift names its recipient by a name and an address, a day from today to a year ahead, one seat', () => {
		expect(errorsOf(gift)).toEqual({})
		expect(
			errorsOf({ ...gift, giftName: 'G', giftEmail: 'nope', giftDate: '2020-01-01', quantity: 2 }),
		).toEqual({
			gift: [GIFT_MESSAGES.quantity],
			giftName: [GIFT_MESSAGES.name],
			giftEmail: [GIFT_MESSAGES.email],
			giftDate: [GIFT_MESSAGES.day],
		})
		expect(errorsOf({ ...gift, giftMessage: `a\u0000b` })).toEqual({
			giftMessage: [GIFT_MESSAGES.message],
		})
		expect(errorsOf({ ...gift, giftMessage: 'x'.repeat(1001) })).toEqual({
			giftMessage: [GIFT_MESSAGES.message],
		})
	})

	test('the change page has the same rules, next to each field', () => {
		const data = new FormData()
		data.set('giftName', 'Grace Hopper')
		data.set('giftEmail', 'grace@')
		data.set('giftDate', tomorrow)
		expect(parseForm('giftChange', data).reply().error).toEqual({
			giftEmail: [GIFT_MESSAGES.email],
		})
	})
})
