import { BUILD_CHECK_INTERVAL_MS } from '~/utils/build-check-interval'

/**
 * Whether the server runs a newer build than this page: /build-version (routes/site/build-version.ts)
 * answers the running build's version, compared with the one the page was rendered by.
 */
export async function isBuildOutdated(version: string, fetcher: typeof fetch = fetch) {
	try {
		const response = await fetcher('/build-version')
		if (!response.ok) return false
		const body: unknown = await response.json()
		const running =
			typeof body === 'object' && body !== null && 'version' in body ? body.version : undefined
		return typeof running === 'string' && running !== version
	} catch {
		// Offline or the server is restarting: ask again next hour.
		return false
	}
}

/** A plain left click on a link to another page of this site. */
function internalLinkClick(event: MouseEvent): boolean {
	if (event.defaultPrevented || event.button !== 0) return false
	if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false
	const anchor = (event.target as Element | null)?.closest?.('a')
	if (!anchor || anchor.target || anchor.hasAttribute('download')) return false
	return anchor.origin === window.location.origin
}

/**
 * Checks for a new build now and then every hour (loaded when the first check is due); once
 * there is one, the next link click loads a whole new document (the browser's own navigation)
 * instead of a client-side transition, so the visitor picks up the new code without losing what
 * they were doing. `version` is the build the page was rendered by (the root loader's data as
 * the page was first hydrated). Returns a function that stops it.
 */
export function startBuildUpdateCheck(version: string): () => void {
	let outdated = false
	const check = async () => {
		outdated ||= await isBuildOutdated(version)
	}
	void check()
	const timer = window.setInterval(check, BUILD_CHECK_INTERVAL_MS)
	// Capture on window runs before React's listener on the document: stopping the event
	// there leaves Remix's <Link> out and lets the browser navigate.
	const onClick = (event: MouseEvent) => {
		if (outdated && internalLinkClick(event)) event.stopPropagation()
	}
	window.addEventListener('click', onClick, true)
	return () => {
		window.clearInterval(timer)
		window.removeEventListener('click', onClick, true)
	}
}
