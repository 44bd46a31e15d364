import { createContext, useContext } from 'react'

/**
 * Per-request facts for rendering: the CSP nonce for inline scripts (empty in the browser,
 * which hides nonces from the DOM), whether the visitor is a bot or crawler, and what the
 * document head carries inline. The server (entry.server.tsx) passes the head's script and
 * stylesheet; the browser (entry.client.tsx) passes the stylesheet text the server wrote, so a
 * render from scratch (React's answer to a hydration error) keeps the styles. `serverHtml`
 * gives a server-rendered section's HTML by its digest where the page's data carries only the
 * digest (components/server-html.tsx): on the server, what the loaders rendered for this document;
 * in the browser, what the document showed.
 */
export type RequestContext = {
	nonce: string
	isBot: boolean
	documentHead: { chunkReloadScript: string; stylesheet: string }
	serverHtml?: (digest: string) => string | undefined
}

/** The id of the document's inline `<style>`. */
export const STYLESHEET_ELEMENT_ID = 'site-styles'

const Context = createContext<RequestContext>({
	nonce: '',
	isBot: false,
	documentHead: { chunkReloadScript: '', stylesheet: '' },
})

export const RequestContextProvider = Context.Provider

export function useRequestContext(): RequestContext {
	return useContext(Context)
}
