import { useEffect, useState } from 'react'
import { Analytics } from '~/components/analytics'
import { PreviewBar, Toaster } from '~/components/islands'
import { useRootData } from '~/components/use-root-data'
import { BUILD_CHECK_INTERVAL_MS } from '~/utils/build-check-interval'
import { LOCALE_COOKIE, localeCookie, localeLoadFailure } from '~/utils/i18n'

/**
 * What every page carries besides its content: the preview bar, the toasts, the hourly build
 * check, and the locale cookie (written by the browser, so cached pages never set cookies): on a
 * first visit, the language of the page read; one naming a locale the site does not ship is
 * replaced by it, with SPEC §8's console warning.
 */
export function DocumentExtras() {
	const data = useRootData()
	// The build this page's code came with: the root's data as first rendered. A later revalidation
	// may bring a newer build's version, which this code is not.
	const [renderedBy] = useState(data?.buildVersion)
	// The first check is an hour away: its code loads then, not with the page.
	useEffect(() => {
		if (!renderedBy) return
		let stop: (() => void) | undefined
		let active = true
		const due = window.setTimeout(() => {
			import('~/utils/build-update').then((module) => {
				if (active) stop = module.startBuildUpdateCheck(renderedBy)
			})
		}, BUILD_CHECK_INTERVAL_MS)
		return () => {
			active = false
			window.clearTimeout(due)
			stop?.()
		}
	}, [renderedBy])
	const locale = data?.locale
	useEffect(() => {
		if (!locale) return
		const stored = document.cookie
			.split('; ')
			.find((c) => c.startsWith(`${LOCALE_COOKIE.name}=`))
			?.slice(LOCALE_COOKIE.name.length + 1)
		const failure = localeLoadFailure(stored, locale)
		if (failure) console.warn('Failed locale loading:', failure)
		else if (stored) return
		// biome-ignore lint/suspicious/noDocumentCookie: one cookie, built by localeCookie()
		document.cookie = localeCookie(locale, window.location.protocol === 'https:')
	}, [locale])
	return (
		<>
			{data?.preview ? <PreviewBar staging={data.preview.staging} /> : null}
			<Toaster flash={data?.toast} />
			<Analytics />
		</>
	)
}
