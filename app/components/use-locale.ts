import { useLocation } from '@remix-run/react'
import type { Locale } from '~/domain/locale'
import { localeOfPath } from '~/utils/i18n'

/** The page's language: its URL's (/de/... is German, docs/decisions/173). */
export function useLocale(): Locale {
	return localeOfPath(useLocation().pathname)
}
