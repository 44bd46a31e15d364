import { UNSAFE_ErrorResponseImpl as ErrorResponse } from '@remix-run/router'
import { createRemixStub } from '@remix-run/testing'
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { RequestContextProvider } from '~/components/request-context'
import { LocaleContext } from '~/components/use-locale'
import { provideIslandComponents } from './deferred'
import { SiteErrorBoundary } from './error-boundary'
import { describeError } from './error-page'
import { islandComponents } from './islands.server'

// As the server's entry does (entry.server.tsx): the page renders its islands' own components.
provideIslandComponents(islandComponents)

describe('what the error page says', () => {
	test("an unknown path: 404, Not Found and 'Page not found: /x'", () => {
		const error = new ErrorResponse(404, 'Not Found', 'Page not found: /x')
		expect(describeError(error)).toEqual({
			statusCode: 404,
			statusMessage: 'Not Found',
			message: 'Page not found: /x',
		})
	})

	test('the status message is derived when the response has none', () => {
		expect(describeError(new ErrorResponse(429, '', 'Slow down')).statusMessage).toBe(
			'Too Many Requests',
		)
	})

	test('a message equal to the status message is not repeated', () => {
		expect(describeError(new ErrorResponse(404, 'Not Found', 'Not Found')).message).toBeUndefined()
	})

	test('under /de: the status and the not-found message in German', () => {
		const error = new ErrorResponse(404, 'Not Found', 'Page not found: /de/x')
		expect(describeError(error, 'de-DE')).toEqual({
			statusCode: 404,
			statusMessage: 'Nicht gefunden',
			message: 'Seite nicht gefunden: /de/x',
		})
		expect(describeError(new Error('boom'), 'de-DE').statusMessage).toBe('Interner Serverfehler')
	})

	test('an unexpected error is a 500', () => {
		expect(describeError(new Error('boom'))).toMatchObject({
			statusCode: 500,
			statusMessage: 'Internal Server Error',
		})
	})
})

const Stub = createRemixStub([
	{ id: 'page', path: '/x', Component: () => null, ErrorBoundary: SiteErrorBoundary },
	{ id: 'german', path: '/de/x', Component: () => null, ErrorBoundary: SiteErrorBoundary },
])

function renderErrorPage(isBot: boolean) {
	return renderToString(
		<RequestContextProvider
			value={{ nonce: '', isBot, documentHead: { chunkReloadScript: '', stylesheet: '' } }}
		>
			<Stub
				initialEntries={['/x']}
				hydrationData={{
					errors: { page: new ErrorResponse(404, 'Not Found', 'Page not found: /x') },
				}}
			/>
		</RequestContextProvider>,
	)
}

describe('the error boundary', () => {
	test('shows people the status, the message and a way home', () => {
		const html = renderErrorPage(false)
		expect(html).toContain('404')
		expect(html).toContain('Page not found: /x')
		expect(html).toContain('Back to home')
	})

	test('under /de, in German with a way to the German home', () => {
		const html = renderToString(
			<RequestContextProvider
				value={{ nonce: '', isBot: false, documentHead: { chunkReloadScript: '', stylesheet: '' } }}
			>
				<LocaleContext.Provider value="de-DE">
					<Stub
						initialEntries={['/de/x']}
						hydrationData={{
							errors: { german: new ErrorResponse(404, 'Not Found', 'Page not found: /de/x') },
						}}
					/>
				</LocaleContext.Provider>
			</RequestContextProvider>,
		)
		expect(html).toContain('Seite nicht gefunden: /de/x')
		expect(html).toContain('Zurück zur Startseite')
		expect(html).toContain('action="/de"')
		expect(html).toContain('Kurs')
		expect(html).not.toContain('Back to home')
	})

	test('renders nothing for bots and crawlers', () => {
		const html = renderErrorPage(true)
		expect(html).not.toContain('Back to home')
		expect(html).not.toContain('Page not found')
	})
})
