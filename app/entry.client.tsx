import { RemixBrowser } from '@remix-run/react'
import { isbot } from 'isbot'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { RequestContextProvider } from '~/utils/request-context'

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<RequestContextProvider value={{ nonce: '', isBot: isbot(navigator.userAgent) }}>
				<RemixBrowser />
			</RequestContextProvider>
		</StrictMode>,
	)
})
