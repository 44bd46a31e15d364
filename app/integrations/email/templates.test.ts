import { describe, expect, test } from 'vitest'
import { dayEventConfirmation, lateRefund, receipt, workshopConfirmation } from './templates'

describe('e-mail templates', () => {
	test('workshop confirmation names the workshop and escapes the name in HTML', () => {
		const mail = workshopConfirmation({ firstName: '<Ada>', siteUrl: 'https://site.test' })
		expect(mail.subject).toBe("You're signed up for the free workshop")
		expect(mail.text).toContain('Hi <Ada>,')
		expect(mail.text).toContain('building web apps with LLMs')
		expect(mail.html).toContain('Hi &lt;Ada&gt;,')
		expect(mail.html).not.toContain('<Ada>')
	})

	test('day-event confirmation carries the link in text and HTML', () => {
		const url = 'https://site.test/ai-driven-development-day/confirm?token=a.b&x=1'
		const mail = dayEventConfirmation({
			confirmUrl: url,
			expiresAt: new Date('2026-01-01T00:00:00Z'),
		})
		expect(mail.text).toContain(url)
		expect(mail.html).toContain(
			'href="https://site.test/ai-driven-development-day/confirm?token=a.b&amp;x=1"',
		)
		expect(mail.text).toContain('Thu, 01 Jan 2026 00:00:00 GMT')
	})

	test('receipt lists lines, subtotal, discount and total in the currency', () => {
		const mail = receipt({
			orderId: 'ord_123',
			currency: 'usd',
			lines: [
				{ name: 'AI Driven Dev seat', quantity: 2, unitAmountMinor: 24_900 },
				{ name: 'Day pass', quantity: 1, unitAmountMinor: 4_950 },
			],
			discountMinor: 5_000,
			totalMinor: 49_700,
			paidAt: new Date('2026-01-01T00:00:00Z'),
			testMode: true,
		})
		expect(mail.subject).toBe('Your receipt for order ord_123')
		expect(mail.text).toMatch(/2 × AI Driven Dev seat\s+\$498/)
		expect(mail.text).toMatch(/1 × Day pass\s+\$49\.50/)
		expect(mail.text).toMatch(/Subtotal\s+\$547\.50/)
		expect(mail.text).toMatch(/Discount\s+−\$50/)
		expect(mail.text).toMatch(/Total paid\s+\$497/)
		expect(mail.text).toContain('TEST MODE')
		expect(mail.html).toContain('<strong>Total paid</strong>')
	})

	test('a receipt of passes links each pass, for a buyer on another device', () => {
		const mail = receipt({
			orderId: 'ord_9',
			currency: 'usd',
			lines: [{ name: 'Day pass', quantity: 2, unitAmountMinor: 9_900 }],
			discountMinor: 0,
			totalMinor: 19_800,
			paidAt: new Date('2026-01-01T00:00:00Z'),
			passUrls: ['https://site.test/pass/a', 'https://site.test/pass/b'],
		})
		expect(mail.text).toContain('Pass 1: https://site.test/pass/a')
		expect(mail.text).toContain('Pass 2: https://site.test/pass/b')
		expect(mail.html).toContain('href="https://site.test/pass/b"')
	})

	test('a receipt without a discount has no discount line', () => {
		const mail = receipt({
			orderId: 'o',
			currency: 'EUR',
			lines: [{ name: 'Seat', quantity: 1, unitAmountMinor: 1000 }],
			discountMinor: 0,
			totalMinor: 1000,
			paidAt: new Date(),
		})
		expect(mail.text).not.toContain('Discount')
		expect(mail.text).toContain('€10')
	})

	test('a late payment refund says why and how much comes back, with the item escaped in HTML', () => {
		const mail = lateRefund({
			orderId: 'ord_9',
			customerName: 'Grace',
			itemName: 'Day <pass>',
			currency: 'usd',
			totalMinor: 4_900,
			testMode: true,
		})
		expect(mail.subject).toBe('Your order ord_9 is being refunded')
		expect(mail.text).toContain('Hi Grace,')
		expect(mail.text).toContain('TEST MODE: no real payment was taken.')
		expect(mail.text).toContain("after your checkout's reservation had ended")
		expect(mail.text).toContain('refunding the full $49')
		expect(mail.html).toContain('Day &lt;pass&gt;')
		expect(mail.html).not.toContain('<pass>')
	})
})
