import { describe, expect, test } from 'vitest'
import { carriesUnsubscribe, EMAIL_CLASSES, EMAIL_KINDS, type EmailKind, LIST_KINDS } from './kinds'
import type { EmailContent, UnsubscribeLinks } from './templates'
import * as templates from './templates'

const unsubscribe: UnsubscribeLinks = {
	preferencesUrl: 'https://site.test/email-preferences?token=t.s',
	oneClickUrl: 'https://site.test/unsubscribe?token=t.s',
}
const siteUrl = 'https://site.test'
const paidAt = new Date('2026-01-01T00:00:00Z')

/** One message of every kind: the type fails to compile when a kind has no sample. */
const SAMPLES: { [Kind in EmailKind]: () => Promise<EmailContent> } = {
	workshopConfirmation: () =>
		templates.workshopConfirmation({ siteUrl, workshop: 'Free workshop', unsubscribe }),
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
	passAssigned: () =>
		templates.passAssigned({ itemName: 'Day pass', passUrl: `${siteUrl}/pass/p` }),
	passClaimed: () =>
		templates.passClaimed({
			holderName: 'Ada',
			itemName: 'Day pass',
			kind: 'day',
			passUrl: `${siteUrl}/pass/p`,
			siteUrl,
		}),
	passRefunded: () => templates.passRefunded({ itemName: 'Day pass', kind: 'day' }),
	passMovedAway: () => templates.passMovedAway({ itemName: 'Day pass', orderId: 'o1' }),
	waitlistOffer: () =>
		templates.waitlistOffer({
			itemName: 'Day pass',
			quantity: 2,
			offerUrl: `${siteUrl}/waitlist/offer/t.s`,
			heldUntil: '2 Jan 2026, 00:00 UTC',
			unsubscribe,
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

	test('receipts and what a purchase delivers are transactional, the double opt-in link is security, sign-up confirmations carry unsubscribe', () => {
		expect(EMAIL_KINDS).toEqual({
			workshopConfirmation: 'signup',
			courseSignupConfirmation: 'signup',
			dayEventConfirmation: 'security',
			receipt: 'transactional',
			lateRefund: 'transactional',
			refundNotice: 'transactional',
			passAssigned: 'transactional',
			passClaimed: 'transactional',
			passRefunded: 'transactional',
			passMovedAway: 'transactional',
			// Answers joining a waiting list: the visitor asked for it, anyone can type an address.
			waitlistOffer: 'signup',
		})
		// Nothing the site sends today is list mail; reminders and the owner's messages will be.
		expect(LIST_KINDS).toEqual([])
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
