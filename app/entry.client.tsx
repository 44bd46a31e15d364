import { RemixBrowser } from '@remix-run/react'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { RequestContextProvider } from '~/utils/request-context'

startTransition(() => {
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
	)
})
