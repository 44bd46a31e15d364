import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContentPage } from '~/components/content/content-page'
import { LeadLayout } from '~/components/layouts'
import { blogFeedLink } from '~/content/copy'
import { categoryName } from '~/content/schema'
import { articleMeta } from '~/utils/meta'
import { contentPageHeaders, loadContentPage } from './content-page.shared.server'

export { shouldRevalidate } from '~/utils/revalidate'

export const links: LinksFunction = () => [blogFeedLink]

export const loader = loadContentPage
export const headers = contentPageHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
	articleMeta(args, args.data?.page, { name: 'Blog', path: '/blog', posting: true })

export default function BlogPost() {
	const { page: post } = useLoaderData<typeof loader>()
	return (
		<LeadLayout>
			<ContentPage
				{...post}
				back={{ to: '/blog', label: 'All posts' }}
				eyebrow={categoryName(post.category!)}
			/>
		</LeadLayout>
	)
}
