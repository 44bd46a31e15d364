import { useLocation } from '@remix-run/react'
import { createContext, useContext } from 'react'
import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { localeOfPath } from '~/utils/i18n'

/**
 * The page's language, given by the document (root.tsx) to every component under it: the URL's
 * (/de/... is German, docs/decisions/173). Outside a page (a test, an e-mail preview): English.
 */
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE)

/** The language of the page's URL, for the document that provides it. */
export function usePageLocale(): Locale {
	return localeOfPath(useLocation().pathname)
}

/** The page's language. */
export function useLocale(): Locale {
	return useContext(LocaleContext)
}
