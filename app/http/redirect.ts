/**
 * The one rule for where the site may send a visitor (docs/decisions/069): a redirect target
 * that came from a request (a form's `redirectTo`, a `returnTo`, the URL itself) is resolved the
 * way a browser resolves a Location header, after the WHATWG URL rules (tabs and newlines
 * dropped, leading spaces trimmed, `\` read as `/`, schemes and `//host` honoured), and kept
 * only when it lands on this site. What is kept is the resolved path, query and hash, so the
 * Location we answer is exactly where the browser goes.
 */
import { redirect } from '@remix-run/node'

// Any origin of ours would do: only "same origin or not" matters, and the result is a path.
const SITE = 'https://site.invalid'

/** `value` as a path on this site (path + query + hash), or `fallback` when it would leave it. */
export function sameSitePath(value: unknown, fallback = '/'): string {
	if (typeof value !== 'string' || value === '' || value.length > 2048) return fallback
	let target: URL
	try {
		target = new URL(value, `${SITE}/`)
	} catch {
		return fallback
	}
	if (target.origin !== SITE) return fallback
	const path = `${target.pathname}${target.search}${target.hash}`
	// `/.//evil.example` resolves to the path `//evil.example`: a Location that a browser reads
	// as another host. Only a path that stays on this site when read again is kept.
	if (path.startsWith('//') || new URL(path, `${SITE}/`).origin !== SITE) return fallback
	return path
}

/** `redirect()` to `value` when it stays on this site, else to `fallback`. */
export function redirectWithinSite(value: unknown, fallback: string, init?: number | ResponseInit) {
	return redirect(sameSitePath(value, fallback), init)
}
