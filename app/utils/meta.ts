import type { MetaArgs, MetaDescriptor } from '@remix-run/node'
import type { Locale } from '~/domain/locale'
import { breadcrumbData, type JsonLd, ldJsonMeta, postingData } from '~/domain/structured-data'
import { site, siteOrganisation } from '~/site'
import { languageVersions, localeOfPath, localePath, t, unprefixedPath } from './i18n'

/** The canonical URL (SPEC §2): the bare origin for the home page, origin plus path elsewhere. */
export function canonicalUrl(origin: string, pathname: string): string {
	const path = pathname.replace(/\/+$/, '')
	return path === '' ? origin : `${origin}${path}`
}

/**
 * A translated page's versions for search engines (docs/decisions/173): one `hreflang`
 * alternate per language, and the English one again as `x-default`, for a reader of neither.
 */
function languageAlternates(origin: string, pathname: string): MetaDescriptor[] {
	return languageVersions(unprefixedPath(pathname)).map((version) => ({
		tagName: 'link',
		rel: 'alternate',
		hrefLang: version.hreflang,
		href: canonicalUrl(origin, version.path),
	}))
}

function pageTitle(title?: string): string {
	return title ? `${title} | ${site.title}` : site.title
}

type PageMeta = {
	title?: string
	description?: string
	type?: 'website' | 'article'
	/** The page's own social image (a path under public/); the site image otherwise. */
	image?: { path: string; width: number; height: number; alt: string }
	/** A page of one visitor's own (an order, a pass): kept out of search results. */
	noindex?: boolean
	/** Open Graph article facts, for blog posts and other dated content. */
	article?: { publishedTime: string; modifiedTime?: string; author: string; tags?: string[] }
	/** What search engines read of the page, built from what it shows (docs/decisions/169). */
	structuredData?: readonly JsonLd[]
}

/** The site's origin, as the root loader says it (from configuration, never the request). */
function originOf(matches: MetaArgs['matches']): string {
	const rootData = matches.find((match) => match.id === 'root')?.data as
		| { origin?: string }
		| undefined
	return rootData?.origin ?? ''
}

/**
 * The whole head for a page. Remix replaces (does not merge) a parent's meta, so every route
 * builds its head here from the root's origin plus its own title and description.
 */
export function pageMeta(
	{ matches, location }: Pick<MetaArgs, 'matches' | 'location'>,
	page: PageMeta = {},
): MetaDescriptor[] {
	const origin = originOf(matches)
	const title = pageTitle(page.title)
	// The site's own description speaks the page's language (decision 175).
	const description = page.description ?? t('siteDescription', localeOfPath(location.pathname))
	// Routes match in any case; a search engine should know one URL per page. A visitor's own
	// page (noindex) keeps its path: its identifier may be case-sensitive.
	const url = canonicalUrl(
		origin,
		page.noindex ? location.pathname : location.pathname.toLowerCase(),
	)
	const socialImage = page.image ?? site.socialImage
	const image = `${origin}${socialImage.path}`
	const article = page.article
	return [
		{ title },
		{ name: 'description', content: description },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: description },
		{ property: 'og:type', content: page.type ?? 'website' },
		{ property: 'og:url', content: url },
		{ property: 'og:image', content: image },
		{ property: 'og:image:width', content: String(socialImage.width) },
		{ property: 'og:image:height', content: String(socialImage.height) },
		{ property: 'og:image:alt', content: socialImage.alt },
		{ property: 'og:site_name', content: site.title },
		{ name: 'twitter:card', content: 'summary_large_image' },
		{ name: 'twitter:title', content: title },
		{ name: 'twitter:description', content: description },
		{ name: 'twitter:image', content: image },
		{ name: 'twitter:image:alt', content: socialImage.alt },
		{ tagName: 'link', rel: 'canonical', href: url },
		...(page.noindex
			? [{ name: 'robots', content: 'noindex' }]
			: languageAlternates(origin, location.pathname.toLowerCase())),
		...(article
			? [
					{ property: 'article:published_time', content: article.publishedTime },
					...(article.modifiedTime
						? [{ property: 'article:modified_time', content: article.modifiedTime }]
						: []),
					{ property: 'article:author', content: article.author },
					...(article.tags ?? []).map((tag) => ({ property: 'article:tag', content: tag })),
				]
			: []),
		...ldJsonMeta(page.structuredData),
	]
}

/** What an article's tags say of a dated page (a content item's meta has these fields). */
type DatedPage = {
	title: string
	description: string
	image: NonNullable<PageMeta['image']>
	date: string
	updated?: string
	author: string
	tags: string[]
}

/** The first step of a page's breadcrumb trail. */
const HOME: Record<Locale, string> = { 'en-US': 'Home', 'de-DE': 'Startseite' }

/**
 * The meta tags of a dated content page (a post, a cheatsheet, a lesson): an Open Graph article,
 * and for search engines the trail to it from its section and, for a blog post, the posting.
 */
export function articleMeta(
	args: Pick<MetaArgs, 'matches' | 'location'>,
	page: DatedPage | undefined,
	/** Where the page sits (null: right under the home page), and whether it is a blog post. */
	section: { name: string; path: string; posting?: boolean } | null,
) {
	const origin = originOf(args.matches)
	const url = canonicalUrl(origin, args.location.pathname.toLowerCase())
	const locale = localeOfPath(args.location.pathname)
	return pageMeta(args, {
		structuredData: page && [
			...(section?.posting
				? [
						postingData({
							headline: page.title,
							description: page.description,
							url,
							image: `${origin}${page.image.path}`,
							published: page.date,
							modified: page.updated,
							author: page.author,
							publisher: siteOrganisation(origin),
						}),
					]
				: []),
			// The trail in the page's language: its section's German page under /de (decision 178).
			breadcrumbData(origin, [
				{ name: HOME[locale], path: localePath('/', locale) },
				...(section ? [{ name: section.name, path: localePath(section.path, locale) }] : []),
				{ name: page.title, path: args.location.pathname.toLowerCase() },
			]),
		],
		title: page?.title,
		description: page?.description,
		type: 'article',
		image: page?.image,
		article: page && {
			publishedTime: page.date,
			modifiedTime: page.updated,
			author: page.author,
			tags: page.tags,
		},
	})
}
