import { RemixBrowser } from '@remix-run/react'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { RequestContextProvider } from '~/utils/request-context'

/** SPEC §8's console-only warning: the server's page stays usable (it works without JavaScript). */
const warnMountError = (error: unknown) => console.warn('Error while mounting the app:', error)

startTransition(() => {
	try {
		hydrateRoot(
			document,
			<StrictMode>
				{/* The server marks documents rendered for bots; reading the mark keeps isbot out of the bundle. */}
				<RequestContextProvider
					value={{ nonce: '', isBot: document.documentElement.hasAttribute('data-bot') }}
				>
					<RemixBrowser />
				</RequestContextProvider>
			</StrictMode>,
			// A mismatch React recovers from by rendering on the client.
			{ onRecoverableError: warnMountError },
		)
	} catch (error) {
		warnMountError(error)
	}
})
