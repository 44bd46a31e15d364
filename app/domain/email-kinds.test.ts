import { describe, expect, test } from 'vitest'
import type { EmailContent, UnsubscribeLinks } from '~/integrations/email/templates'
import * as templates from '~/integrations/email/templates'
import {
	carriesUnsubscribe,
	EMAIL_CLASSES,
	EMAIL_KINDS,
	type EmailKind,
	LIST_KINDS,
} from './email-kinds'

const unsubscribe: UnsubscribeLinks = {
	preferencesUrl: 'https://site.test/email-preferences?token=t.s',
	oneClickUrl: 'https://site.test/unsubscribe?token=t.s',
}
const siteUrl = 'https://site.test'
const paidAt = new Date('2026-01-01T00:00:00Z')
const reminder = {
	event: {
		title: 'Free workshop',
		when: 'Thursday, 10 December 2026, 18:00–20:00',
		zoneName: 'Central European Standard Time',
		calendarUrl: `${siteUrl}/calendar/w.ics`,
		googleCalendarUrl: 'https://calendar.google.com/x',
	},
	joinUrl: `${siteUrl}/join?token=t.s`,
	pageUrl: `${siteUrl}/workshop`,
	unsubscribe,
}

const transfer = {
	orderId: 'o1',
	what: '5 × Course',
	currency: 'eur',
	totalMinor: 124_500,
	holder: 'Seller',
	iban: 'GB82 WEST 1234 5698 7654 32',
	bic: 'WESTGB2L',
	reference: 'RF18 5390 0754 7034',
	dueDay: 'Sunday, 13 December 2026',
	invoice: { number: 'INV-000001', url: `${siteUrl}/invoice/i?sig=s` },
	pageUrl: `${siteUrl}/checkout/o1/transfer?key=k`,
	units: 'seats',
	quantity: 5,
	testAccount: false,
}

