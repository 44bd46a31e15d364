import { RemixBrowser } from '@remix-run/react'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { loadIslandsNow } from '~/components/deferred'
import { RequestContextProvider, STYLESHEET_ELEMENT_ID } from '~/components/request-context'
import { documentServerHtml } from '~/components/server-html'

/** SPEC §8's console-only warning: the server's page stays usable (it works without JavaScript). */
const warnMountError = (error: unknown) => console.warn('Error while mounting the app:', error)

startTransition(() => {
	try {
		hydrateRoot(
			document,
			<StrictMode>
				<RequestContextProvider
					value={{
						nonce: '',
						// The server marks documents rendered for bots; reading the mark keeps isbot out of the bundle.
						isBot: document.documentElement.hasAttribute('data-bot'),
						documentHead: {
							chunkReloadScript: '',
							stylesheet: document.getElementById(STYLESHEET_ELEMENT_ID)?.textContent ?? '',
						},
						serverHtml: documentServerHtml(document),
					}}
				>
					<RemixBrowser />
				</RequestContextProvider>
			</StrictMode>,
			// A mismatch React recovers from by rendering on the client, islands included.
			{
				onRecoverableError: (error) => {
					loadIslandsNow()
					warnMountError(error)
				},
			},
		)
	} catch (error) {
		warnMountError(error)
	}
})
