import {
	json,
	type LinksFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContentPage, contentLinks } from '~/components/content/content-page'
import { LeadLayout } from '~/components/layouts'
import { contentHeaders, findContent, isPreview } from '~/content/content.server'
import { blogFeedLink } from '~/content/copy'
import { categoryName } from '~/content/schema'
import { requireFound } from '~/utils/http'
import { pageMeta } from '~/utils/meta'

export const links: LinksFunction = () => [...contentLinks, blogFeedLink]

/** One post, compiled at build time; an unknown category or slug (or a draft) is a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { pathname } = new URL(request.url)
	const preview = isPreview(request)
	const post = requireFound(findContent(pathname, { preview }), pathname)
	return json({ post }, { headers: contentHeaders(preview) })
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders

export const meta: MetaFunction<typeof loader> = (args) => {
	const post = args.data?.post
	return pageMeta(args, {
		title: post?.title,
		description: post?.description,
		type: 'article',
		image: post?.image,
		article: post && {
			publishedTime: post.date,
			modifiedTime: post.updated,
			author: post.author,
			tags: post.tags,
		},
	})
}

export default function BlogPost() {
	const { post } = useLoaderData<typeof loader>()
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
