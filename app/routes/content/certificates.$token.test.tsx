import { createRemixStub } from '@remix-run/testing'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { provideIslandComponents } from '~/components/deferred'
import { islandComponents } from '~/components/islands.server'
import { RequestContextProvider } from '~/components/request-context'
import { LocaleContext } from '~/components/use-locale'
import type { Locale } from '~/domain/locale'
import CertificatePage from './certificates.$token'

// As the server's entry does (entry.server.tsx): the page renders its islands' own components.
provideIslandComponents(islandComponents)

const FACTS = {
	name: 'Jürgen Groß',
	title: 'The test day',
	date: 'Montag, 1. Juli 2030',
	hours: '8 Stunden',
	organizer: 'AI Driven Dev',
}

/** The verification page as the server renders it at `path` for `facts` (the loader's data). */
function renderCertificate(path: string, locale: Locale, facts: typeof FACTS) {
	const Stub = createRemixStub([{ id: 'certificate', path, Component: CertificatePage }])
	return renderToString(
		<RequestContextProvider
			value={{ nonce: '', isBot: false, documentHead: { chunkReloadScript: '', stylesheet: '' } }}
		>
			<LocaleContext.Provider value={locale}>
				<Stub initialEntries={[path]} hydrationData={{ loaderData: { certificate: facts } }} />
			</LocaleContext.Provider>
		</RequestContextProvider>,
	)
}

describe('the certificate verification page (decision 172)', () => {
	test('under /de it confirms a valid certificate in German, linking the German home page', () => {
		const html = renderCertificate('/de/certificates/x', 'de-DE', FACTS)
		for (const words of [
			'Eine gültige Teilnahmebescheinigung',
			'Veranstaltung',
			'Dauer',
			'Ausgestellt von',
		])
			expect(html).toContain(words)
		expect(html).toContain('8 Stunden, online')
		expect(html).toContain('href="/de"')
		expect(html).not.toContain('A valid certificate')
	})

	test('the English page reads as it did', () => {
		const html = renderCertificate('/certificates/x', 'en-US', {
			...FACTS,
			date: 'Monday, 1 July 2030',
			hours: '8 hours',
		})
		for (const words of ['A valid certificate of attendance', 'Event', 'Length', 'Issued by'])
			expect(html).toContain(words)
		expect(html).toContain('8 hours, online')
		expect(html).toContain('href="/"')
	})
})
