import {
	data,
	type LinksFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Icon } from '~/components/icons'
import { LeadLayout, PageHeading } from '~/components/layouts'
import { useLocale } from '~/components/use-locale'
import { listContent } from '~/content/content.server'
import { BLOG_FEED_PATH, blogFeedLink, blogWords } from '~/content/copy'
import { categoryName, slugPattern } from '~/content/schema'
import { formatDay } from '~/domain/dates'
import { contentHeaders } from '~/http/cache-control.server'
import { isPreview } from '~/http/preview.server'
import { LOCALE_TAGS, localeOfPath, localePath } from '~/utils/i18n'
import { pageMeta } from '~/utils/meta'
import { requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const links: LinksFunction = () => [blogFeedLink]

/** All posts, newest first; `?category=x` narrows the list to one category (a plain link). */
export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const preview = await isPreview(request)
	// Under /de each post by its German title when it has a translation (decision 175).
	const posts = listContent('blog', { preview, locale: localeOfPath(url.pathname) })
	const categories = [...new Set(posts.map((post) => post.category!))].sort()
	const asked = url.searchParams.get('category')
	// An unknown category is a page that does not exist, not an empty list.
	const category =
		asked === null
			? null
			: requireFound(
					slugPattern.test(asked) && categories.includes(asked) ? asked : null,
					`${url.pathname}?category=${asked}`,
				)
	return data(
		{
			posts: category ? posts.filter((post) => post.category === category) : posts,
			categories: categories.map((slug) => ({ slug, name: categoryName(slug) })),
			category,
		},
		{ headers: contentHeaders(preview) },
	)
}

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders

export const meta: MetaFunction<typeof loader> = (args) => {
	const words = blogWords[localeOfPath(args.location.pathname)]
	return pageMeta(args, {
		title: args.data?.category
			? `${categoryName(args.data.category)} | ${words.title}`
			: words.title,
		description: words.description,
	})
}

export default function BlogIndex() {
	const { posts, categories, category } = useLoaderData<typeof loader>()
	const locale = useLocale()
	const words = blogWords[locale]
	const blog = localePath('/blog', locale)
	const filterClass =
		'rounded-full border px-3 py-1 text-sm font-medium border-slate-300 text-slate-700 hover:border-indigo-500 dark:border-slate-700 dark:text-slate-200 aria-[current=page]:border-indigo-600 aria-[current=page]:bg-indigo-600 aria-[current=page]:text-white'
	return (
		<LeadLayout>
			<PageHeading title={words.title} lead={words.description} />
			<div className="flex flex-wrap items-center justify-between gap-4">
				<nav aria-label={words.categories}>
					<ul className="flex flex-wrap gap-2">
						<li>
							<Link to={blog} className={filterClass} aria-current={category ? undefined : 'page'}>
								{words.allPosts}
							</Link>
						</li>
						{categories.map((item) => (
							<li key={item.slug}>
								<Link
									to={`${blog}?category=${item.slug}`}
									className={filterClass}
									aria-current={item.slug === category ? 'page' : undefined}
								>
									{item.name}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				<a
					href={BLOG_FEED_PATH}
					className="inline-flex items-center gap-1 text-sm text-slate-700 hover:underline dark:text-slate-300"
				>
					<Icon name="rss" className="h-4 w-4" />
					{words.feed}
				</a>
			</div>
			<ol className="mt-8 divide-y divide-slate-200 pb-16 dark:divide-slate-800">
				{posts.map((post) => (
					<li key={post.path} className="py-6">
						{/* A post not translated yet is listed in English, and marked so. */}
						<article lang={post.locale === locale ? undefined : LOCALE_TAGS[post.locale].lang}>
							<p className="text-sm text-slate-600 dark:text-slate-400">
								<Link
									to={`${blog}?category=${post.category}`}
									className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
								>
									{categoryName(post.category!)}
								</Link>
								{' · '}
								<time dateTime={post.date}>{formatDay(post.date, locale)}</time>
								{' · '}
								{words.minutes(post.readingMinutes)}
								{post.draft ? ` · ${words.draft}` : null}
							</p>
							<h2 className="mt-1 text-xl font-semibold">
								<Link to={localePath(post.path, locale)} className="hover:underline">
									{post.title}
								</Link>
							</h2>
							<p className="mt-2 text-slate-700 dark:text-slate-300">{post.description}</p>
						</article>
					</li>
				))}
			</ol>
		</LeadLayout>
	)
}