/** One message of every kind: the type fails to compile when a kind has no sample. */
const SAMPLES: { [Kind in EmailKind]: () => Promise<EmailContent> } = {
	workshopConfirmation: () =>
		templates.workshopConfirmation({ siteUrl, workshop: 'Free workshop', unsubscribe }),
	workshopMoveOffer: () =>
		templates.workshopMoveOffer({
			siteUrl,
			workshop: 'Free workshop',
			next: reminder.event,
			moveUrl: `${siteUrl}/workshop/move?token=t.s`,
			expiresAt: paidAt.toUTCString(),
			unsubscribe,
		}),
	courseSignupConfirmation: () => templates.courseSignupConfirmation({ siteUrl, unsubscribe }),
	dayEventConfirmation: () =>
		templates.dayEventConfirmation({ confirmUrl: `${siteUrl}/c`, expiresAt: paidAt }),
	receipt: () =>
		templates.receipt({
			orderId: 'o1',
			currency: 'usd',
			lines: [{ name: 'Day pass', quantity: 1, unitAmountMinor: 9_900 }],
			discountMinor: 0,
			totalMinor: 9_900,
			paidAt,
		}),
	lateRefund: () =>
		templates.lateRefund({ orderId: 'o1', itemName: 'Day pass', currency: 'usd', totalMinor: 1 }),
	refundNotice: () =>
		templates.refundNotice({
			orderId: 'o1',
			itemName: 'Day pass',
			kind: 'day',
			quantity: 1,
			currency: 'usd',
			totalMinor: 9_900,
		}),
	partialRefundNotice: () =>
		templates.partialRefundNotice({
			orderId: 'o1',
			itemName: 'Day pass',
			kind: 'day',
			quantity: 1,
			remaining: 2,
			currency: 'usd',
			refundedMinor: 9_900,
		}),
	passAssigned: () =>
		templates.passAssigned({ itemName: 'Day pass', passUrl: `${siteUrl}/pass/p`, kind: 'day' }),
	giftDelivered: () =>
		templates.giftDelivered({
			recipientName: 'Grace',
			buyerName: 'Ada',
			itemName: 'Course seat',
			message: 'Enjoy',
			passUrl: `${siteUrl}/pass/p`,
		}),
	passClaimed: () =>
		templates.passClaimed({
			holderName: 'Ada',
			itemName: 'Day pass',
			kind: 'day',
			passUrl: `${siteUrl}/pass/p`,
			siteUrl,
		}),
	passRefunded: () => templates.passRefunded({ itemName: 'Day pass', kind: 'day' }),
	passMovedAway: () =>
		templates.passMovedAway({ itemName: 'Day pass', orderId: 'o1', kind: 'day' }),
	holderAddressChanged: () => templates.holderAddressChanged({ itemName: 'Day pass', kind: 'day' }),
	upgradeCreditLink: () =>
		templates.upgradeCreditLink({
			courseName: 'AI Driven Dev: pre-order seat',
			credits: [
				{
					passName: 'Day pass',
					creditMinor: 9900,
					currency: 'USD',
					until: new Date('2027-01-28T18:00:00Z'),
					url: 'https://example.com/upgrade/k',
				},
			],
		}),
	paymentOnItsWay: () =>
		templates.paymentOnItsWay({
			orderId: 'o1',
			itemName: 'Day pass',
			kind: 'day',
			quantity: 2,
			currency: 'eur',
			totalMinor: 19_800,
			heldUntil: 'Sunday, 13 December 2026, 14:26 (UTC)',
		}),
	delayedPaymentEnded: () =>
		templates.delayedPaymentEnded({
			orderId: 'o1',
			itemName: 'Day pass',
			kind: 'day',
			quantity: 2,
			because: 'failed',
			holdDays: 14,
			payByCardUrl: `${siteUrl}/checkout/o1/pay-by-card?key=k`,
		}),
	checkoutRecovery: () =>
		templates.checkoutRecovery({
			itemName: 'Day pass',
			kind: 'day',
			quantity: 2,
			url: `${siteUrl}/ai-driven-development-day`,
			unsubscribe,
		}),
	courseAccess: () =>
		templates.courseAccess({ courseUrl: 'https://learn.example/course', siteUrl }),
	seatHandOutReminder: () =>
		templates.seatHandOutReminder({
			seats: 2,
			url: 'https://example.com/checkout/o/thank-you?key=k',
			opensWhen: null,
			siteUrl,
		}),
	transferInstructions: () => templates.transferInstructions(transfer),
	transferReminder: () => templates.transferReminder(transfer),
	transferCancelled: () =>
		templates.transferCancelled({
			orderId: 'o1',
			what: '5 × Course',
			units: 'seats',
			quantity: 5,
			dueDay: 'Sunday, 13 December 2026',
			invoiceNumber: 'INV-000001',
			creditNote: null,
			siteUrl,
			testAccount: false,
		}),
	ownerMessage: () => templates.ownerMessage({ subject: 'News', body: 'Hello', unsubscribe }),
	reminderDayBefore: () => templates.reminderDayBefore(reminder),
	reminderHourBefore: () => templates.reminderHourBefore(reminder),
	eventChanged: () => templates.eventChanged(reminder),
	eventCancelled: () => templates.eventCancelled(reminder),
	workshopFollowUp: () =>
		templates.workshopFollowUp({
			title: 'The workshop',
			when: 'Thursday, 10 December 2026, 18:00–20:00 CET',
			link: 'https://video.example/recording',
			pageUrl: `${siteUrl}/workshop`,
			unsubscribe: reminder.unsubscribe,
		}),
	certificateOfAttendance: () =>
		templates.certificateOfAttendance({
			name: 'Ada Lovelace',
			title: 'The day',
			when: 'Thursday, 10 December 2026, 18:00–20:00 CET',
			verifyUrl: `${siteUrl}/certificates/t.s`,
			unsubscribe: reminder.unsubscribe,
		}),
	passHandOutReminder: () =>
		templates.passHandOutReminder({
			...reminder,
			inHowLong: 'a week',
			handOut: [{ unclaimed: 2, url: `${siteUrl}/checkout/o1/thank-you?key=k.s` }],
		}),
	waitlistOffer: () =>
		templates.waitlistOffer({
			itemName: 'Day pass',
			quantity: 2,
			offerUrl: `${siteUrl}/waitlist/offer/t.s`,
			heldUntil: 'Friday, 2 January 2026, 00:00 (UTC)',
			unsubscribe,
		}),
	waitlistConfirm: () =>
		templates.waitlistConfirm({
			itemName: 'Day pass',
			quantity: 2,
			confirmUrl: `${siteUrl}/waitlist/confirm/t.s`,
			until: 'Friday, 2 January 2026, 00:00 (UTC)',
		}),
}

