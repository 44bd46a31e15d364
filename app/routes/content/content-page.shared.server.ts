/**
 * The loader of every page compiled from content/ (posts, cheatsheets, legal pages;
 * docs/decisions/020): the item at the request's path, or a 404 for an unknown path and for a
 * draft outside preview mode.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { findContent } from '~/content/content.server'
import { contentHeaders } from '~/http/cache-control.server'
import { isPreview } from '~/http/preview.server'
import { unprefixedPath } from '~/utils/i18n'
import { requireFound } from '~/utils/responses'

export async function loadContentPage({ request }: LoaderFunctionArgs) {
	const { pathname } = new URL(request.url)
	const preview = await isPreview(request)
	// Under /de the same item (decision 173): no translation exists yet, the page says so.
	const page = requireFound(findContent(unprefixedPath(pathname), { preview }), pathname)
	return data({ page }, { headers: contentHeaders(preview) })
}

/** The loader's cache headers are the page's. */
export const contentPageHeaders = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders
