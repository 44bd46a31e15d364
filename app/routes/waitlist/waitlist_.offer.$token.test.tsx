import { createRemixStub } from '@remix-run/testing'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { provideIslandComponents } from '~/components/deferred'
import { islandComponents } from '~/components/islands.server'
import { RequestContextProvider } from '~/components/request-context'
import { LocaleContext } from '~/components/use-locale'
import type { Locale } from '~/domain/locale'
import OfferPage from './waitlist_.offer.$token'

// As the server's entry does (entry.server.tsx): the page renders its islands' own components.
provideIslandComponents(islandComponents)

const OPEN = {
	state: 'open',
	itemName: 'AI Driven Development Day pass',
	quantity: 2,
	total: '398,00 €',
	endsAt: 'Montag, 14. Dezember 2026, 10:00',
}

/** The offer page as the server renders it at `path` for `offer` (the loader's data). */
function renderOffer(path: string, locale: Locale, offer: typeof OPEN) {
	const Stub = createRemixStub([{ id: 'offer', path, Component: OfferPage }])
	return renderToString(
		<RequestContextProvider
			value={{ nonce: '', isBot: false, documentHead: { chunkReloadScript: '', stylesheet: '' } }}
		>
			<LocaleContext.Provider value={locale}>
				<Stub initialEntries={[path]} hydrationData={{ loaderData: { offer } }} />
			</LocaleContext.Provider>
		</RequestContextProvider>,
	)
}

describe('the waiting-list offer page (decision 178)', () => {
	test('an open offer under /de says in German what is held until when, and its button is German', () => {
		const html = renderOffer('/de/waitlist/offer/x', 'de-DE', OPEN)
		expect(html).toContain('Sie sind an der Reihe')
		expect(html).toContain('Für Sie reserviert bis Montag, 14. Dezember 2026, 10:00')
		expect(html).toContain('Weiter zur Bezahlung')
		expect(html).toContain('Gesamt')
		expect(html).not.toContain('Continue to payment')
	})

	test('an ended and a bought offer in German', () => {
		expect(renderOffer('/de/waitlist/offer/x', 'de-DE', { ...OPEN, state: 'ended' })).toContain(
			'Dieses Angebot ist abgelaufen',
		)
		expect(renderOffer('/de/waitlist/offer/x', 'de-DE', { ...OPEN, state: 'bought' })).toContain(
			'bezahlt. Ihre Quittung ist in Ihrem Postfach.',
		)
	})

	test('the English page reads as it did', () => {
		const html = renderOffer('/waitlist/offer/x', 'en-US', {
			...OPEN,
			total: '€398.00',
			endsAt: 'Monday, 14 December 2026, 10:00',
		})
		expect(html).toContain('Your turn')
		expect(html).toContain(
			'2 × AI Driven Development Day pass are held for you until Monday, 14 December 2026, 10:00: nobody else can buy them before then.',
		)
		expect(html).toContain('Continue to payment')
	})
})
