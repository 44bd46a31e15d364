import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContentPage } from '~/components/content/content-page'
import { LeadLayout } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { blogFeedLink, blogWords } from '~/content/copy'
import { categoryName } from '~/content/schema'
import { localePath } from '~/utils/i18n'
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
	const locale = useLocale()
	return (
		<LeadLayout>
			<ContentPage
				{...post}
				back={{ to: localePath('/blog', locale), label: blogWords[locale].allPosts }}
				eyebrow={categoryName(post.category!)}
			/>
		</LeadLayout>
	)
}
