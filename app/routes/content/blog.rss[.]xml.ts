import type { LoaderFunctionArgs } from '@remix-run/node'
import { listContent } from '~/content/content.server'
import { blogFeed } from '~/content/feeds.server'

/** The blog as RSS 2.0, newest first. Drafts never appear, preview mode or not. */
export function loader({ context }: LoaderFunctionArgs) {
	return new Response(blogFeed(context.origin, listContent('blog', { preview: false })), {
		headers: {
			'Content-Type': 'application/rss+xml; charset=utf-8',
			'Cache-Control': 'public, max-age=300, stale-while-revalidate=86400',
		},
	})
}
