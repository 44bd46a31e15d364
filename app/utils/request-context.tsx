import { createContext, useContext } from 'react'

/**
 * Per-request facts for rendering: the CSP nonce for inline scripts (empty in the browser,
 * which hides nonces from the DOM) and whether the visitor is a bot or crawler.
 */
export type RequestContext = { nonce: string; isBot: boolean }

const Context = createContext<RequestContext>({ nonce: '', isBot: false })

export const RequestContextProvider = Context.Provider

export function useRequestContext(): RequestContext {
	return useContext(Context)
}
