import { describe, expect, test } from 'vitest'
import { paymentOnItsWaySteps } from './delayed-payment'
import { PASS, SEAT, unitsOf } from './words'

describe('what a buyer whose delayed payment is on its way reads (decision 164)', () => {
	test('one seat is held for them until the hold ends, and nobody else can buy it', () => {
		const [now, arrives, not] = paymentOnItsWaySteps({
			units: SEAT,
			quantity: 1,
			heldUntil: 'Sunday, 13 December 2026, 20:18 (UTC)',
		})
		expect(now).toEqual({
			when: 'Now',
			what: expect.stringMatching(
				/^Your seat is held for you until Sunday, 13 December 2026, 20:18 \(UTC\) while .* Nobody else can buy it meanwhile\.$/,
			),
		})
		expect(arrives!.what).toBe('Your order is paid and we e-mail your receipt with its invoice.')
		expect(not!.what).toContain(
			'the seat goes back on sale and we e-mail you a link to pay by card',
		)
	})

	test('several passes are spoken of in the plural', () => {
		const [now, , not] = paymentOnItsWaySteps({ units: PASS, quantity: 3, heldUntil: 'then' })
		expect(now!.what).toMatch(/^Your passes are held for you until then .* buy them meanwhile\.$/)
		expect(not!.what).toContain('the passes go back on sale')
	})

	test('a German order reads them in German, singular and plural (decision 177)', () => {
		const [now, arrives, not] = paymentOnItsWaySteps({
			units: unitsOf('pass', 'de-DE'),
			quantity: 1,
			heldUntil: 'Sonntag, 13. Dezember 2026, 20:18 (UTC)',
			locale: 'de-DE',
		})
		expect(now).toEqual({
			when: 'Jetzt',
			what: expect.stringMatching(
				/^Ihr Pass ist bis Sonntag, 13\. Dezember 2026, 20:18 \(UTC\) für Sie reserviert, .* Niemand sonst kann ihn in der Zeit kaufen\.$/,
			),
		})
		expect(arrives!.what).toContain('wir schicken Ihnen die Quittung mit der Rechnung')
		expect(not!.what).toContain('geht der Pass wieder in den Verkauf')
		const [several, , back] = paymentOnItsWaySteps({
			units: unitsOf('course', 'de-DE'),
			quantity: 3,
			heldUntil: 'dann',
			locale: 'de-DE',
		})
		expect(several!.what).toMatch(/^Ihre Plätze sind bis dann für Sie reserviert/)
		expect(back!.what).toContain('gehen die Plätze wieder in den Verkauf')
	})
})
