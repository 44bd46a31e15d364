/**
 * Shared caches never keep one visitor's data (docs/decisions/068). Two rules, in this one
 * module, for every page:
 * 1. A loader whose answer carries per-visitor data says `Cache-Control: private, no-store`.
 *    The root loader does it for what it puts into every page: the profile from the session
 *    (its e-mail address, SPEC §7), a flash toast, preview mode (`rootCacheControl`); route
 *    loaders do it for their own (the thank-you and pass pages, the checkout status).
 * 2. A document is as private as the most private of its loaders (`documentCacheControl`, called
 *    by entry.server.tsx): a route's `headers` export can never make a page public again.
 * Anonymous pages keep the caching their route asks for (content pages: public, a few minutes).
 * Data requests (`?_data=`) answer with their own loader's header, so rule 1 covers them.
 */
const PRIVATE_CACHE_CONTROL = 'private, no-store'

/** The root loader's Cache-Control: private when the page carries this visitor's own data. */
export function rootCacheControl(carried: {
	profile: unknown
	toast: boolean
	preview: unknown
}): Record<string, string> {
	const personal = carried.profile !== null || carried.toast || carried.preview !== null
	return personal ? { 'Cache-Control': PRIVATE_CACHE_CONTROL } : {}
}

const isPrivate = (value: string | null) => value !== null && /\b(private|no-store)\b/i.test(value)

/** Makes the document private when any of its loaders answered private or no-store. */
export function documentCacheControl(
	documentHeaders: Headers,
	loaderHeaders: Record<string, Headers> | undefined,
): void {
	const loaders = Object.values(loaderHeaders ?? {})
	if (loaders.some((headers) => isPrivate(headers.get('Cache-Control'))))
		documentHeaders.set('Cache-Control', PRIVATE_CACHE_CONTROL)
}
