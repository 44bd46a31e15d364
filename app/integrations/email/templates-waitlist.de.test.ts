import { describe, expect, test } from 'vitest'
import { waitlistTemplatesIn } from './templates-waitlist.de'

const unsubscribe = {
	preferencesUrl: 'https://site.test/de/preferences?token=t',
	oneClickUrl: 'https://site.test/unsubscribe?token=t',
}

describe('the waiting list’s e-mails in the language the place was asked for in', () => {
	test('a German place’s confirmation and offer are German, with their links as given', async () => {
		const german = waitlistTemplatesIn('de-DE')
		const confirm = await german.waitlistConfirm({
			itemName: 'AI Driven Development Day pass',
			quantity: 2,
			confirmUrl: 'https://site.test/de/waitlist/confirm/abc',
			until: 'Donnerstag, 14. Januar 2027, 18:00',
		})
		expect(confirm.subject).toBe(
			'Bestätigen Sie Ihren Platz auf der Warteliste: AI Driven Development Day pass',
		)
		expect(confirm.text).toContain('Meinen Platz bestätigen')
		expect(confirm.text).toContain('https://site.test/de/waitlist/confirm/abc')
		expect(confirm.html).toContain('lang="de"')
		const offer = await german.waitlistOffer({
			itemName: 'AI Driven Development Day pass',
			quantity: 1,
			offerUrl: 'https://site.test/de/waitlist/offer/xyz',
			heldUntil: 'Freitag, 15. Januar 2027, 09:00',
			unsubscribe,
		})
		expect(offer.subject).toBe('Sie sind an der Reihe: AI Driven Development Day pass')
		expect(offer.text).toContain('reserviert bis Freitag, 15. Januar 2027, 09:00')
		expect(offer.text).toContain('geht das Angebot an die nächste Person')
		expect(offer.text).not.toMatch(/\bYour turn\b|\bheld for you\b/)
	})

	test('an English place’s are the English ones', async () => {
		const confirm = await waitlistTemplatesIn('en-US').waitlistConfirm({
			itemName: 'AI Driven Development Day pass',
			quantity: 1,
			confirmUrl: 'https://site.test/waitlist/confirm/abc',
			until: 'Thursday, 14 January 2027, 18:00',
		})
		expect(confirm.subject).toBe(
			'Confirm your place on the waiting list: AI Driven Development Day pass',
		)
	})
})
