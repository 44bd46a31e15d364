import { XMLParser, XMLValidator } from 'fast-xml-parser'
import Parser from 'rss-parser'
import { describe, expect, test } from 'vitest'
import { blogFeed, robotsTxt, sitemap, sitemapEntries } from './feeds.server'
import type { ContentMeta } from './schema'

const origin = 'https://aidrivendev.example'

function meta(overrides: Partial<ContentMeta>): ContentMeta {
	return {
		kind: 'blog',
		slug: 'a-post',
		category: 'workflow',
		path: '/blog/workflow/a-post',
		title: 'A post',
		description: 'About things',
		date: '2025-03-04',
		author: 'Team',
		tags: [],
		draft: false,
		image: { path: '/social.png', width: 1200, height: 630, alt: 'x' },
		readingMinutes: 3,
		...overrides,
	}
}

describe('the blog feed', () => {
	const posts = [
		meta({
			slug: 'newer',
			path: '/blog/workflow/newer',
			title: 'Specs & <prompts>',
			date: '2025-05-01',
			tags: ['specs'],
		}),
		meta({ slug: 'older', path: '/blog/tooling/older', category: 'tooling', date: '2025-01-02' }),
	]

	test('is RSS 2.0 that a feed reader parses, with every post', async () => {
		const xml = blogFeed(origin, posts)
		expect(XMLValidator.validate(xml)).toBe(true)
		const feed = await new Parser().parseString(xml)
		expect(feed.title).toBe('AI-Driven Development blog')
		expect(feed.link).toBe(`${origin}/blog`)
		expect(feed.items.map((item) => item.title)).toEqual(['Specs & <prompts>', 'A post'])
		expect(feed.items[0]).toMatchObject({
			link: `${origin}/blog/workflow/newer`,
			guid: `${origin}/blog/workflow/newer`,
			contentSnippet: 'About things',
			creator: 'Team',
			categories: ['workflow', 'specs'],
		})
		expect(new Date(feed.items[0]!.pubDate!).toISOString()).toBe('2025-05-01T00:00:00.000Z')
	})

	test('points at itself and says when it last changed', () => {
		const xml = blogFeed(origin, posts)
		const rss = new XMLParser({ ignoreAttributes: false }).parse(xml).rss
		expect(rss['@_version']).toBe('2.0')
		expect(rss.channel['atom:link']['@_href']).toBe(`${origin}/blog/rss.xml`)
		expect(rss.channel.lastBuildDate).toBe('Thu, 01 May 2025 00:00:00 GMT')
	})
})

describe('the sitemap', () => {
	test('lists every page and item with its last-modified day, as valid XML', () => {
		const items = [
			meta({ date: '2025-03-04', updated: '2025-04-01' }),
			meta({
				kind: 'cheatsheets',
				slug: 's',
				category: undefined,
				path: '/cheatsheets/s',
				date: '2025-02-02',
			}),
			meta({
				kind: 'legal',
				slug: 'terms',
				category: undefined,
				path: '/legal/terms',
				date: '2025-01-01',
			}),
		]
		const xml = sitemap(origin, sitemapEntries(items, '2025-06-30T12:00:00.000Z'))
		expect(XMLValidator.validate(xml)).toBe(true)
		const urls = new XMLParser().parse(xml).urlset.url as { loc: string; lastmod: string }[]
		const lastmod = Object.fromEntries(urls.map((url) => [url.loc, url.lastmod]))
		expect(lastmod).toEqual({
			[origin]: '2025-06-30',
			[`${origin}/workshop`]: '2025-06-30',
			[`${origin}/ai-driven-development-day`]: '2025-06-30',
			[`${origin}/blog`]: '2025-04-01',
			[`${origin}/cheatsheets`]: '2025-02-02',
			[`${origin}/blog/workflow/a-post`]: '2025-04-01',
			[`${origin}/cheatsheets/s`]: '2025-02-02',
			[`${origin}/legal/terms`]: '2025-01-01',
			// Each page's German twin, with the same day (decision 178).
			[`${origin}/de`]: '2025-06-30',
			[`${origin}/de/workshop`]: '2025-06-30',
			[`${origin}/de/ai-driven-development-day`]: '2025-06-30',
			[`${origin}/de/blog`]: '2025-04-01',
			[`${origin}/de/cheatsheets`]: '2025-02-02',
			[`${origin}/de/blog/workflow/a-post`]: '2025-04-01',
			[`${origin}/de/cheatsheets/s`]: '2025-02-02',
			[`${origin}/de/legal/terms`]: '2025-01-01',
		})
	})

	test('each version of a translated page lists every version as an hreflang alternate, English as x-default', () => {
		const xml = sitemap(
			origin,
			sitemapEntries([meta({ date: '2025-03-04' })], '2025-06-30T12:00:00.000Z'),
		)
		expect(XMLValidator.validate(xml)).toBe(true)
		const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml)
		expect(parsed.urlset['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml')
		const urls = parsed.urlset.url as {
			loc: string
			'xhtml:link': { rel: string; hreflang: string; href: string }[]
		}[]
		const post = `${origin}/blog/workflow/a-post`
		const germanPost = `${origin}/de/blog/workflow/a-post`
		const alternates = {
			en: post,
			de: germanPost,
			'x-default': post,
		}
		for (const loc of [post, germanPost]) {
			const url = urls.find((candidate) => candidate.loc === loc)!
			expect(url.loc).toBe(loc)
			expect(url['xhtml:link'].every((link) => link.rel === 'alternate')).toBe(true)
			expect(
				Object.fromEntries(url['xhtml:link'].map((link) => [link.hreflang, link.href])),
			).toEqual(alternates)
		}
		// The home page's German twin is /de, and / is the bare origin.
		const home = urls.find((url) => url.loc === `${origin}/de`)!
		expect(home['xhtml:link'].find((link) => link.hreflang === 'en')!.href).toBe(origin)
	})
})

test('robots.txt allows crawling and points at the sitemap', () => {
	const text = robotsTxt(origin)
	expect(text).toContain('User-agent: *\nAllow: /')
	expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`)
})
