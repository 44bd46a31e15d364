/**
 * The loader of every page compiled from content/ (posts, cheatsheets, legal pages;
 * docs/decisions/020): the item at the request's path, or a 404 for an unknown path and for a
 * draft outside preview mode.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { findContent, inLocale } from '~/content/content.server'
import { contentHeaders } from '~/http/cache-control.server'
import { isPreview } from '~/http/preview.server'
import { localeOfPath, unprefixedPath } from '~/utils/i18n'
import { requireFound } from '~/utils/responses'

export async function loadContentPage({ request }: LoaderFunctionArgs) {
	const { pathname } = new URL(request.url)
	const preview = await isPreview(request)
	// Under /de the same item, in German when it has a translation (decision 175); else the
	// English text, and the page says so.
	const item = requireFound(findContent(unprefixedPath(pathname), { preview }), pathname)
	return data(
		{ page: inLocale(item, localeOfPath(pathname)) },
		{ headers: contentHeaders(preview) },
	)
}

/** The loader's cache headers are the page's. */
export const contentPageHeaders = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders
