/**
 * Reload when a code chunk fails to load (SPEC §4, §8), at most once per 10 seconds (SPEC §9):
 * a visitor caught by a deploy gets the new build, and a broken asset cannot loop the page.
 * Server-only: the browser gets this as a small inline script in the document head, which
 * runs before any chunk and costs the first load's JavaScript budget nothing.
 */
const RELOAD_GUARD_MS = 10_000
export const RELOAD_GUARD_KEY = 'chunk-reload-at'

type GuardWindow = {
	sessionStorage: Pick<Storage, 'getItem' | 'setItem'>
	location: { reload(): void }
	Date: { now(): number }
}

/**
 * Reloads the page unless it already did so in the last RELOAD_GUARD_MS; returns whether it did.
 * Self-contained (no imports, no closures): its source is also inlined into the document head,
 * where it must run before any chunk (see chunkReloadScript).
 */
export function reloadOnce(win: GuardWindow, guardMs: number, key: string): boolean {
	let last = 0
	try {
		last = Number(win.sessionStorage.getItem(key)) || 0
	} catch {
		// Storage blocked: reloading without a guard could loop, so do nothing.
		return false
	}
	const now = win.Date.now()
	if (now - last < guardMs) return false
	try {
		win.sessionStorage.setItem(key, String(now))
	} catch {
		return false
	}
	win.location.reload()
	return true
}

/** The message of a dynamic import that failed because its file could not be fetched or evaluated. */
export const CHUNK_LOAD_ERROR =
	/dynamically imported module|Importing a module script failed|error loading dynamically imported module/i

/**
 * The document-head script: catches scripts and module preloads under /assets/ (Vite's output) that fail to
 * load (the first load's chunks, before React runs) and dynamic imports whose failure nobody
 * handled (the particle background rethrows its own).
 */
export function chunkReloadScript(): string {
	const reload = `(${reloadOnce.toString()})(window,${RELOAD_GUARD_MS},${JSON.stringify(RELOAD_GUARD_KEY)})`
	return `addEventListener('error',function(e){var t=e.target,u=t&&(t.src||t.href)||'';if((t.tagName==='SCRIPT'||t.tagName==='LINK')&&u.indexOf('/assets/')>=0)${reload}},true);addEventListener('unhandledrejection',function(e){var m=String(e.reason&&e.reason.message||e.reason);if(${CHUNK_LOAD_ERROR}.test(m))${reload}})`
}
