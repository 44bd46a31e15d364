import { BUILD_CHECK_INTERVAL_MS } from '~/utils/build-check-interval'

/**
 * Whether the server runs a newer build than this page. Remix's route-discovery endpoint
 * answers 204 with X-Remix-Reload-Document when the version we send is not its own.
 */
export async function isBuildOutdated(version: string, fetcher: typeof fetch = fetch) {
	try {
		// The endpoint wants at least one path; `build-check` only tells our requests apart in logs.
		const response = await fetcher(
			`/__manifest?p=%2F&version=${encodeURIComponent(version)}&build-check=1`,
		)
		return response.status === 204 && response.headers.has('X-Remix-Reload-Document')
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
 * they were doing. Returns a function that stops it.
 */
export function startBuildUpdateCheck(): () => void {
	let outdated = false
	const version = (window as { __remixManifest?: { version?: string } }).__remixManifest?.version
	if (!version) return () => {}
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
