import type { LoaderFunctionArgs } from '@remix-run/node'
import { getContentBundle, listContent } from '~/content/content.server'
import { sitemap, sitemapEntries } from '~/content/feeds.server'
import { contentKinds } from '~/content/schema'

/** Every page worth finding and every published content item, with last-modified days. */
export function loader({ context }: LoaderFunctionArgs) {
	const items = contentKinds.flatMap((kind) => listContent(kind, { preview: false }))
	const entries = sitemapEntries(items, getContentBundle().generatedAt)
	return new Response(sitemap(context.origin, entries), {
		headers: {
			'Content-Type': 'application/xml; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	})
}