describe('every e-mail kind is classified (docs/decisions/109)', () => {
	test('each template of templates.tsx is a kind with a class, and each kind is a template', () => {
		const templateNames = Object.entries(templates)
			.filter(([, value]) => typeof value === 'function')
			.map(([name]) => name)
		expect(Object.keys(EMAIL_KINDS).sort()).toEqual(templateNames.sort())
		for (const kind of Object.values(EMAIL_KINDS))
			expect(Object.keys(EMAIL_CLASSES)).toContain(kind)
	})

	test("receipts and what a purchase delivers (the course access too) are transactional, the double opt-in link is security, sign-up confirmations carry unsubscribe, an event's reminders, change notices and a workshop's follow-up are event mail, the owner's messages and a checkout reminder are news", () => {
		expect(EMAIL_KINDS).toEqual({
			workshopConfirmation: 'signup',
			// Answers a form's sign-up for a known address (decision 131): anyone can type it.
			workshopMoveOffer: 'signup',
			courseSignupConfirmation: 'signup',
			dayEventConfirmation: 'security',
			receipt: 'transactional',
			lateRefund: 'transactional',
			refundNotice: 'transactional',
			partialRefundNotice: 'transactional',
			passAssigned: 'transactional',
			giftDelivered: 'transactional',
			passClaimed: 'transactional',
			passRefunded: 'transactional',
			passMovedAway: 'transactional',
			holderAddressChanged: 'transactional',
			upgradeCreditLink: 'transactional',
			// About the buyer's own order: its delayed payment (decision 164).
			paymentOnItsWay: 'transactional',
			delayedPaymentEnded: 'transactional',
			checkoutRecovery: 'list',
			courseAccess: 'transactional',
			seatHandOutReminder: 'transactional',
			// A bank transfer's instructions, reminder and cancellation: the buyer's order (163).
			transferInstructions: 'transactional',
			transferReminder: 'transactional',
			transferCancelled: 'transactional',
			ownerMessage: 'list',
			// What someone signed up for is not news (decision 149).
			reminderDayBefore: 'event',
			reminderHourBefore: 'event',
			eventChanged: 'event',
			eventCancelled: 'event',
			workshopFollowUp: 'event',
			// A certificate of attendance, about the event attended (decision 172).
			certificateOfAttendance: 'event',
			// A buyer's passes not claimed yet, before the day they were bought for (decision 155).
			passHandOutReminder: 'event',
			// Answers joining a waiting list: the visitor asked for it, anyone can type an address.
			waitlistOffer: 'signup',
			// The waiting list's double opt-in link (decision 130).
			waitlistConfirm: 'security',
		})
		// Never sent to an address that unsubscribed (docs/decisions/109, 116, 119, 122): what we
		// write on our initiative, even when the person asked for it once.
		expect(LIST_KINDS).toEqual(['checkoutRecovery', 'ownerMessage'])
	})

	test.each(Object.keys(SAMPLES) as EmailKind[])(
		'%s renders as its own kind, with the unsubscribe links exactly when its class carries them',
		async (kind) => {
			const mail = await SAMPLES[kind]()
			expect(mail.kind).toBe(kind)
			if (carriesUnsubscribe(kind)) {
				expect(mail.listUnsubscribe).toBe(unsubscribe.oneClickUrl)
				expect(mail.text).toContain(unsubscribe.preferencesUrl)
				expect(mail.html).toContain(`href="${unsubscribe.preferencesUrl}"`)
			} else {
				expect(mail.listUnsubscribe).toBeUndefined()
				expect(mail.text).not.toContain('/email-preferences')
			}
		},
	)

	test('a kind that carries unsubscribe refuses to render without its links', async () => {
		await expect(
			templates.workshopConfirmation({
				siteUrl,
				workshop: 'Free workshop',
				unsubscribe: undefined as never,
			}),
		).rejects.toThrow('The workshopConfirmation e-mail needs its unsubscribe links')
	})
})
