/**
 * The machine-readable views of the site: the blog's RSS 2.0 feed, the sitemap and robots.txt.
 * Pure functions of the content and the origin, so they are tested without a server.
 */
import { site } from '~/site'
import { languageVersions } from '~/utils/i18n'
import { canonicalUrl } from '~/utils/meta'
import { BLOG_FEED_PATH, contentCopy } from './copy'
import type { ContentMeta } from './schema'

function escapeXml(value: string): string {
	return value
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;')
}

/** RFC 822 dates, as RSS 2.0 asks; content dates are days, published at midnight UTC. */
function rfc822(day: string): string {
	return new Date(`${day}T00:00:00Z`).toUTCString()
}

export function blogFeed(origin: string, posts: readonly ContentMeta[]): string {
	const newest = posts[0]
	const items = posts.map((post) => {
		const url = canonicalUrl(origin, post.path)
		const tags = [post.category, ...post.tags].filter((tag): tag is string => Boolean(tag))
		return [
			'\t\t<item>',
			`\t\t\t<title>${escapeXml(post.title)}</title>`,
			`\t\t\t<link>${escapeXml(url)}</link>`,
			`\t\t\t<guid isPermaLink="true">${escapeXml(url)}</guid>`,
			`\t\t\t<description>${escapeXml(post.description)}</description>`,
			`\t\t\t<pubDate>${rfc822(post.date)}</pubDate>`,
			`\t\t\t<dc:creator>${escapeXml(post.author)}</dc:creator>`,
			...[...new Set(tags)].map((tag) => `\t\t\t<category>${escapeXml(tag)}</category>`),
			'\t\t</item>',
		].join('\n')
	})
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
		'\t<channel>',
		`\t\t<title>${escapeXml(`${site.title} blog`)}</title>`,
		`\t\t<link>${escapeXml(canonicalUrl(origin, '/blog'))}</link>`,
		`\t\t<description>${escapeXml(contentCopy.blog.description)}</description>`,
		'\t\t<language>en</language>',
		`\t\t<atom:link href="${escapeXml(canonicalUrl(origin, BLOG_FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
		...(newest
			? [`\t\t<lastBuildDate>${rfc822(newest.updated ?? newest.date)}</lastBuildDate>`]
			: []),
		...items,
		'\t</channel>',
		'</rss>',
		'',
	].join('\n')
}

export type SitemapEntry = { path: string; lastmod: string }

/** Pages worth finding that are not content items; thank-you and checkout pages are not. */
const sitemapPages = ['/', '/workshop', '/ai-driven-development-day', '/blog', '/cheatsheets']

/**
 * Every page and content item with its last-modified day: an item's `updated` or `date`, a
 * list's newest item, and the build day for the other pages.
 */
export function sitemapEntries(items: readonly ContentMeta[], builtAt: string): SitemapEntry[] {
	const day = (meta: ContentMeta) => meta.updated ?? meta.date
	const newest = (kind: ContentMeta['kind']) =>
		items
			.filter((item) => item.kind === kind)
			.map(day)
			.sort()
			.at(-1)
	const buildDay = builtAt.slice(0, 10)
	const lists: Record<string, string | undefined> = {
		'/blog': newest('blog'),
		'/cheatsheets': newest('cheatsheets'),
	}
	return [
		...sitemapPages.map((path) => ({ path, lastmod: lists[path] ?? buildDay })),
		...items.map((item) => ({ path: item.path, lastmod: day(item) })),
	]
}

/**
 * The sitemap: every entry, and each translated page's German twin as an entry of its own; the
 * versions of a translated page each list all of them (and `x-default`) as `xhtml:link`
 * alternates, as Google's sitemap documentation asks (decision 178). The same versions as the
 * pages' own `hreflang` links (`languageVersions`).
 */
export function sitemap(origin: string, entries: readonly SitemapEntry[]): string {
	const url = (path: string) => escapeXml(canonicalUrl(origin, path))
	const urls = entries.flatMap((entry) => {
		const versions = languageVersions(entry.path)
		const alternates = versions
			.map(
				(version) =>
					`<xhtml:link rel="alternate" hreflang="${version.hreflang}" href="${url(version.path)}"/>`,
			)
			.join('')
		const pages = versions.length
			? versions
					.filter((version) => version.hreflang !== 'x-default')
					.map((version) => version.path)
			: [entry.path]
		return pages.map(
			(path) =>
				`\t<url><loc>${url(path)}</loc><lastmod>${entry.lastmod}</lastmod>${alternates}</url>`,
		)
	})
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
		...urls,
		'</urlset>',
		'',
	].join('\n')
}

/** Crawlers may read everything but the payment and sign-in plumbing. */
export function robotsTxt(origin: string): string {
	return [
		'User-agent: *',
		'Allow: /',
		'Disallow: /checkout/',
		'Disallow: /login/',
		'Disallow: /pass/',
		'',
		`Sitemap: ${origin}/sitemap.xml`,
		'',
	].join('\n')
}
