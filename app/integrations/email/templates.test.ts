import { describe, expect, test } from 'vitest'
import {
	courseSignupConfirmation,
	dayEventConfirmation,
	type EmailEvent,
	lateRefund,
	receipt,
	workshopConfirmation,
} from './templates'

const session: EmailEvent = {
	title: 'Free workshop',
	when: 'Thursday, 10 December 2026, 18:00–20:00 CET',
	zoneName: 'Central European Standard Time',
	calendarUrl: 'https://site.test/calendar/workshop-2026-12-10.ics',
	googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE&text=W',
}

/** Every link of an HTML body, unescaped. */
const hrefs = (html: string) =>
	[...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'))

describe('e-mail templates', () => {
	test('workshop confirmation names the workshop it is given and escapes the name in HTML', async () => {
		const mail = await workshopConfirmation({
			firstName: '<Ada>',
			siteUrl: 'https://site.test',
			workshop: 'Free workshop: AI in your development workflow',
		})
		expect(mail.subject).toBe("You're signed up for the free workshop")
		expect(mail.text).toContain('Hi <Ada>,')
		expect(mail.text).toContain(
			"You're signed up for Free workshop: AI in your development workflow.",
		)
		expect(mail.text).not.toContain('LLMs')
		expect(mail.html).toContain('Hi &lt;Ada&gt;,')
		expect(mail.html).not.toContain('<Ada>')
	})

	test('workshop confirmation names the session chosen, and that one alone', async () => {
		const mail = await workshopConfirmation({
			siteUrl: 'https://site.test',
			workshop: 'Free workshop',
			session,
		})
		expect(mail.text).toContain('Your session:')
		expect(mail.text.match(/Add to calendar/g)).toHaveLength(1)
		expect(mail.text).toContain('Thursday, 10 December 2026, 18:00–20:00 CET')
	})

	test('day-event confirmation carries the link in text and HTML', async () => {
		const url = 'https://site.test/ai-driven-development-day/confirm?token=a.b&x=1'
		const mail = await dayEventConfirmation({
			confirmUrl: url,
			expiresAt: new Date('2026-01-01T00:00:00Z'),
		})
		expect(mail.text).toContain(url)
		expect(mail.html).toContain(
			'href="https://site.test/ai-driven-development-day/confirm?token=a.b&amp;x=1"',
		)
		expect(mail.text).toContain('Thu, 01 Jan 2026 00:00:00 GMT')
	})

	test('receipt lists lines, subtotal, discount and total in the currency', async () => {
		const mail = await receipt({
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

	test('a receipt of passes links each pass, for a buyer on another device', async () => {
		const mail = await receipt({
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

	test('a receipt without a discount has no discount line', async () => {
		const mail = await receipt({
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

	test('a late payment refund says why and how much comes back, with the item escaped in HTML', async () => {
		const mail = await lateRefund({
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

	test('every confirmation is HTML with a plain-text alternative carrying the same links', async () => {
		const mails = await Promise.all([
			workshopConfirmation({ siteUrl: 'https://site.test', workshop: 'Free workshop', session }),
			courseSignupConfirmation({ siteUrl: 'https://site.test', release: session }),
			dayEventConfirmation({
				confirmUrl: 'https://site.test/ai-driven-development-day/confirm?token=t',
				expiresAt: new Date('2026-01-01T00:00:00Z'),
				event: session,
				siteUrl: 'https://site.test',
			}),
		])
		for (const mail of mails) {
			expect(mail.html).toMatch(/^<!DOCTYPE html/)
			expect(mail.text).not.toContain('<')
			for (const href of hrefs(mail.html)) expect(mail.text).toContain(href)
		}
	})

	test('the workshop confirmation says what happens next and links the date, calendars, blog and cheatsheets', async () => {
		const mail = await workshopConfirmation({
			siteUrl: 'https://site.test',
			workshop: 'Free workshop',
			session,
		})
		expect(mail.text).toContain('What happens next')
		expect(mail.text).toContain(
			'Thursday, 10 December 2026, 18:00–20:00 CET (Central European Standard Time)',
		)
		expect(mail.text).toContain('The calendar file is attached to this e-mail.')
		expect(hrefs(mail.html)).toEqual([
			session.calendarUrl,
			session.googleCalendarUrl,
			'https://site.test/workshop',
			'https://site.test/blog',
			'https://site.test/cheatsheets',
		])
	})

	test('the day-event confirmation links the confirmation first, then the day’s calendar files', async () => {
		const mail = await dayEventConfirmation({
			confirmUrl: 'https://site.test/ai-driven-development-day/confirm?token=t',
			expiresAt: new Date('2026-01-01T00:00:00Z'),
			event: session,
			siteUrl: 'https://site.test',
		})
		expect(hrefs(mail.html).slice(0, 3)).toEqual([
			'https://site.test/ai-driven-development-day/confirm?token=t',
			session.calendarUrl,
			session.googleCalendarUrl,
		])
	})

	test('a receipt of several passes tells the buyer to share them with the team', async () => {
		const mail = await receipt({
			orderId: 'ord_7',
			currency: 'usd',
			lines: [{ name: 'Day pass', quantity: 3, unitAmountMinor: 9_900 }],
			discountMinor: 0,
			totalMinor: 29_700,
			paidAt: new Date('2026-01-01T00:00:00Z'),
			passUrls: [
				'https://site.test/pass/a',
				'https://site.test/pass/b',
				'https://site.test/pass/c',
			],
			event: session,
			siteUrl: 'https://site.test',
		})
		expect(mail.text).toContain('send the others to your team')
		expect(hrefs(mail.html)).toEqual(
			expect.arrayContaining([
				'https://site.test/pass/c',
				session.calendarUrl,
				'https://site.test/blog',
				'https://site.test/cheatsheets',
			]),
		)
	})
})

describe('rendered e-mails carry no NUL byte', () => {
	// React 18's stream renderer can leave NUL bytes where a multi-byte character meets its 2 KB
	// buffer's end; PostgreSQL refuses such text and mail clients cut the message there. Every
	// length of order id moves the em-dashes and curly quotes across that boundary once.
	test('whatever the length of the values, no message contains U+0000', async () => {
		for (let length = 1; length <= 48; length++) {
			const orderId = 'o'.repeat(length)
			const mails = await Promise.all([
				lateRefund({ orderId, itemName: 'Day pass', currency: 'usd', totalMinor: 9_900 }),
				receipt({
					orderId,
					currency: 'usd',
					lines: [{ name: 'Day pass', quantity: 1, unitAmountMinor: 9_900 }],
					discountMinor: 0,
					totalMinor: 9_900,
					paidAt: new Date('2026-01-01T00:00:00Z'),
					event: session,
					siteUrl: 'https://site.test',
				}),
			])
			for (const mail of mails) expect(`${mail.html}${mail.text}`).not.toContain('\0')
		}
	})
})
