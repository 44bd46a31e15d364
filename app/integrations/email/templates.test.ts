import { describe, expect, test } from 'vitest'
import {
	courseAccess,
	courseSignupConfirmation,
	dayEventConfirmation,
	type EmailEvent,
	eventChanged,
	lateRefund,
	ownerMessage,
	passAssigned,
	passClaimed,
	passMovedAway,
	passRefunded,
	receipt,
	refundNotice,
	reminderDayBefore,
	seatHandOutReminder,
	type UnsubscribeLinks,
	waitlistConfirm,
	waitlistOffer,
	workshopConfirmation,
} from './templates'

const session: EmailEvent = {
	title: 'Free workshop',
	when: 'Thursday, 10 December 2026, 18:00–20:00',
	zoneName: 'Central European Standard Time',
	calendarUrl: 'https://site.test/calendar/workshop-2026-12-10.ics',
	googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE&text=W',
}

const unsubscribe: UnsubscribeLinks = {
	preferencesUrl: 'https://site.test/email-preferences?token=t.s',
	oneClickUrl: 'https://site.test/unsubscribe?token=t.s',
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
			unsubscribe,
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
			unsubscribe,
		})
		expect(mail.text).toContain('Your session:')
		expect(mail.text.match(/Add to calendar/g)).toHaveLength(1)
		expect(mail.text).toContain('Thursday, 10 December 2026, 18:00–20:00')
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
		expect(mail.text).toContain('Thursday, 1 January 2026, 00:00 (UTC)')
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

	test('a course receipt of several seats links each seat and says one of them is the buyer’s', async () => {
		const mail = await receipt({
			orderId: 'ord_10',
			currency: 'usd',
			lines: [{ name: 'AI Driven Dev seat', quantity: 2, unitAmountMinor: 24_900 }],
			discountMinor: 0,
			totalMinor: 49_800,
			paidAt: new Date('2026-01-01T00:00:00Z'),
			passUrls: ['https://site.test/pass/a', 'https://site.test/pass/b'],
			kind: 'course',
		})
		expect(mail.text).toContain(
			'Your seats: each is claimed once, by the person who takes the course.',
		)
		expect(mail.text).toContain('Seat 1: https://site.test/pass/a')
		expect(mail.text).toContain('Seat 2: https://site.test/pass/b')
		expect(mail.text).toContain('Your 2 seats are in this order, one of them yours.')
		expect(mail.text).toContain('When the course opens, we e-mail each seat holder their access.')
		expect(mail.text).not.toMatch(/\bpass(es)?\b(?!\/)/i)
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

	test("a payment refunded for its coupon's rule says which rule, not a seat", async () => {
		const data = { orderId: 'ord_9', itemName: 'Seat', currency: 'usd', totalMinor: 4_900 }
		const once = await lateRefund({ ...data, because: 'coupon-once-per-buyer' })
		expect(once.text).toContain('can be used once per buyer')
		expect(once.text).toContain('refunding the full $49')
		expect(once.text).not.toContain('reservation had ended')
		const usedUp = await lateRefund({ ...data, because: 'coupon-used-up' })
		expect(usedUp.text).toContain('whose uses had all been taken')
	})

	test('every confirmation is HTML with a plain-text alternative carrying the same links', async () => {
		const mails = await Promise.all([
			workshopConfirmation({
				siteUrl: 'https://site.test',
				workshop: 'Free workshop',
				session,
				unsubscribe,
			}),
			courseSignupConfirmation({ siteUrl: 'https://site.test', release: session, unsubscribe }),
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
			unsubscribe,
		})
		expect(mail.text).toContain('What happens next')
		expect(mail.text).toContain(
			'Thursday, 10 December 2026, 18:00–20:00 (Central European Standard Time)',
		)
		expect(mail.text).toContain('The calendar file is attached to this e-mail.')
		expect(hrefs(mail.html)).toEqual([
			session.calendarUrl,
			session.googleCalendarUrl,
			'https://site.test/workshop',
			'https://site.test/blog',
			'https://site.test/cheatsheets',
			unsubscribe.preferencesUrl,
		])
	})

	test('a sign-up confirmation ends with the preferences link and names the one-click URL for its header (docs/decisions/109)', async () => {
		for (const mail of [
			await workshopConfirmation({ siteUrl: 'https://site.test', workshop: 'W', unsubscribe }),
			await courseSignupConfirmation({ siteUrl: 'https://site.test', unsubscribe }),
		]) {
			expect(mail.listUnsubscribe).toBe(unsubscribe.oneClickUrl)
			expect(hrefs(mail.html).at(-1)).toBe(unsubscribe.preferencesUrl)
			expect(mail.text).toMatch(
				/Unsubscribe or manage your e-mail preferences https:\/\/site\.test\/email-preferences\?token=t\.s$/,
			)
		}
	})

	test('to an address unsubscribed from news, a sign-up confirmation says no news follows, never that its reminders will not, and links resubscribing', async () => {
		const mail = await workshopConfirmation({
			siteUrl: 'https://site.test',
			workshop: 'W',
			unsubscribe: { ...unsubscribe, unsubscribed: true },
		})
		expect(mail.text).toContain(
			'You unsubscribed from our news earlier, so none follows unless you resubscribe; what you sign up for still reaches you.',
		)
		expect(mail.text).not.toMatch(/no reminders/i)
		expect(mail.text).toContain(
			`Resubscribe or manage your e-mail preferences ${unsubscribe.preferencesUrl}`,
		)
	})

	test('an event’s e-mails offer to stop this event’s reminders; a Changed notice promises reminders only to who still gets them', async () => {
		const event = {
			title: 'Free workshop',
			when: 'Thursday, 10 December 2026, 18:00–20:00',
			zoneName: 'Central European Standard Time',
			calendarUrl: 'https://site.test/calendar/w.ics',
			googleCalendarUrl: 'https://calendar.google.com/x',
		}
		const links = (remindersStopped: boolean) => ({
			preferencesUrl: 'https://site.test/email-preferences?token=r.s',
			oneClickUrl: 'https://site.test/unsubscribe?token=r.s',
			event: { remindersStopped },
		})
		const pageUrl = 'https://site.test/workshop'
		const reminder = await reminderDayBefore({
			event,
			joinUrl: 'https://site.test/join?token=j.s',
			pageUrl,
			unsubscribe: links(false),
		})
		expect(reminder.listUnsubscribe).toBe('https://site.test/unsubscribe?token=r.s')
		expect(reminder.text).toContain(
			'Stop reminders for this event or manage your e-mail preferences https://site.test/email-preferences?token=r.s',
		)
		const told = await eventChanged({ event, pageUrl, unsubscribe: links(false) })
		expect(told.text).toContain('Your reminders come at the new time')
		const stopped = await eventChanged({ event, pageUrl, unsubscribe: links(true) })
		expect(stopped.text).not.toContain('Your reminders come')
		expect(stopped.text).toContain('You stopped the reminders of this event, so none come')
		expect(stopped.text).toContain(
			'Resume them or manage your e-mail preferences https://site.test/email-preferences?token=r.s',
		)
	})

	test('receipts, refunds, passes and the double opt-in link carry no unsubscribe', async () => {
		const mails = await Promise.all([
			receipt({
				orderId: 'o1',
				currency: 'usd',
				lines: [{ name: 'Day pass', quantity: 1, unitAmountMinor: 9_900 }],
				discountMinor: 0,
				totalMinor: 9_900,
				paidAt: new Date('2026-01-01T00:00:00Z'),
			}),
			lateRefund({ orderId: 'o1', itemName: 'Day pass', currency: 'usd', totalMinor: 9_900 }),
			dayEventConfirmation({ confirmUrl: 'https://site.test/c', expiresAt: new Date() }),
		])
		for (const mail of mails) {
			expect(mail.listUnsubscribe, mail.kind).toBeUndefined()
			expect(mail.text, mail.kind).not.toMatch(/unsubscribe|preferences/i)
		}
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

describe('messages that tell people what happened (docs/decisions/113)', () => {
	const paid = {
		currency: 'usd',
		discountMinor: 0,
		paidAt: new Date('2026-01-01T00:00:00Z'),
		siteUrl: 'https://site.test',
		orderUrl: 'https://site.test/checkout/ord_1/thank-you',
		event: session,
	}

	test('a course receipt talks about seats and access, never about claiming a pass', async () => {
		const one = await receipt({
			...paid,
			orderId: 'ord_1',
			kind: 'course',
			lines: [{ name: 'AI Driven Dev', quantity: 1, unitAmountMinor: 24_900 }],
			totalMinor: 24_900,
		})
		const three = await receipt({
			...paid,
			orderId: 'ord_1',
			kind: 'course',
			lines: [{ name: 'AI Driven Dev', quantity: 3, unitAmountMinor: 24_900 }],
			totalMinor: 74_700,
		})
		for (const mail of [one, three]) {
			expect(mail.text).not.toMatch(/pass/i)
			expect(mail.text).toContain('access')
		}
		expect(one.text).toContain('Your seat')
		expect(three.text).toContain('Your 3 seats')
	})

	test('a day-pass receipt talks about passes and the reminders with the joining link, which come to the buyer until a pass is claimed', async () => {
		const mail = await receipt({
			...paid,
			orderId: 'ord_2',
			kind: 'day',
			lines: [{ name: 'Day pass', quantity: 1, unitAmountMinor: 9_900 }],
			totalMinor: 9_900,
			passUrls: ['https://site.test/pass/a'],
		})
		expect(mail.text).toContain('Claim your pass')
		expect(mail.text).toContain(
			'The day before and an hour before the start, we e-mail every pass holder a reminder with the joining link.',
		)
		// Decision 155: what the buyer gets until each pass is claimed.
		expect(mail.text).toContain(
			'Until a pass is claimed, its reminders and joining link come to you, saying how many passes are left to hand out',
		)
		expect(mail.text).not.toMatch(/seat|course opens/i)
	})

	test('a refund tells the buyer the amount, the order and that its passes stop working', async () => {
		const mail = await refundNotice({
			orderId: 'ord_3',
			customerName: 'Ada',
			itemName: 'Day <pass>',
			kind: 'day',
			quantity: 2,
			currency: 'usd',
			totalMinor: 19_800,
			testMode: true,
		})
		expect(mail.subject).toBe('Your order ord_3 is refunded')
		expect(mail.text).toContain('Hi Ada,')
		expect(mail.text).toContain('TEST MODE: no real payment was taken.')
		expect(mail.text).toContain('$198')
		expect(mail.text).toContain('2 passes no longer work')
		expect(mail.html).toContain('Day &lt;pass&gt;')
	})

	test('a full refund after partial ones says what remains, never "full"', async () => {
		const mail = await refundNotice({
			orderId: 'ord_4',
			itemName: 'Day pass',
			kind: 'day',
			quantity: 1,
			currency: 'usd',
			totalMinor: 9_900,
			refundedBeforeMinor: 9_900,
		})
		expect(mail.text).not.toMatch(/\bfull\b/)
		expect(mail.text).toContain(
			'the remaining $99 goes back to the card you paid with. With the $99 refunded before, that is all $198 you paid.',
		)
		expect(mail.html).toContain('The rest of your order ord_4 is refunded: $99.')
	})

	test('a refund of an order that charged nothing says nothing goes back', async () => {
		const mail = await refundNotice({
			orderId: 'ord_5',
			itemName: 'Day pass',
			kind: 'day',
			quantity: 1,
			currency: 'usd',
			totalMinor: 0,
		})
		expect(mail.text).toContain('nothing was charged, so nothing goes back to a card.')
		expect(mail.text).not.toMatch(/\bfull\b|5 to 10 business days/)
	})

	test('a refunded course order tells the buyer its seats are released, not passes', async () => {
		const mail = await refundNotice({
			orderId: 'ord_4',
			itemName: 'AI Driven Dev',
			kind: 'course',
			quantity: 1,
			currency: 'eur',
			totalMinor: 10_000,
		})
		expect(mail.text).toContain('Your seat is released')
		expect(mail.text).not.toMatch(/pass/i)
	})

	test('the holder of a refunded pass is told it no longer works, and whom to ask', async () => {
		const mail = await passRefunded({ holderName: 'Grace', itemName: 'Day pass', kind: 'day' })
		expect(mail.subject).toBe('Your Day pass is cancelled')
		expect(mail.text).toContain('Hi Grace,')
		expect(mail.text).toContain('refunded')
		expect(mail.text).toContain('no longer works')
	})

	test('a claimed pass confirms the event, its date and the attached calendar file', async () => {
		const mail = await passClaimed({
			holderName: 'Grace <Hopper>',
			itemName: 'Day pass',
			kind: 'day',
			passUrl: 'https://site.test/pass/p1/thank-you',
			event: session,
			siteUrl: 'https://site.test',
		})
		expect(mail.subject).toBe('Your Day pass is confirmed')
		expect(mail.text).toContain('Hi Grace <Hopper>,')
		expect(mail.html).toContain('Grace &lt;Hopper&gt;')
		expect(mail.text).toContain(session.when)
		expect(mail.text).toContain('The calendar file is attached to this e-mail.')
		expect(hrefs(mail.html)).toEqual(
			expect.arrayContaining([
				'https://site.test/pass/p1/thank-you',
				session.calendarUrl,
				session.googleCalendarUrl,
			]),
		)
		for (const href of hrefs(mail.html)) expect(mail.text).toContain(href)
	})

	test('a reassigned seat speaks of seats, to the new holder and to whoever had its link', async () => {
		const assigned = await passAssigned({
			itemName: 'AI Driven Dev: pre-order seat',
			passUrl: 'https://site.test/pass/n',
			kind: 'course',
		})
		expect(assigned.subject).toBe('Your AI Driven Dev: pre-order seat')
		expect(assigned.text).toContain('An AI Driven Dev: pre-order seat is yours.')
		const moved = await passMovedAway({
			itemName: 'AI Driven Dev: pre-order seat',
			orderId: 'ord_6',
			kind: 'course',
		})
		expect(moved.subject).toBe('An AI Driven Dev: pre-order seat has a new link')
		expect(moved.text).toContain('One of the seats of order ord_6')
		expect(`${assigned.text}${moved.text}`).not.toMatch(/\bpass(es)?\b(?!\/)/i)
	})

	test('whoever had a reassigned pass is told its link stopped working, without the new address', async () => {
		const mail = await passMovedAway({ itemName: 'Day pass', orderId: 'ord_5', kind: 'day' })
		expect(mail.subject).toBe('A Day pass has a new link')
		expect(mail.text).toContain('no longer works')
		expect(mail.text).toContain('ord_5')
		expect(mail.text).not.toContain('@')
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
	test("the owner's message renders their Markdown in the layout, with the unsubscribe link", async () => {
		const mail = await ownerMessage({
			subject: 'The workshop moves',
			body: '# New time\n\nThe session is **an hour later**. See [the page](https://site.test/workshop).\n\n- one\n- two',
			unsubscribe,
		})
		expect(mail.subject).toBe('The workshop moves')
		expect(mail.html).toContain('<strong')
		expect(mail.html).toMatch(/<h1[^>]*>New time<\/h1>/)
		expect(hrefs(mail.html)).toContain('https://site.test/workshop')
		expect(hrefs(mail.html)).toContain(unsubscribe.preferencesUrl)
		expect(mail.text).toContain('an hour later')
		expect(mail.text).toContain('one')
		expect(mail.listUnsubscribe).toBe(unsubscribe.oneClickUrl)
	})

	test("raw HTML in the owner's Markdown is shown as text, never passed on as markup", async () => {
		const mail = await ownerMessage({
			subject: 'Hi',
			body: 'Look <img src="https://evil.example/x.png" onerror="alert(1)"> here',
			unsubscribe,
		})
		expect(mail.html).not.toContain('<img')
		expect(mail.html).toContain('&lt;img')
	})

	test('the course access e-mail links the course and is not list mail', async () => {
		const mail = await courseAccess({
			name: 'Ada',
			courseUrl: 'https://learn.example/course',
			siteUrl: 'https://site.test',
		})
		expect(mail.subject).toBe('AI Driven Dev is open: your access')
		expect(mail.text).toContain('Hi Ada,')
		expect(hrefs(mail.html)).toContain('https://learn.example/course')
		expect(mail.listUnsubscribe).toBeUndefined()
	})
})

describe('the course once open (docs/decisions/156)', () => {
	test('the access e-mail of a buyer of seats nobody claimed says so, counts them per order and links where to hand them out', async () => {
		const mail = await courseAccess({
			name: 'Ada',
			courseUrl: 'https://learn.example/course',
			siteUrl: 'https://site.test',
			ownSeat: false,
			handOut: [
				{ seats: 1, url: 'https://site.test/checkout/a/thank-you?key=k1' },
				{ seats: 3, url: 'https://site.test/checkout/b/thank-you?key=k2' },
			],
		})
		expect(mail.text).toContain('the seats you bought are ready')
		expect(mail.text).not.toContain('your seat is ready')
		expect(mail.text).toContain('1 seat still to hand out.')
		expect(mail.text).toContain('3 seats still to hand out.')
		expect(hrefs(mail.html)).toEqual(
			expect.arrayContaining([
				'https://site.test/checkout/a/thank-you?key=k1',
				'https://site.test/checkout/b/thank-you?key=k2',
			]),
		)
	})

	test('a seat holder’s access e-mail has no seats to hand out', async () => {
		const mail = await courseAccess({
			courseUrl: 'https://learn.example/course',
			siteUrl: 'https://site.test',
			ownSeat: true,
		})
		expect(mail.text).toContain('your seat is ready')
		expect(mail.text).not.toContain('still to hand out')
	})

	test('the reminder to hand out seats names the opening before it and says open after it', async () => {
		const before = await seatHandOutReminder({
			seats: 2,
			url: 'https://site.test/checkout/a/thank-you?key=k',
			opensWhen: 'on Thursday, 14 January 2027 (CET)',
			siteUrl: 'https://site.test',
		})
		expect(before.subject).toBe('2 seats of AI Driven Dev still to hand out')
		expect(before.text).toContain('AI Driven Dev opens on Thursday, 14 January 2027 (CET)')
		expect(hrefs(before.html)).toContain('https://site.test/checkout/a/thank-you?key=k')
		expect(before.listUnsubscribe).toBeUndefined()
		const after = await seatHandOutReminder({
			seats: 1,
			url: 'https://site.test/checkout/a/thank-you?key=k',
			opensWhen: null,
			siteUrl: 'https://site.test',
		})
		expect(after.subject).toBe('1 seat of AI Driven Dev still to hand out')
		expect(after.text).toContain(
			'AI Driven Dev is open, and 1 seat you bought is still not claimed',
		)
	})

	test('a sign-up for news once the course is open waits for no opening', async () => {
		const mail = await courseSignupConfirmation({
			siteUrl: 'https://site.test',
			release: session,
			courseOpen: true,
			unsubscribe,
		})
		expect(mail.text).toContain('The course is open: enrol on its page and start today.')
		expect(mail.text).not.toMatch(/when the course opens/i)
	})
})

describe('the words of seat and pass messages (docs/decisions/158)', () => {
	const offer = (quantity: number) =>
		waitlistOffer({
			itemName: 'AI Driven Development Day pass',
			quantity,
			offerUrl: 'https://site.test/waitlist/offer/t.s',
			heldUntil: 'Sunday, 29 November 2026, 14:26 (UTC)',
			unsubscribe,
		})

	test('a waiting-list offer of one pass says it is held, of two that they are', async () => {
		const one = await offer(1)
		expect(one.text).toContain('1 × AI Driven Development Day pass is held for you until')
		expect(one.text).toContain('Nobody else can buy it before then.')
		const two = await offer(2)
		expect(two.text).toContain('2 × AI Driven Development Day pass are held for you until')
		expect(two.text).toContain('Nobody else can buy them before then.')
	})

	test('a plain-text link is printed once, after its words', async () => {
		const mail = await offer(1)
		expect(mail.text).toContain('Buy it now https://site.test/waitlist/offer/t.s')
		expect(mail.text.split('https://site.test/waitlist/offer/t.s')).toHaveLength(2)
		const confirm = await waitlistConfirm({
			itemName: 'Day pass',
			quantity: 1,
			confirmUrl: 'https://site.test/waitlist/confirm/t.s',
			until: 'Sunday, 29 November 2026, 14:26 (UTC)',
		})
		expect(confirm.text.split('https://site.test/waitlist/confirm/t.s')).toHaveLength(2)
		const assigned = await passAssigned({
			itemName: 'Day pass',
			passUrl: 'https://site.test/pass/n',
			kind: 'day',
		})
		expect(assigned.text.split('https://site.test/pass/n')).toHaveLength(2)
	})

	test('a claimed pass names its product once: "Your AI Driven Development Day pass is confirmed"', async () => {
		const mail = await passClaimed({
			holderName: 'Grace',
			itemName: 'AI Driven Development Day pass',
			kind: 'day',
			passUrl: 'https://site.test/pass/p1/thank-you',
			siteUrl: 'https://site.test',
		})
		expect(mail.subject).toBe('Your AI Driven Development Day pass is confirmed')
		expect(mail.text).not.toMatch(/pass for .* pass/)
	})

	test('a receipt and a link’s end are dated as every page dates them, the zone named', async () => {
		const mail = await dayEventConfirmation({
			confirmUrl: 'https://site.test/c',
			expiresAt: new Date('2026-11-29T14:26:33Z'),
		})
		expect(mail.text).toContain('Sunday, 29 November 2026, 14:26 (UTC)')
		expect(mail.text).not.toMatch(/GMT/)
	})
})
